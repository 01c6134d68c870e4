import { formatAgo, formatTime } from "../format";

/** "4 min ago", with the exact time in its title. */
export function Ago({ iso }: { iso: string }) {
  return (
    <time datetime={iso} title={formatTime(iso)}>
      {formatAgo(iso)}
    </time>
  );
}
