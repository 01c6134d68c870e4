import { beforeAll, describe, expect, it } from "vitest";
import type { RunCreation } from "../../core/ports/store";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { createApiKey, expectData, expectError } from "../helpers/requests";
import { createDefinition, listRuns } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * A run creation with a key the instance has seen confirmed takes its numbers beside the key's lookup and
 * writes nothing else until the lookup confirms the key (docs/data-model.md, "Authenticate a request").
 */
const NOOP = [{ type: "task", name: "only", handler: "noop" }];
const WAIT_AN_HOUR = [{ type: "wait", name: "nap", durationMs: 3_600_000 }];
const NEVER_ISSUED = "svc_thisKeyWasNeverIssuedByTheService0000";

/** Each creation the store was asked for, and each whose numbers were taken beside its key's lookup. */
function watchCreations(t: TestApp): { beforeLookup: number; all: number } {
  const seen = { beforeLookup: 0, all: 0 };
  const { runs } = t.deps.store;
  const [create, number] = [runs.create, runs.number];
  runs.create = (creation: RunCreation) => {
    seen.all += 1;
    return create(creation);
  };
  runs.number = (run: RunCreation["run"]) => {
    seen.beforeLookup += 1;
    return number(run);
  };
  return seen;
}

/** A key of `account`'s workspace that the instance has seen confirmed, then revoked. */
async function revokedRememberedKey(t: TestApp, account: SignedUp): Promise<string> {
  const key = await createApiKey(t, account.apiKey, "to revoke");
  await expectData(await t.request("GET", "/v1/workspaces/current", { headers: withKey(key.key) }), 200);
  await expectData(
    await t.request("DELETE", `/v1/api-keys/${key.id}`, { headers: withKey(account.apiKey) }),
    200,
  );
  return key.key;
}

const post = (t: TestApp, apiKey: string, body: Record<string, unknown>) =>
  t.request("POST", "/v1/workflow-runs", { body, headers: withKey(apiKey) });

/** Every run of the list, page by page (`pageSize` 2), and the total each page gave. */
async function pagedThrough(t: TestApp, apiKey: string, query: Record<string, string> = {}) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const { data, meta } = await listRuns(t.request, apiKey, { ...query, page, pageSize: 2 });
    ids.push(...data.map((run) => run.id));
    totals.add(meta.total);
    if (page >= meta.totalPages) return { ids, totals: [...totals] };
  }
}

