import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { createApiKey, expectData, expectError, listApiKeys } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

interface Definition {
  id: string;
  workspaceId: string;
  name: string;
  version: string;
}

let t: TestApp;
let a: SignedUp;
let b: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = await Promise.all([signUp(t), signUp(t)]);
});

async function createDefinition(apiKey: string, name = "n"): Promise<Definition> {
  return expectData<Definition>(
    await t.request("POST", "/v1/workflow-definitions", {
      body: { name, version: "1", steps: [{ type: "task", name: "a", handler: "noop" }] },
      headers: withKey(apiKey),
    }),
    201,
  );
}

describe("API keys across workspaces", () => {
  it("answers 404 NOT_FOUND and leaves the key working when A revokes B's key by id", async () => {
    const bKey = await createApiKey(t, b.apiKey, "b's key");

    await expectError(
      await t.request("DELETE", `/v1/api-keys/${bKey.id}`, { headers: withKey(a.apiKey) }),
      404,
      "NOT_FOUND",
    );

    const workspace = await expectData<{ id: string }>(
      await t.request("GET", "/v1/workspaces/current", { headers: withKey(bKey.key) }),
      200,
    );
    expect(workspace.id).toBe(b.workspaceId);
    expect((await listApiKeys(t, b.apiKey)).map((key) => key.id)).toContain(bKey.id);
  });

  it("never lists B's keys when A lists its keys", async () => {
    const aKey = await createApiKey(t, a.apiKey, "a's key");
    const bKey = await createApiKey(t, b.apiKey, "b's key");
    const bIds = (await listApiKeys(t, b.apiKey)).map((key) => key.id);
    expect(bIds).toContain(bKey.id);

    const aIds = (await listApiKeys(t, a.apiKey)).map((key) => key.id);
    expect(aIds).toContain(aKey.id);
    for (const id of bIds) expect(aIds).not.toContain(id);
  });
});

describe("workflow definitions across workspaces", () => {
  it("answers 404 NOT_FOUND and leaves the definition readable by B when A reads B's definition by id", async () => {
    const bDefinition = await createDefinition(b.apiKey, "b-only");

    await expectError(
      await t.request("GET", `/v1/workflow-definitions/${bDefinition.id}`, { headers: withKey(a.apiKey) }),
      404,
      "NOT_FOUND",
    );

    const stillThere = await expectData<Definition>(
      await t.request("GET", `/v1/workflow-definitions/${bDefinition.id}`, { headers: withKey(b.apiKey) }),
      200,
    );
    expect(stillThere).toEqual(bDefinition);
  });

  it("never lists B's definitions when A lists its definitions", async () => {
    const aDefinition = await createDefinition(a.apiKey, "a-def");
    const bDefinition = await createDefinition(b.apiKey, "b-def");

    const aList = await expectData<Definition[]>(
      await t.request("GET", "/v1/workflow-definitions", { headers: withKey(a.apiKey) }),
      200,
    );
    const aIds = aList.map((definition) => definition.id);
    expect(aIds).toContain(aDefinition.id);
    expect(aIds).not.toContain(bDefinition.id);
    for (const definition of aList) expect(definition.workspaceId).toBe(a.workspaceId);
  });
});
