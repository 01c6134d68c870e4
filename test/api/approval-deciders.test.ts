import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { asSession, decideByLink } from "../helpers/approval-deciders";
import { expectData, expectError } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Who decided is who the service verified (docs/approvals.md, "What each path proves"): a session decides
 * as its user, an API key as itself, a link as its assignee; a step with assignees, a quorum or
 * allowRequester: false counts only verified people, so one session or one key cannot meet a quorum.
 */
interface Request {
  id: string;
  workflowRunId: string;
  decision: string | null;
  decidedBy: string | null;
  decidedAs: Record<string, unknown> | null;
  votes: { decidedBy: string; identity?: Record<string, unknown> }[];
}

interface Entry {
  action: string;
  actor: string | null;
  details: Record<string, unknown>;
}

let t: TestApp;
/** Signed up as an assignee of the quorum below, so its own session may vote. */
let a: SignedUp;
let key: { id: string; name: string } | undefined;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t, { email: `v1-${randomBytes(4).toString("hex")}@example.com` });
  [key] = await expectData<{ id: string; name: string }[]>(await send("GET", "/v1/api-keys"), 200);
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

const byKey = (id: string, body: Record<string, unknown>) =>
  send("POST", `/v1/approval-requests/${id}/decide`, body);
const bySession = (id: string, body: Record<string, unknown>) =>
  asSession(t, a, "POST", `/v1/approval-requests/${id}/decide`, body);

const requestNow = async (id: string) =>
  expectData<Request>(await send("GET", `/v1/approval-requests/${id}`), 200);

/** A run of a one-approval-step definition, paused at its request. */
async function pausedAt(step: Record<string, unknown>, start: Record<string, unknown> = {}) {
  const steps = [{ type: "approval", name: "review", contentKey: "input", ...step }];
  const definition = await createDefinition(
    t.request,
    a.apiKey,
    steps,
    `deciders-${randomBytes(3).toString("hex")}`,
  );
  const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, ...start });
  await t.idle();
  const [pending] = await expectData<Request[]>(
    await send("GET", `/v1/approval-requests?pending=true&workflowRunId=${run.id}`),
    200,
  );
  if (!pending) throw new Error("no pending request");
  return { run, pending };
}

const twoOfThree = () => ({
  assignees: [a.email, "v2@example.com", "v3@example.com"],
  quorum: { approvals: 2 },
});

describe("deciding as the identity the service verified", () => {
  it("refuses an API key's votes on a quorum, whoever its decidedBy names, and its decisions on a guarded step", async () => {
    const { run, pending } = await pausedAt(twoOfThree());
    await expectError(
      await byKey(pending.id, { decision: "approved", decidedBy: a.email }),
      403,
      "FORBIDDEN",
    );
    await expectError(
      await byKey(pending.id, { decision: "approved", decidedBy: "v2@example.com" }),
      403,
      "FORBIDDEN",
    );
    expect((await requestNow(pending.id)).votes).toEqual([]);
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("PAUSED");

    const noSelf = await pausedAt({ allowRequester: false }, { startedBy: "sam@example.com" });
    await expectError(
      await byKey(noSelf.pending.id, { decision: "approved", decidedBy: "kim@example.com" }),
      403,
      "FORBIDDEN",
    );
  });

  it("lets one session vote once, as its user, and records each vote under the identity verified", async () => {
    const { run, pending } = await pausedAt(twoOfThree());
    await expectError(
      await bySession(pending.id, { decision: "approved", decidedBy: "v2@example.com" }),
      403,
      "FORBIDDEN",
    );
    const first = await expectData<Request>(await bySession(pending.id, { decision: "approved" }), 200);
    expect(first).toMatchObject({ decision: null });
    await expectError(
      await bySession(pending.id, { decision: "approved", decidedBy: "v3@example.com" }),
      403,
      "FORBIDDEN",
    );
    await expectError(await bySession(pending.id, { decision: "approved" }), 409, "CONFLICT");
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("PAUSED");

    expect(
      (await decideByLink(t, a.apiKey, pending.id, "v2@example.com", { decision: "approved" })).status,
    ).toBe(200);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");
    const session = { kind: "session", id: expect.any(String), email: a.email };
    const link = { kind: "link", email: "v2@example.com", issuedBy: "mail" };
    const decided = await requestNow(pending.id);
    expect(decided).toMatchObject({ decision: "approved", decidedBy: "v2@example.com", decidedAs: link });
    expect(decided.votes.map((vote) => [vote.decidedBy, vote.identity])).toEqual([
      [a.email, session],
      ["v2@example.com", link],
    ]);
    const audit = await expectData<Entry[]>(
      await send("GET", `/v1/approval-requests/${pending.id}/audit`),
      200,
    );
    expect(
      audit.map((entry) => [entry.action, entry.actor, entry.details.via, entry.details.identity]),
    ).toEqual([
      ["requested", null, undefined, undefined],
      ["vote", a.email, "session", session],
      ["vote", "v2@example.com", "link", link],
      ["decided", "v2@example.com", "link", link],
    ]);
  });

  it("keeps an API key's decidedBy on a plain step as it said, beside the key it verified", async () => {
    const { run, pending } = await pausedAt({});
    const decided = await expectData<Request>(
      await byKey(pending.id, { decision: "approved", decidedBy: "ana@example.com" }),
      200,
    );
    expect(decided.decidedBy).toBe("ana@example.com");
    const identity = { kind: "api-key", id: key?.id, name: key?.name };
    expect((await requestNow(pending.id)).decidedAs).toEqual(identity);
    const events = await allEvents(t.request, a.apiKey, run.id);
    expect(events.find((event) => event.eventType === "APPROVAL_DECIDED")?.payload).toMatchObject({
      decidedBy: "ana@example.com",
      identity,
      via: "api-key",
    });
    const audit = await expectData<Entry[]>(
      await send("GET", `/v1/approval-requests/${pending.id}/audit`),
      200,
    );
    expect(audit[1]).toMatchObject({
      action: "decided",
      actor: `api-key:${key?.id}`,
      details: { decidedBy: "ana@example.com", identity, via: "api-key" },
    });
  });

  it("records startedBy with the credential that set it, and a session may name only its user", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "approval", name: "review", contentKey: "input", allowRequester: false }],
      "started-with",
    );
    const byKeyRun = await startRun(t.request, a.apiKey, {
      definitionId: definition.id,
      startedBy: "sam@example.com",
    });
    expect(byKeyRun).toMatchObject({
      startedBy: "sam@example.com",
      startedWith: { kind: "api-key", id: key?.id },
    });

    const start = (body: Record<string, unknown>) =>
      asSession(t, a, "POST", "/v1/workflow-runs", { definitionId: definition.id, ...body });
    await expectError(await start({ startedBy: "sam@example.com" }), 403, "FORBIDDEN");
    const own = await expectData<{ id: string }>(await start({ startedBy: a.email }), 201);
    expect(own).toMatchObject({ startedBy: a.email, startedWith: { kind: "session", email: a.email } });

    // Started from the session without a startedBy: that session is still the requester.
    const unnamed = await expectData<{ id: string; startedBy?: string }>(await start({}), 201);
    expect(unnamed.startedBy).toBeUndefined();
    await t.idle();
    const [pending] = await expectData<Request[]>(
      await send("GET", `/v1/approval-requests?pending=true&workflowRunId=${unnamed.id}`),
      200,
    );
    await expectError(await bySession(pending?.id ?? "", { decision: "approved" }), 403, "FORBIDDEN");
  });
});

