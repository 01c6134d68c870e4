import { useEffect, useId, useState } from "hono/jsx/dom";
import { api, errorMessage } from "../api";
import { Ago } from "../components/ago";
import { JsonView } from "../components/json-view";
import { RunLink } from "../components/run-link";
import { ErrorNotice } from "../components/status";
import type { Approval, Json } from "../types";
import { ApprovalContext } from "./approval-context";

type Decision = "approved" | "rejected" | "edited";

function parseObject(text: string): Json {
  const value = JSON.parse(text) as unknown;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error("The content must be a JSON object ({ … }).");
  }
  return value as Json;
}

/** One request to review: its content shown readably, and editable as JSON before approving. */
export function ApprovalCard(props: { approval: Approval; onDecided: (a: Approval, d: Decision) => void }) {
  const { approval } = props;
  const original = JSON.stringify(approval.content, null, 2);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(original);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const titleId = useId();
  const editorId = useId();
  useEffect(() => {
    if (editing) document.getElementById(editorId)?.focus();
  }, [editing]);

  const decide = async (decision: Decision) => {
    setError(undefined);
    let editedContent: Json | undefined;
    if (decision === "edited") {
      try {
        editedContent = parseObject(text);
      } catch (err) {
        setError(`Not valid JSON: ${errorMessage(err)}`);
        return;
      }
    }
    setBusy(true);
    try {
      await api("POST", `/approval-requests/${encodeURIComponent(approval.id)}/decide`, {
        decision,
        ...(editedContent && { editedContent }),
      });
      props.onDecided(approval, decision);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  const changed = text !== original;
  return (
    <article class="card approval" aria-labelledby={titleId} data-testid="approval">
      <header class="approval-head">
        <h2 id={titleId}>{approval.stepName}</h2>
        <span class="muted">
          Run <RunLink id={approval.workflowRunId} /> · <Ago iso={approval.createdAt} />
        </span>
      </header>
      {approval.prompt && <p class="prompt">{approval.prompt}</p>}
      <ApprovalContext approval={approval} />
      {(approval.assignees.length > 0 || approval.revision > 1) && (
        <p class="muted" data-testid="approval-policy">
          {approval.assignees.length > 0 &&
            `For ${[...approval.assignees, ...approval.escalatedTo].join(", ")}`}
          {approval.votes.length > 0 &&
            ` · votes: ${approval.votes.map((vote) => `${vote.decidedBy} ${vote.decision}`).join(", ")}`}
          {approval.revision > 1 && ` · revision ${approval.revision}`}
        </p>
      )}
      <p class="label">
        Content <code>{approval.contentKey}</code>
      </p>
      {editing ? (
        <div class="editor">
          <label for={editorId}>Edit the content (JSON)</label>
          <textarea
            id={editorId}
            class="mono"
            rows={Math.min(20, Math.max(6, text.split("\n").length + 1))}
            spellcheck={false}
            value={text}
            onInput={(event: Event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
          />
        </div>
      ) : (
        <JsonView value={approval.content} />
      )}
      <ErrorNotice error={error} />
      <div class="actions">
        {editing ? (
          <>
            <button
              type="button"
              class="primary"
              disabled={busy || !changed}
              onClick={() => decide("edited")}
            >
              Save edits and approve
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setText(original);
                setError(undefined);
              }}
            >
              Discard edits
            </button>
          </>
        ) : (
          <>
            <button type="button" class="primary" disabled={busy} onClick={() => decide("approved")}>
              Approve
            </button>
            <button type="button" disabled={busy} onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" class="danger" disabled={busy} onClick={() => decide("rejected")}>
              Reject
            </button>
          </>
        )}
      </div>
    </article>
  );
}
