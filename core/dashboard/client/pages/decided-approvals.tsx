import { apiPage } from "../api";
import { Ago } from "../components/ago";
import { RunLink } from "../components/run-link";
import { LoadState } from "../components/status";
import { Table } from "../components/table";
import { definitionLabel, useDefinitions } from "../definitions";
import { useLoad } from "../hooks";
import type { Approval } from "../types";

const PAGE_SIZE = 25;

/** How a request ended: its decision, or that its deadline passed undecided. */
function outcome(approval: Approval): string {
  if (approval.decision)
    return approval.expiredAt ? `${approval.decision} at the deadline` : approval.decision;
  return approval.expiredAt ? "expired" : "—";
}

/** The history of decided and expired requests, newest first: who decided what, when, and why. */
export function DecidedApprovals() {
  const path = `/approval-requests?pending=false&page=1&pageSize=${PAGE_SIZE}`;
  const decided = useLoad(() => apiPage<Approval>(path), path, 10_000);
  const rows = decided.data?.data ?? [];
  const definitions = useDefinitions(rows.flatMap((row) => (row.definitionId ? [row.definitionId] : [])));
  return (
    <section aria-label="Decided approvals">
      <LoadState
        items={decided.data?.data}
        loadError={decided.error}
        empty="No request has been decided yet."
      />
      <Table
        caption={`The ${PAGE_SIZE} latest decided requests`}
        testId="decided-approvals"
        rows={rows}
        columns={[
          { head: "Step", cell: (row) => row.stepName },
          {
            head: "Workflow",
            cell: (row) => (row.definitionId ? definitionLabel(definitions, row.definitionId) : "—"),
          },
          { head: "Run", cell: (row) => <RunLink id={row.workflowRunId} /> },
          { head: "Outcome", cell: (row) => outcome(row) },
          { head: "By", cell: (row) => row.decidedBy ?? "—" },
          { head: "When", cell: (row) => <Ago iso={row.decidedAt ?? row.expiredAt ?? row.createdAt} /> },
          { head: "Comment", cell: (row) => row.comment ?? "" },
        ]}
      />
    </section>
  );
}