/** Links a caller asked for prove only the hands they passed through: one voter per asker, keys together. */
describe("voting by links a caller asked for", () => {
  const askLink = async (via: typeof send, id: string, assignee: string) => {
    const [links] = await expectData<{ review: string }[]>(
      await via("POST", `/v1/approval-requests/${id}/links`, { assignee }),
      201,
    );
    return links?.review ?? "";
  };
  const asSessionOfA = (method: string, path: string, body?: unknown) => asSession(t, a, method, path, body);
  const voteFrom = async (url: string) => {
    const path = new URL(url).pathname;
    const proof = /name="proof" value="([^"]+)"/.exec(await (await t.app.request(path)).text())?.[1] ?? "";
    return t.app.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ proof, decision: "approved" }).toString(),
    });
  };

  it("counts every link asked for with API keys as one vote, so one key cannot meet a quorum", async () => {
    const { run, pending } = await pausedAt(twoOfThree());
    expect((await voteFrom(await askLink(send, pending.id, "v2@example.com"))).status).toBe(200);
    expect((await voteFrom(await askLink(send, pending.id, "v3@example.com"))).status).toBe(409);
    const voted = await requestNow(pending.id);
    expect(voted.votes.map((vote) => [vote.decidedBy, vote.identity])).toEqual([
      ["v2@example.com", { kind: "link", email: "v2@example.com", issuedBy: `api-key:${key?.id}` }],
    ]);
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("PAUSED");
    // A person's own mailed link is a second voter.
    expect(
      (await decideByLink(t, a.apiKey, pending.id, "v3@example.com", { decision: "approved" })).status,
    ).toBe(200);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");
  });

  it("counts a link a session asked for as that person's vote, and as the requester's when they started the run", async () => {
    const { pending } = await pausedAt(twoOfThree());
    expect((await voteFrom(await askLink(asSessionOfA, pending.id, "v2@example.com"))).status).toBe(200);
    await expectError(await bySession(pending.id, { decision: "approved" }), 409, "CONFLICT");
    expect((await requestNow(pending.id)).votes.map((vote) => vote.identity)).toEqual([
      { kind: "link", email: "v2@example.com", issuedBy: `session:${a.email}` },
    ]);

    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [
        {
          type: "approval",
          name: "review",
          contentKey: "input",
          assignees: ["v2@example.com"],
          allowRequester: false,
        },
      ],
      `asked-${randomBytes(3).toString("hex")}`,
    );
    const own = await expectData<{ id: string }>(
      await asSessionOfA("POST", "/v1/workflow-runs", { definitionId: definition.id }),
      201,
    );
    await t.idle();
    const [request] = await expectData<Request[]>(
      await send("GET", `/v1/approval-requests?pending=true&workflowRunId=${own.id}`),
      200,
    );
    expect((await voteFrom(await askLink(asSessionOfA, request?.id ?? "", "v2@example.com"))).status).toBe(
      403,
    );
    expect((await requestNow(request?.id ?? "")).decision).toBeNull();
  });
});
