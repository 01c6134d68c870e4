import { useState } from "hono/jsx/dom";
import { api } from "../api";
import { Empty, ErrorNotice, Loading } from "../components/status";
import { announce, invalidate, useLoad } from "../hooks";
import { getSession } from "../session";
import type { Approval } from "../types";
import { ApprovalCard } from "./approval-card";
import { DecidedApprovals } from "./decided-approvals";

/**
 * Pending approval requests, newest first, refreshed every 2 s: all of them, or those assigned to the
 * signed-in user (directly, through a group, or by escalation). Decide one and the run continues. The
 * Decided view is the history of what was decided, by whom, and why.
 */
export function ApprovalsPage() {
  const email = getSession()?.user?.email;
  const [view, setView] = useState<"all" | "mine" | "decided">("all");
  const mine = view === "mine";
  const query = mine && email ? `&assignee=${encodeURIComponent(email)}` : "";
  const pending = useLoad(
    () => api<Approval[]>("GET", `/approval-requests?pending=true${query}`),
    `pending${query}`,
    2000,
  );
  const [decided, setDecided] = useState<string[]>([]);
  const visible = (pending.data ?? []).filter((approval) => !decided.includes(approval.id));

  const onDecided = (approval: Approval, decision: string) => {
    setDecided((ids) => [...ids, approval.id]);
    announce(
      decision === "rejected"
        ? `Rejected ${approval.stepName}.`
        : `Approved ${approval.stepName}; the run continues.`,
    );
    pending.reload();
    invalidate("approvals");
  };

  const pendingList = () => (
    <>
      <ErrorNotice error={pending.error} />
      {!pending.data && !pending.error && <Loading />}
      <p class="sr-only" aria-live="polite">
        {pending.data ? `${visible.length} pending approval${visible.length === 1 ? "" : "s"}` : ""}
      </p>
      {pending.data && visible.length === 0 && (
        <Empty>
          {mine
            ? "Nothing assigned to you waits for a decision."
            : "Nothing waits for a decision. All caught up."}
        </Empty>
      )}
      <ul class="cards" aria-label="Pending approvals">
        {visible.map((approval) => (
          <li key={approval.id}>
            <ApprovalCard approval={approval} onDecided={onDecided} />
          </li>
        ))}
      </ul>
    </>
  );

  return (
    <main id="main">
      <h1 tabindex={-1}>
        Approvals{" "}
        {visible.length > 0 && (
          <span class="count" aria-hidden="true">
            {visible.length}
          </span>
        )}
      </h1>
      <p class="muted">
        Runs paused for a human decision. Approve, reject, or edit the content then approve.
      </p>
      <fieldset class="actions">
        <legend class="sr-only">Which approvals</legend>
        <button type="button" aria-pressed={view === "all"} onClick={() => setView("all")}>
          All
        </button>
        {email && (
          <button type="button" aria-pressed={mine} onClick={() => setView("mine")}>
            Assigned to me
          </button>
        )}
        <button type="button" aria-pressed={view === "decided"} onClick={() => setView("decided")}>
          Decided
        </button>
      </fieldset>
      {view === "decided" ? <DecidedApprovals /> : pendingList()}
    </main>
  );
}
