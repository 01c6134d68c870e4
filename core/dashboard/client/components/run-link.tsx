import { shortId } from "../format";

/** A link to a run's page, by its short id. */
export function RunLink({ id }: { id: string }) {
  return (
    <a class="mono" href={`#/runs/${encodeURIComponent(id)}`}>
      {shortId(id)}
    </a>
  );
}
