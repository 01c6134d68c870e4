import { beforeAll } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { decideByLink, type PersonDecision } from "../helpers/approval-deciders";
import { expectData } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Shared by the tests of approval policies (approval-policies-*.test.ts): an approval request's fields, one
 * account in a real-time app of each file's own (setUpApprovalPolicies), and requests that find and decide
 * a run's pending approval.
 */
export interface Approval {
  id: string;
  workflowRunId: string;
  revision: number;
  previousRequestId: string | null;
  comment: string | null;
  decision: string | null;
  content: Record<string, unknown>;
  diff?: string | null;
}

export let t: TestApp;
export let a: SignedUp;

/** Before the file's tests: starts its app on the system clock and signs up its account. Call once per file. */
export function setUpApprovalPolicies(): void {
  beforeAll(async () => {
    t = await createTestApp({}, { realTime: true });
    a = await signUp(t);
  });
}

export const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

export async function pendingFor(runId: string): Promise<Approval> {
  await t.idle();
  const pending = await expectData<Approval[]>(await send("GET", "/v1/approval-requests?pending=true"), 200);
  const approval = pending.find((request) => request.workflowRunId === runId);
  if (!approval) throw new Error(`run ${runId} has no pending approval`);
  return approval;
}

export const decide = (approvalId: string, body: Record<string, unknown>) =>
  send("POST", `/v1/approval-requests/${approvalId}/decide`, body);

/**
 * Decides as `person` from their signed link: a step with assignees, a quorum or allowRequester: false counts
 * only people the service verified, never an API key's word (docs/approvals.md).
 */
export const decideAs = (approvalId: string, person: string, decision: PersonDecision) =>
  decideByLink(t, a.apiKey, approvalId, person, decision);
