import { useState } from "hono/jsx/dom";
import { apiPage } from "../api";
import { RunLink } from "../components/run-link";
import { LoadState, StatusBadge } from "../components/status";
import { Table } from "../components/table";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import type { Delivery } from "../types";

/** A webhook's delivery log, newest first, refreshed every 5 s while shown. */
export function Deliveries({ webhookId }: { webhookId: string }) {
  const [page, setPage] = useState(1);
  const path = `/webhooks/${encodeURIComponent(webhookId)}/deliveries?page=${page}&pageSize=10`;
  const log = useLoad(() => apiPage<Delivery>(path), path, 5000);
  const meta = log.data?.meta;
  return (
    <div class="deliveries">
      <LoadState items={log.data?.data} loadError={log.error} empty="No deliveries yet." />
      <Table
        class="compact"
        caption="Deliveries, newest first"
        rows={log.data?.data ?? []}
        rowKey={(d) => d.id}
        columns={[
          { head: "Event", cell: (d) => d.event },
          { head: "Run", cell: (d) => <RunLink id={d.workflowRunId} /> },
          { head: "Status", cell: (d) => <StatusBadge status={d.status} /> },
          { head: "Attempts", num: true, cell: (d) => d.attempts },
          { head: "Last answer", cell: (d) => d.lastStatusCode ?? d.lastError ?? "—" },
          { head: "Created", cell: (d) => formatTime(d.createdAt) },
        ]}
      />
      {meta && meta.totalPages > 1 && (
        <div class="pager">
          <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ← Newer
          </button>
          <span class="muted">
            Page {page} of {meta.totalPages}
          </span>
          <button type="button" disabled={page >= meta.totalPages} onClick={() => setPage(page + 1)}>
            Older →
          </button>
        </div>
      )}
    </div>
  );
}
