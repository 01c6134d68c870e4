import { type ListWorkspace, LONG_RUN_STEPS, SUPERSESSION_KEY } from "./list-history";

/**
 * One list request bench:lists bills: `path` without its page; `paged` when it answers a page with `meta`,
 * `lines` when it answers JSON Lines.
 */
export interface ListProbe {
  name: string;
  path: string;
  paged: boolean;
  lines?: boolean;
}

/** The runs the date window covers at every stage: the newest, about this many. */
export const WINDOW_RUNS = 50;
export const PAGE_SIZE = 20;

const STATUSES = [
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "SUPERSEDED",
  "WAITING",
  "PAUSED",
  "RUNNING",
  "PENDING",
] as const;

/** Every paginated list of the API, and the approvals' plain one, over the workspace's runs as they are now. */
export function listProbes(w: ListWorkspace): ListProbe[] {
  const runs = (name: string, query: string): ListProbe => ({
    name: `runs ${name}`,
    path: `/v1/workflow-runs${query ? `?${query}` : ""}`,
    paged: true,
  });
  const { done, fails } = w.definitions;
  const created = [...w.createdAt].sort();
  const from = created[Math.max(0, created.length - WINDOW_RUNS)] ?? "";
  const after = encodeURIComponent(from);
  const hourFromNow = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
  return [
    runs("(all)", ""),
    runs("?definitionId", `definitionId=${done}`),
    ...STATUSES.map((status) => runs(`?status=${status}`, `status=${status}`)),
    runs("?waitingFor=concurrency", "waitingFor=concurrency"),
    runs("?supersessionKey", `supersessionKey=${encodeURIComponent(SUPERSESSION_KEY)}`),
    runs(
      "?supersessionKey&status=WAITING",
      `supersessionKey=${encodeURIComponent(SUPERSESSION_KEY)}&status=WAITING`,
    ),
    runs(
      "?supersessionKey&status=SUPERSEDED",
      `supersessionKey=${encodeURIComponent(SUPERSESSION_KEY)}&status=SUPERSEDED`,
    ),
    runs("?status=COMPLETED&definitionId", `status=COMPLETED&definitionId=${done}`),
    runs("?status=FAILED&definitionId", `status=FAILED&definitionId=${fails}`),
    runs(
      `?status=COMPLETED&definitionId&createdAfter (newest ~${WINDOW_RUNS})`,
      `status=COMPLETED&definitionId=${done}&createdAfter=${after}`,
    ),
    runs(`?createdAfter (newest ~${WINDOW_RUNS})`, `createdAfter=${after}`),
    runs(`?status=COMPLETED&createdAfter (newest ~${WINDOW_RUNS})`, `status=COMPLETED&createdAfter=${after}`),
    {
      name: `events of a ${LONG_RUN_STEPS}-step run`,
      path: `/v1/workflow-runs/${w.longRunId}/events`,
      paged: true,
    },
    { name: "approvals ?pending=true (array)", path: "/v1/approval-requests?pending=true", paged: false },
    { name: "approvals ?pending=true", path: "/v1/approval-requests?pending=true", paged: true },
    { name: "approvals ?pending=false", path: "/v1/approval-requests?pending=false", paged: true },
    { name: "approvals (all)", path: "/v1/approval-requests", paged: true },
    {
      name: `approvals' audit export (newest ~${WINDOW_RUNS} runs' window)`,
      path: `/v1/approval-requests/export?from=${after}&to=${hourFromNow}`,
      paged: false,
      lines: true,
    },
    { name: "webhook deliveries", path: `/v1/webhooks/${w.webhookId}/deliveries`, paged: true },
  ];
}

/** The probe's path at `page` of PAGE_SIZE. */
export function pagePath(probe: ListProbe, page: number): string {
  if (!probe.paged) return probe.path;
  return `${probe.path}${probe.path.includes("?") ? "&" : "?"}page=${page}&pageSize=${PAGE_SIZE}`;
}

/**
 * The page furthest from the first that is full: the last page when `total` is a multiple of the page size,
 * the one before it otherwise, so the pages compared across stages each read PAGE_SIZE runs. Page 1 when
 * there is no full page.
 */
export function deepestFullPage(total: number): number {
  return Math.max(1, Math.floor(total / PAGE_SIZE));
}
