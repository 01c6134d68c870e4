import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { header } from "../fakes/fake-server";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData } from "../helpers/requests";
import { createDefinition, getRun, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

const SERVER_KEY = "sk-server-level-key-0000000000";
const WORKSPACE_KEY = "sk-workspace-own-key-1111111111";
const STEP = { type: "llm", name: "draft", model: "gpt-4o-mini", systemPrompt: "Say hi" };
const WITHHELD =
  "gpt-4o-mini: No API key is configured for openai (add one with PUT /v1/llm-providers; " +
  "the server's OPENAI_API_KEY is not available to this workspace)";

let fake: OpenAiFake;

beforeAll(async () => {
  fake = await startOpenAiFake();
});
afterAll(() => fake.close());

/** An app with a server-level OpenAI key, reached at the fake, and the given SERVER_PROVIDER_KEYS. */
const appWith = (env: Record<string, string>) =>
  createTestApp({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: SERVER_KEY, ...env });

/** Runs the one-step llm workflow for the account on `app` and returns its finished step. */
async function runStep(app: TestApp, account: SignedUp) {
  const definition = await createDefinition(app.request, account.apiKey, [STEP]);
  const run = await startRun(app.request, account.apiKey, { definitionId: definition.id, input: {} });
  await app.idle();
  const finished = await getRun(app.request, account.apiKey, run.id);
  return { status: finished.status, step: finished.steps[0] };
}

describe("SERVER_PROVIDER_KEYS=none", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await appWith({ SERVER_PROVIDER_KEYS: "none" });
  });

  it("fails the llm step of a workspace without its own key, saying the server key is not for it", async () => {
    fake.reset();
    const account = await signUp(app);
    const { status, step } = await runStep(app, account);

    expect(status).toBe("FAILED");
    expect(step).toMatchObject({ stepName: "draft", status: "FAILED", error: WITHHELD });
    expect(fake.requests).toEqual([]);
  });

  it("still calls the provider with the workspace's own key", async () => {
    fake.reset();
    const account = await signUp(app);
    await expectData(
      await app.request("PUT", "/v1/llm-providers", {
        body: { provider: "openai", apiKey: WORKSPACE_KEY },
        headers: withKey(account.apiKey),
      }),
      201,
    );
    fake.reply({ text: "Hi" });

    expect((await runStep(app, account)).status).toBe("COMPLETED");
    expect(fake.requests.map((request) => header(request, "authorization"))).toEqual([
      `Bearer ${WORKSPACE_KEY}`,
    ]);
  });
});

describe("SERVER_PROVIDER_KEYS=<workspace ids>", () => {
  let app: TestApp;
  let inside: SignedUp;
  let outside: SignedUp;

  beforeAll(async () => {
    // Workspace ids exist only after sign-up: sign up first, then serve the same table with the list.
    const first = await appWith({});
    inside = await signUp(first);
    outside = await signUp(first);
    const other = await signUp(first);
    app = await appWith({
      TABLE_NAME: first.deps.config.TABLE_NAME,
      SERVER_PROVIDER_KEYS: `${inside.workspaceId},${other.workspaceId}`,
    });
  });

  it("calls the provider with the server key for a listed workspace", async () => {
    fake.reset();
    fake.reply({ text: "Hi" });

    expect((await runStep(app, inside)).status).toBe("COMPLETED");
    expect(fake.requests.map((request) => header(request, "authorization"))).toEqual([
      `Bearer ${SERVER_KEY}`,
    ]);
  });

  it("fails the llm step of a workspace not listed, with the same reason", async () => {
    fake.reset();
    const { status, step } = await runStep(app, outside);

    expect(status).toBe("FAILED");
    expect(step?.error).toBe(WITHHELD);
    expect(fake.requests).toEqual([]);
  });
});

describe("SERVER_PROVIDER_KEYS=all (the default)", () => {
  it("calls the provider with the server key for any workspace", async () => {
    const app = await appWith({});
    fake.reset();
    fake.reply({ text: "Hi" });

    expect((await runStep(app, await signUp(app))).status).toBe("COMPLETED");
    expect(fake.requests.map((request) => header(request, "authorization"))).toEqual([
      `Bearer ${SERVER_KEY}`,
    ]);
  });
});
