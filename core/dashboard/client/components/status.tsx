/** A run or step status as a coloured label; the text itself carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}

export function ErrorNotice({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p class="notice notice-error" role="alert">
      {error}
    </p>
  );
}

export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p class="muted" aria-busy="true">
      {label}
    </p>
  );
}

export function Empty({ children }: { children: unknown }) {
  return <p class="empty">{children}</p>;
}
