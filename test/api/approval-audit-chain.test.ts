import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { decideByLink, type PersonDecision } from "../helpers/approval-deciders";
import {
  type Entry,
  exportVerifies,
  head,
  jcs,
  type Line,
  sha256,
  trailVerifies,
} from "../helpers/audit-chain";
import { expectData } from "../helpers/requests";
import { createDefinition, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let a: SignedUp;
let made = 0;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t);
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

/** A run paused on a new request for `content`; its request. */
async function requestFor(content: Record<string, unknown>): Promise<{ id: string; workflowRunId: string }> {
  const steps = [{ type: "approval", name: "review", contentKey: "input", assignees: ["ann@example.com"] }];
  const definition = await createDefinition(t.request, a.apiKey, steps, `chained-${++made}`);
  const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: content });
  await t.idle();
  const pending = await expectData<{ id: string; workflowRunId: string }[]>(
    await send("GET", "/v1/approval-requests?pending=true"),
    200,
  );
  const found = pending.find((request) => request.workflowRunId === run.id);
  if (!found) throw new Error("no pending request");
  return found;
}

/** Decided as its assignee from a signed link: a step with assignees counts only people the service verified. */
const decide = async (id: string, decision: PersonDecision) => {
  const decided = await decideByLink(t, a.apiKey, id, "ann@example.com", decision);
  expect(decided.status, await decided.clone().text()).toBe(200);
  await t.idle();
};

const trailOf = async (id: string) =>
  expectData<Entry[]>(await send("GET", `/v1/approval-requests/${id}/audit`), 200);

describe("an audit chain bound to its request and its decided content", () => {
  it("starts from a hash of the workspace, request and run, and its decision names the edited content", async () => {
    const request = await requestFor({ "10": "ten", "9": "nine", text: "Hi Ada" });
    const edit = { text: "Dear Ada", "2": ["b", "a"] };
    await decide(request.id, { decision: "edited", editedContent: edit });

    const entries = await trailOf(request.id);
    expect(entries.map((entry) => [entry.action, entry.chainVersion])).toEqual([
      ["requested", 2],
      ["decided", 2],
    ]);
    const own = head(2, a.workspaceId, request.id, request.workflowRunId);
    expect(entries[0]?.previousHash).toBe(own);
    expect(entries[0]?.details.contentSha256).toBe(sha256(jcs({ "10": "ten", "9": "nine", text: "Hi Ada" })));
    expect(entries[1]?.details).toMatchObject({ decision: "edited", contentSha256: sha256(jcs(edit)) });
    expect(trailVerifies(entries, own)).toBe(true);

    // The same trail offered as another request's (or another workspace's) no longer verifies.
    const other = await requestFor({ text: "other" });
    expect(trailVerifies(entries, head(2, a.workspaceId, other.id, other.workflowRunId))).toBe(false);
    expect(trailVerifies(entries, head(2, "wsp_other", request.id, request.workflowRunId))).toBe(false);
    // Another edit claimed for the decision does not either.
    const claimed = entries.map((entry) =>
      entry.action === "decided"
        ? { ...entry, details: { ...entry.details, contentSha256: sha256(jcs({ text: "Bye" })) } }
        : entry,
    );
    expect(trailVerifies(claimed, own)).toBe(false);
  });

  it("chains an export's lines: a trail moved, a decider or content changed, a line dropped no longer verifies", async () => {
    t.clock.advance(60_000);
    const from = new Date(t.clock.nowMs()).toISOString();
    t.clock.advance(1000);
    const first = await requestFor({ text: "first" });
    await decide(first.id, { decision: "approved" });
    t.clock.advance(1000);
    const second = await requestFor({ text: "second" });
    await decide(second.id, { decision: "rejected", comment: "No" });
    t.clock.advance(1000);
    const to = new Date(t.clock.nowMs()).toISOString();

    const response = await send("GET", `/v1/approval-requests/export?from=${from}&to=${to}`);
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Line);
    expect(lines.map((line) => [line.request.id, line.line, line.lines])).toEqual([
      [first.id, 1, 2],
      [second.id, 2, 2],
    ]);
    expect(exportVerifies(lines, a.workspaceId, from, to)).toBe(true);
    expect(exportVerifies(lines, a.workspaceId, from, new Date(t.clock.nowMs() + 1).toISOString())).toBe(
      false,
    );

    const [one, two] = lines as [Line, Line];
    const swapped = [
      { ...one, audit: two.audit },
      { ...two, audit: one.audit },
    ];
    expect(exportVerifies(swapped, a.workspaceId, from, to)).toBe(false);
    const decider = [{ ...one, request: { ...one.request, decidedBy: "mallory@example.com" } }, two];
    expect(exportVerifies(decider, a.workspaceId, from, to)).toBe(false);
    const content = [one, { ...two, request: { ...two.request, content: { text: "forged" } } }];
    expect(exportVerifies(content, a.workspaceId, from, to)).toBe(false);
    expect(exportVerifies([one], a.workspaceId, from, to)).toBe(false);
  });

  it("keeps the first rule for a request stored before chain version 2, and says so", async () => {
    const request = await requestFor({ text: "old" });
    await decide(request.id, { decision: "approved" });
    // As a request opened before the change is stored: without its chain version.
    const documents = createDocumentClient(
      createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
    );
    await documents.send(
      new UpdateCommand({
        TableName: t.deps.config.TABLE_NAME,
        Key: keys.approval(a.workspaceId, request.id),
        UpdateExpression: "REMOVE auditChain",
      }),
    );

    const stored = await expectData<{ auditChain: number }>(
      await send("GET", `/v1/approval-requests/${request.id}`),
      200,
    );
    expect(stored.auditChain).toBe(1);
    const entries = await trailOf(request.id);
    expect(entries.every((entry) => entry.chainVersion === 1)).toBe(true);
    expect(entries[0]?.previousHash).toBe("0".repeat(64));
    // Version 1's decision entry is what it always was: without the content's hash.
    // (It names the verified decider, since this one decided after deciders were verified.)
    expect(entries[1]?.details).toMatchObject({ decision: "approved", comment: null, via: "link" });
    expect(entries[1]?.details).not.toHaveProperty("contentSha256");
    expect(entries[0]?.details.contentSha256).toBe(sha256(JSON.stringify({ text: "old" })));
    expect(trailVerifies(entries, "0".repeat(64))).toBe(true);
  });
});
