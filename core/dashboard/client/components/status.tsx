/** A run or step status as a coloured label; the text itself carries the meaning, not the colour. */
export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}

/** What a PENDING run waits for before it starts, as the API's `waitingFor` says (docs/triggers.md). */
export const WAITING_FOR_LABELS = {
  concurrency: "Waiting for a slot",
  throttle: "Throttled",
  debounce: "Debouncing",
  supersession: "Queued behind the running run",
} as const;

/**
 * A run's status, and beside a PENDING run's what holds it back: its concurrency slot, throttle, debounce, or
 * (`queue_latest`) the running run of its supersession key.
 */
export function RunStatusBadge({
  run,
}: {
  run: { status: string; waitingFor?: keyof typeof WAITING_FOR_LABELS };
}) {
  return (
    <>
      <StatusBadge status={run.status} />
      {run.waitingFor && (
        <>
          {" "}
          <span class="badge badge-held" data-testid="waiting-for">
            {WAITING_FOR_LABELS[run.waitingFor]}
          </span>
        </>
      )}
    </>
  );
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

/**
 * The state of a list being loaded, before the list itself: the error, "Loading…" until the first answer,
 * and `empty` when it has no items. `error` shows instead of the load error (an action's, say).
 */
export function LoadState(props: {
  items: readonly unknown[] | undefined;
  loadError: string | undefined;
  error?: string | undefined;
  empty: unknown;
}) {
  return (
    <>
      <ErrorNotice error={props.error ?? props.loadError} />
      {!props.items && !props.loadError && <Loading />}
      {props.items?.length === 0 && <Empty>{props.empty}</Empty>}
    </>
  );
}
