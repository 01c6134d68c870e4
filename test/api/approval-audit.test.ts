import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { decideByLink } from "../helpers/approval-deciders";
import {
  type Entry,
  exportVerifies,
  head,
  jcs,
  type Line,
  sha256,
  trailVerifies,
} from "../helpers/audit-chain";
import { expectData, expectError } from "../helpers/requests";
import { createDefinition, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let a: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t);
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

async function pendingOf(runId: string): Promise<{ id: string; workflowRunId: string }> {
  await t.idle();
  const pending = await expectData<{ id: string; workflowRunId: string }[]>(
    await send("GET", "/v1/approval-requests?pending=true"),
    200,
  );
  const found = pending.find((request) => request.workflowRunId === runId);
  if (!found) throw new Error("no pending request");
  return found;
}

describe("approval audit trail", () => {
  it("lists the request, each vote with its comment and the decision, in a chain that verifies", async () => {
    const steps = [
      {
        type: "approval",
        name: "review",
        contentKey: "input",
        assignees: ["ann@example.com", "bob@example.com"],
        quorum: { approvals: 2 },
      },
    ];
    const definition = await createDefinition(t.request, a.apiKey, steps, "audited");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { amount: 120 } });
    const request = await pendingOf(run.id);
    const vote = (person: string, comment?: string) =>
      decideByLink(t, a.apiKey, request.id, person, { decision: "approved", comment });
    expect((await vote("ann@example.com", "Within budget")).status).toBe(200);
    expect((await vote("bob@example.com")).status).toBe(200);

    const entries = await expectData<Entry[]>(
      await send("GET", `/v1/approval-requests/${request.id}/audit`),
      200,
    );
    expect(entries.map((entry) => [entry.action, entry.actor])).toEqual([
      ["requested", null],
      ["vote", "ann@example.com"],
      ["vote", "bob@example.com"],
      ["decided", "bob@example.com"],
    ]);
    expect(entries[0]?.details).toMatchObject({
      assignees: ["ann@example.com", "bob@example.com"],
      contentSha256: sha256(jcs({ amount: 120 })),
    });
    expect(entries[1]?.details).toMatchObject({
      decision: "approved",
      comment: "Within budget",
      approvals: 1,
      via: "link",
      identity: { kind: "link", email: "ann@example.com" },
    });
    expect(entries[3]?.details).toMatchObject({
      decision: "approved",
      identity: { kind: "link", email: "bob@example.com" },
    });
    const first = head(2, a.workspaceId, request.id, run.id);
    expect(trailVerifies(entries, first)).toBe(true);

    const altered = entries.map((entry, i) =>
      i === 1 ? { ...entry, details: { ...entry.details, comment: "" } } : entry,
    );
    expect(trailVerifies(altered, first)).toBe(false);
  });

  it("records a rejection sent back for revision on the rejected request", async () => {
    const steps = [
      { type: "task", name: "draft", handler: "set_state", config: { values: { draft: { v: 1 } } } },
      {
        type: "approval",
        name: "review",
        contentKey: "draft",
        onReject: { gotoStep: "draft", feedbackKey: "feedback", maxRevisions: 1 },
      },
    ];
    const definition = await createDefinition(t.request, a.apiKey, steps, "audited-revision");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: {} });
    const request = await pendingOf(run.id);
    await expectData(
      await send("POST", `/v1/approval-requests/${request.id}/decide`, {
        decision: "rejected",
        comment: "Shorter",
      }),
      200,
    );

    const entries = await expectData<Entry[]>(
      await send("GET", `/v1/approval-requests/${request.id}/audit`),
      200,
    );
    expect(entries.map((entry) => entry.action)).toEqual(["requested", "decided", "revision_requested"]);
    const [key] = await expectData<{ id: string; name: string }[]>(await send("GET", "/v1/api-keys"), 200);
    expect(entries[1]?.actor).toBe(`api-key:${key?.id}`);
    expect(entries[1]?.details).toEqual({
      decision: "rejected",
      comment: "Shorter",
      via: "api-key",
      identity: { kind: "api-key", id: key?.id, name: key?.name },
      contentSha256: sha256(jcs({ v: 1 })),
    });
    expect(entries[2]?.details).toMatchObject({ gotoStep: "draft", revision: 1, comment: "Shorter" });
    expect(trailVerifies(entries, head(2, a.workspaceId, request.id, run.id))).toBe(true);
  });

  it("exports the requests of a time range as JSON Lines, each with its trail", async () => {
    const from = new Date(t.clock.nowMs() - 60_000).toISOString();
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "approval", name: "ok", contentKey: "input" }],
      "exported",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: {} });
    const request = await pendingOf(run.id);
    const to = new Date(t.clock.nowMs() + 60_000).toISOString();

    const response = await send("GET", `/v1/approval-requests/export?from=${from}&to=${to}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await response.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Line);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const createdAt = lines.map((line) => line.request.createdAt);
    expect(createdAt).toEqual([...createdAt].sort());
    const exported = lines.find((line) => line.request.id === request.id);
    expect(exported?.audit.map((entry) => entry.action)).toEqual(["requested"]);
    expect(exportVerifies(lines, a.workspaceId, from, to)).toBe(true);

    const empty = await send(
      "GET",
      `/v1/approval-requests/export?from=${to}&to=${new Date(t.clock.nowMs() + 120_000).toISOString()}`,
    );
    expect(await empty.text()).toBe("");
    await expectError(
      await send("GET", `/v1/approval-requests/export?from=${to}&to=${from}`),
      400,
      "VALIDATION_ERROR",
    );
    await expectError(
      await send("GET", "/v1/approval-requests/export?from=yesterday&to=today"),
      400,
      "VALIDATION_ERROR",
    );
    await expectError(await send("GET", "/v1/approval-requests/apr_missing/audit"), 404, "NOT_FOUND");
  });
});
