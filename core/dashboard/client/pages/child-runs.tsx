import { apiPage, query } from "../api";
import { RunLink } from "../components/run-link";
import { StatusBadge } from "../components/status";
import { Table } from "../components/table";
import { useLoad } from "../hooks";
import type { Run, RunEvent } from "../types";

interface ChildStarted {
  stepName: string;
  childRunId: string;
  kind: "sub_workflow" | "branch" | "item";
  index: number;
  branch?: string;
}

/** The most child runs one look lists (the list's page size); a map's later items are behind the link. */
const SHOWN = 100;

/**
 * The run's child runs, from its CHILD_RUN_STARTED events: which step started each, as what (a
 * sub-workflow, a parallel branch, a map item), a link to it, and its status, read again every 5 s.
 */
export function ChildRuns({ runId, events }: { runId: string; events: readonly RunEvent[] }) {
  const started = events
    .filter((event) => event.eventType === "CHILD_RUN_STARTED")
    .map((event) => event.payload as unknown as ChildStarted);
  const path = `/workflow-runs${query({ parentRunId: runId, pageSize: SHOWN })}`;
  const children = useLoad(() => apiPage<Run>(path), `${path}#${started.length}`, 5000, started.length > 0);
  if (started.length === 0) return null;
  const status = (id: string) => children.data?.data.find((run) => run.id === id)?.status;
  const part = (child: ChildStarted) =>
    child.kind === "branch"
      ? `branch ${child.branch ?? child.index}`
      : child.kind === "item"
        ? `item ${child.index}`
        : "sub-workflow";
  return (
    <section class="card" aria-labelledby="children-title" data-testid="child-runs">
      <h2 id="children-title">Child runs</h2>
      <Table
        caption="The runs this run started"
        rows={started.slice(0, SHOWN)}
        columns={[
          { head: "Step", cell: (child) => child.stepName },
          { head: "Part", cell: (child) => part(child) },
          { head: "Run", cell: (child) => <RunLink id={child.childRunId} /> },
          {
            head: "Status",
            cell: (child) => {
              const current = status(child.childRunId);
              return current ? <StatusBadge status={current} /> : "—";
            },
          },
        ]}
      />
    </section>
  );
}
