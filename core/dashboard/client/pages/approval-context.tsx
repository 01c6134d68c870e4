import { api } from "../api";
import { JsonView } from "../components/json-view";
import { definitionLabel, useDefinitions } from "../definitions";
import { formatTime } from "../format";
import { useLoad } from "../hooks";
import type { Approval, ApprovalDetail, Run } from "../types";

/**
 * What a reviewer needs around the content: the workflow, the run's input, the deadline, and for a
 * revision, what changed from the draft sent back (the request's diff).
 */
export function ApprovalContext({ approval }: { approval: Approval }) {
  const definitions = useDefinitions(approval.definitionId ? [approval.definitionId] : []);
  const runPath = `/workflow-runs/${encodeURIComponent(approval.workflowRunId)}`;
  const run = useLoad(() => api<Run>("GET", runPath), runPath);
  const detailPath = `/approval-requests/${encodeURIComponent(approval.id)}`;
  const detail = useLoad(
    () => (approval.revision > 1 ? api<ApprovalDetail>("GET", detailPath) : Promise.resolve(undefined)),
    `${detailPath}#${approval.revision}`,
  );
  return (
    <div class="approval-context">
      <p class="muted" data-testid="approval-context">
        {approval.definitionId && <>Workflow {definitionLabel(definitions, approval.definitionId)}</>}
        {approval.deadlineAt && (
          <>
            {" · "}due{" "}
            <time datetime={approval.deadlineAt} data-testid="approval-deadline">
              {formatTime(approval.deadlineAt)}
            </time>
          </>
        )}
      </p>
      {run.data && (
        <details>
          <summary>Run input</summary>
          <JsonView value={run.data.input} />
        </details>
      )}
      {detail.data?.diff && (
        <details open>
          <summary>Changes since revision {approval.revision - 1}</summary>
          <pre class="mono diff" data-testid="approval-diff">
            {detail.data.diff}
          </pre>
        </details>
      )}
    </div>
  );
}
