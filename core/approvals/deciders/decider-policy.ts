import type { ApprovalRequest } from "../../domain/approval";
import { normalEmail } from "../../domain/approval-group";
import { ForbiddenError } from "../../domain/errors";
import { type Identity, linkAskedBy, personOf, refuseOtherName } from "../../domain/identity";
import type { RunRecord } from "../../domain/run-record";
import type { ApprovalStep } from "../../domain/step";
import type { ApprovalGroupStore } from "../../ports/store";
import { isAssignee } from "./assignment";

/**
 * The name a decision is recorded under (`decidedBy`): a person the service verified decides as that person,
 * and a `decidedBy` naming someone else is refused; an API key's request may say who it acts for, kept as
 * it said (docs/approvals.md, "What each path proves").
 */
export function deciderName(identity: Identity, claimed: string | undefined): string | null {
  const person = personOf(identity);
  if (person === undefined) return claimed ?? null;
  refuseOtherName(person, claimed, "decidedBy");
  return person;
}

/**
 * Refuses a decision the step's policy does not allow (docs/approvals.md). A step that names assignees, asks
 * for a quorum or refuses the requester counts only people the service verified: an API key (so the CLI and
 * MCP clients) stands for whoever holds it and can mint more keys, so it can prove neither who it is nor
 * that two votes are two people. Among people: only assignees when the step names any (a link for someone
 * it does not name proves only the word of the key that asked for it), and never the run's requester with
 * `allowRequester: false`.
 */
export async function checkDecider(
  groups: Pick<ApprovalGroupStore, "get">,
  run: RunRecord,
  step: ApprovalStep | undefined,
  approval: ApprovalRequest,
  identity: Identity,
): Promise<void> {
  // Since the step's escalation, its escalation assignees may decide too.
  const assignees = [...approval.assignees, ...approval.escalatedTo];
  const guarded = assignees.length > 0 || step?.quorum !== undefined || step?.allowRequester === false;
  if (!guarded) return;
  const person = personOf(identity);
  if (person === undefined) {
    throw new ForbiddenError(
      "This approval counts only people the service can verify (it names assignees, a quorum or " +
        "allowRequester: false): decide it signed in to the dashboard or from a signed link, not with an API key",
    );
  }
  if (assignees.length === 0 && identity.kind === "link") {
    throw new ForbiddenError(
      "This approval names no assignees: a link proves nobody here; sign in to decide",
    );
  }
  if (assignees.length > 0 && !(await isAssignee(groups, run.workspaceId, assignees, person))) {
    throw new ForbiddenError(`${person} is not assigned to this approval`);
  }
  // A link the requester asked for from the dashboard is the requester's decision, whoever it names.
  const asker = linkAskedBy(identity);
  if (step?.allowRequester === false && [person, asker].some((who) => who && isRequester(run, who))) {
    throw new ForbiddenError("The person who started the run may not decide its approval");
  }
}

/** The run's requester: the person its `startedBy` names, or the one whose session created it. */
function isRequester(run: RunRecord, person: string): boolean {
  const session = run.startedWith?.kind === "session" ? run.startedWith.email : undefined;
  return [run.startedBy, session].some(
    (requester) => requester !== undefined && normalEmail(requester) === normalEmail(person),
  );
}