describe("run creation beside the key's lookup", () => {
  let t: TestApp;
  let seen: { beforeLookup: number; all: number };

  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    seen = watchCreations(t);
  });

  it("creates the run of a remembered key, started before the lookup answered", async () => {
    const a = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, a.apiKey, NOOP);
    const before = { ...seen };

    const run = await expectData<RunBody>(await post(t, a.apiKey, { definitionId }), 201);

    expect(seen.all).toBe(before.all + 1);
    expect(seen.beforeLookup).toBe(before.beforeLookup + 1);
    expect((await listRuns(t.request, a.apiKey)).data.map((listed) => listed.id)).toEqual([run.id]);
  });

  it("refuses a revoked key on its very next creation: 401, no run, and every list's total and pages stay exact", async () => {
    const a = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, a.apiKey, NOOP);
    const created: string[] = [];
    for (let i = 0; i < 3; i++)
      created.push((await expectData<RunBody>(await post(t, a.apiKey, { definitionId }), 201)).id);
    const revoked = await revokedRememberedKey(t, a);
    const unknown = await post(t, NEVER_ISSUED, { definitionId });
    const before = { ...seen };

    const refused = await post(t, revoked, { definitionId, input: { secret: "mine" } });

    await expectError(refused.clone(), 401, "AUTH_ERROR");
    expect(await refused.text()).toBe(await unknown.text());
    // It did take its numbers before the lookup refused it.
    expect(seen.beforeLookup).toBe(before.beforeLookup + 1);
    for (let i = 0; i < 2; i++)
      created.push((await expectData<RunBody>(await post(t, a.apiKey, { definitionId }), 201)).id);
    const all = await pagedThrough(t, a.apiKey);
    expect(all.totals).toEqual([5]);
    expect(all.ids).toEqual([...created].reverse());
    const ofDefinition = await pagedThrough(t, a.apiKey, { definitionId });
    expect(ofDefinition.totals).toEqual([5]);
    expect(ofDefinition.ids).toEqual([...created].reverse());
  });

  it("claims no idempotency key for a refused creation", async () => {
    const a = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, a.apiKey, NOOP);
    const revoked = await revokedRememberedKey(t, a);

    await expectError(await post(t, revoked, { definitionId, idempotencyKey: "order-1" }), 401, "AUTH_ERROR");

    const run = await expectData<RunBody>(
      await post(t, a.apiKey, { definitionId, idempotencyKey: "order-1" }),
      201,
    );
    expect((await listRuns(t.request, a.apiKey)).data.map((listed) => listed.id)).toEqual([run.id]);
  });

  it("supersedes nothing for a refused creation", async () => {
    const a = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, a.apiKey, WAIT_AN_HOUR);
    const live = await expectData<RunBody>(
      await post(t, a.apiKey, { definitionId, supersessionKey: "cart-1" }),
      201,
    );
    await t.idle();
    const revoked = await revokedRememberedKey(t, a);

    await expectError(
      await post(t, revoked, { definitionId, supersessionKey: "cart-1", supersedeExisting: true }),
      401,
      "AUTH_ERROR",
    );

    await t.idle();
    const { data, meta } = await listRuns(t.request, a.apiKey);
    expect(meta.total).toBe(1);
    expect(data.map((run) => [run.id, run.status])).toEqual([[live.id, "WAITING"]]);
  });

  it("joins no debounce window for a refused creation", async () => {
    const a = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, a.apiKey, NOOP);
    const debounce = { key: "{{input.customerId}}", periodMs: 60_000 };
    const body = { definitionId, input: { customerId: "c1" }, debounce };
    const opened = await expectData<RunBody>(await post(t, a.apiKey, body), 201);
    const revoked = await revokedRememberedKey(t, a);

    await expectError(await post(t, revoked, body), 401, "AUTH_ERROR");

    const joined = await expectData<RunBody>(await post(t, a.apiKey, body), 200);
    expect(joined).toMatchObject({ id: opened.id, debounce: { creations: 2 } });
  });

  it("creates every run of many at once, refuses every creation of a revoked key among them, and keeps the list exact", async () => {
    const a = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, a.apiKey, NOOP);
    const revoked = await revokedRememberedKey(t, a);
    const keys = Array.from({ length: 60 }, (_, i) => (i % 6 === 5 ? revoked : a.apiKey));

    const answers = await Promise.all(keys.map((apiKey) => post(t, apiKey, { definitionId })));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    const created = await Promise.all(
      answers.filter((answer) => answer.status === 201).map((answer) => expectData<RunBody>(answer, 201)),
    );
    const { ids, totals } = await pagedThrough(t, a.apiKey);
    expect(totals).toEqual([50]);
    expect(new Set(ids)).toEqual(new Set(created.map((run) => run.id)));
    expect(ids).toHaveLength(50);
  });
});

describe("run creation beside the key's lookup, under the creations-per-minute quota", () => {
  it("counts no refused creation against the quota", async () => {
    const t = await createTestApp({ MAX_RUN_CREATIONS_PER_MINUTE: "2", AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
    t.clock.advance(60_000 - (t.clock.nowMs() % 60_000) + 1_000);
    const a = await signUp(t);
    const { id: definitionId } = await createDefinition(t.request, a.apiKey, NOOP);
    await expectData(await post(t, a.apiKey, { definitionId }), 201);
    const revoked = await revokedRememberedKey(t, a);

    await expectError(await post(t, revoked, { definitionId }), 401, "AUTH_ERROR");

    await expectData(await post(t, a.apiKey, { definitionId }), 201);
    await expectError(await post(t, a.apiKey, { definitionId }), 429, "RATE_LIMIT_ERROR");
  });
});
