import { useState } from "hono/jsx/dom";
import { apiPage } from "../api";
import { Empty, ErrorNotice, Loading, StatusBadge } from "../components/status";
import { formatTime, shortId } from "../format";
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
      <ErrorNotice error={log.error} />
      {!log.data && !log.error && <Loading />}
      {log.data?.data.length === 0 && <Empty>No deliveries yet.</Empty>}
      {log.data && log.data.data.length > 0 && (
        <table class="table compact">
          <caption class="sr-only">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col" class="num">
                Attempts
              </th>
              <th scope="col">Last answer</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {log.data.data.map((d) => (
              <tr key={d.id}>
                <td data-label="Event">{d.event}</td>
                <td data-label="Run">
                  <a class="mono" href={`#/runs/${encodeURIComponent(d.workflowRunId)}`}>
                    {shortId(d.workflowRunId)}
                  </a>
                </td>
                <td data-label="Status">
                  <StatusBadge status={d.status} />
                </td>
                <td data-label="Attempts" class="num">
                  {d.attempts}
                </td>
                <td data-label="Last answer">{d.lastStatusCode ?? d.lastError ?? "—"}</td>
                <td data-label="Created">{formatTime(d.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
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
