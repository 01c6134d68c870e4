import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { createApiKey, expectData, expectError } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * A GET of a key the instance has seen confirmed starts its route beside the key's lookup
 * (core/api/middleware/api-key-auth.ts). The lookup still decides: these are the guarantees a user relies on.
 */
let t: TestApp;
let a: SignedUp;
let b: SignedUp;
/** Definition reads the store was asked for, by any route. */
let definitionReads = 0;

const STEPS = [{ type: "task", name: "only", handler: "noop" }];

async function createDefinition(apiKey: string, name: string): Promise<{ id: string }> {
  return expectData(
    await t.request("POST", "/v1/workflow-definitions", {
      body: { name, version: "1", steps: STEPS },
      headers: withKey(apiKey),
    }),
    201,
  );
}

const getDefinition = (apiKey: string, id: string) =>
  t.request("GET", `/v1/workflow-definitions/${id}`, { headers: withKey(apiKey) });

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
  [a, b] = await Promise.all([signUp(t), signUp(t)]);
  const { definitions } = t.deps.store;
  const get = definitions.get;
  definitions.get = (...args) => {
    definitionReads += 1;
    return get(...args);
  };
});

describe("a revoked key whose workspace the instance remembers", () => {
  it("is refused on its very next GET, with nothing of the read started ahead in the answer", async () => {
    const revocable = await createApiKey(t, a.apiKey, "to revoke");
    const definition = await createDefinition(a.apiKey, "secret-definition-name");
    const served = await getDefinition(revocable.key, definition.id);
    expect(served.status).toBe(200);
    expect(served.headers.get("ratelimit-remaining")).not.toBeNull();
    await served.text();
    await expectData(
      await t.request("DELETE", `/v1/api-keys/${revocable.id}`, { headers: withKey(a.apiKey) }),
      200,
    );
    const unknown = await getDefinition("svc_thisKeyWasNeverIssuedByTheService0000", definition.id);
    const readsBefore = definitionReads;

    const refused = await getDefinition(revocable.key, definition.id);

    // The route did read ahead of the lookup; the lookup's refusal is all that came back.
    expect(definitionReads).toBe(readsBefore + 1);
    expect(refused.status).toBe(401);
    const body = await refused.text();
    expect(body).not.toContain("secret-definition-name");
    expect(body).toBe(await unknown.text());
    const headerNames = (response: Response) =>
      [...response.headers.keys()].filter((n) => n !== "x-request-id");
    expect(headerNames(refused)).toEqual(headerNames(unknown));
    expect(refused.headers.get("ratelimit-remaining")).toBeNull();
  });

  it("is refused again on the request after, which no longer reads ahead", async () => {
    const revocable = await createApiKey(t, a.apiKey, "to revoke twice");
    const definition = await createDefinition(a.apiKey, "d");
    expect((await getDefinition(revocable.key, definition.id)).status).toBe(200);
    await t.request("DELETE", `/v1/api-keys/${revocable.id}`, { headers: withKey(a.apiKey) });
    await expectError(await getDefinition(revocable.key, definition.id), 401, "AUTH_ERROR");
    const readsBefore = definitionReads;

    await expectError(await getDefinition(revocable.key, definition.id), 401, "AUTH_ERROR");

    expect(definitionReads).toBe(readsBefore);
  });

  it("is refused on a run's live stream too, which answers at once", async () => {
    const revocable = await createApiKey(t, a.apiKey, "stream");
    const definition = await createDefinition(a.apiKey, "streamed");
    const run = await expectData<{ id: string }>(
      await t.request("POST", "/v1/workflow-runs", {
        body: { definitionId: definition.id },
        headers: withKey(a.apiKey),
      }),
      201,
    );
    expect((await getDefinition(revocable.key, definition.id)).status).toBe(200);
    await t.request("DELETE", `/v1/api-keys/${revocable.id}`, { headers: withKey(a.apiKey) });

    const refused = await t.request("GET", `/v1/workflow-runs/${run.id}/stream`, {
      headers: withKey(revocable.key),
    });

    await expectError(refused, 401, "AUTH_ERROR");
  });
});

describe("keys of two workspaces", () => {
  it("never read the other workspace's data, whichever key asked last or at the same time", async () => {
    const ofA = await createDefinition(a.apiKey, "a's");
    const ofB = await createDefinition(b.apiKey, "b's");
    // Both keys remembered by now; then their GETs interleave, their reads batched together.
    const asked = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? a : b));
    const answers = await Promise.all(
      asked.map(async (account) => {
        const current = await expectData<{ id: string }>(
          await t.request("GET", "/v1/workspaces/current", { headers: withKey(account.apiKey) }),
          200,
        );
        const other = account === a ? ofB : ofA;
        await expectError(await getDefinition(account.apiKey, other.id), 404, "NOT_FOUND");
        const own = account === a ? ofA : ofB;
        const definition = await expectData<{ workspaceId: string }>(
          await getDefinition(account.apiKey, own.id),
          200,
        );
        return [account.workspaceId, current.id, definition.workspaceId];
      }),
    );
    for (const [expected, ...seen] of answers) expect(seen).toEqual([expected, expected]);
  });

  it("cannot create a run of the other's definition, though the instance keeps that definition", async () => {
    const ofA = await createDefinition(a.apiKey, "kept");
    const create = (account: SignedUp) =>
      t.request("POST", "/v1/workflow-runs", {
        body: { definitionId: ofA.id },
        headers: withKey(account.apiKey),
      });
    await expectData(await create(a), 201);

    await expectError(await create(b), 404, "NOT_FOUND");
    await expectData(await create(a), 201);
  });
});
