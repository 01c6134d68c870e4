import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createDocumentClient, createDynamoClient } from "../../core/adapters/dynamodb/table/dynamo-client";
import { keys } from "../../core/adapters/dynamodb/table/keys";
import { INVITE_TTL_MS } from "../../core/auth/invites";
import { hashToken } from "../../core/security/secret-tokens";
import { expectData, expectError, type SignupData, uniqueEmail, uniqueSlug } from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

const ADMIN_TOKEN = "adm-invite-server-token-0123";
const PASSWORD = "correct horse battery";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_MODE: "invite", ADMIN_TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
});

const createInvite = (headers: Record<string, string> = { "x-admin-token": ADMIN_TOKEN }, app = t) =>
  app.request("POST", "/v1/invites", { headers });
async function freshCode(): Promise<string> {
  return (await expectData<{ code: string }>(await createInvite(), 201)).code;
}
const signup = (body: Record<string, unknown>) =>
  t.request("POST", "/v1/dashboard-auth/signup", {
    body: { email: uniqueEmail(), password: PASSWORD, workspaceName: "Invited Co", ...body },
  });
const expectRefused = async (response: Response) => {
  const error = await expectError(response, 403, "AUTH_ERROR");
  expect(error.message).toMatch(/invite code/i);
};

describe("POST /v1/invites", () => {
  it("returns 201 with only the code and its expiry, a week from now", async () => {
    const response = await createInvite();
    const invite = await expectData<{ code: string; expiresAt: string }>(response, 201);
    expect(Object.keys(invite).sort()).toEqual(["code", "expiresAt"]);
    expect(invite.code).toMatch(/^winv_[A-Za-z0-9_-]{43}$/);
    expect(invite.expiresAt).toBe(new Date(t.clock.nowMs() + INVITE_TTL_MS).toISOString());
  });

  it("stores only the code's hash, never the code", async () => {
    const code = await freshCode();
    const documents = createDocumentClient(
      createDynamoClient({ region: "us-east-1", endpoint: inject("dynamoEndpoint") }),
    );
    const { Item } = await documents.send(
      new GetCommand({ TableName: t.deps.config.TABLE_NAME, Key: keys.invite(hashToken(code)) }),
    );
    expect(Item).toBeDefined();
    expect(JSON.stringify(Item)).not.toContain(code);
  });

  it("answers 401 AUTH_ERROR without the admin token, with a wrong one, and to an API key alone", async () => {
    await expectError(await createInvite({}), 401, "AUTH_ERROR");
    await expectError(await createInvite({ "x-admin-token": `${ADMIN_TOKEN}x` }), 401, "AUTH_ERROR");
    await expectError(await createInvite({ "x-api-key": "svc_anything" }), 401, "AUTH_ERROR");
  });

  it("answers 401 to everyone when the server has no admin token", async () => {
    const open = await createTestApp();
    await expectError(await createInvite({ "x-admin-token": "" }, open), 401, "AUTH_ERROR");
    await expectError(await createInvite({ "x-admin-token": "anything" }, open), 401, "AUTH_ERROR");
  });
});

describe("sign-up with SIGNUP_MODE=invite", () => {
  it("tells the dashboard to ask for an invite code", async () => {
    const settings = await expectData(await t.request("GET", "/v1/dashboard-auth/config"), 200);
    expect(settings).toEqual({ signupMode: "invite" });
  });

  it("answers 403 AUTH_ERROR without a code, with an empty one and with an unknown one", async () => {
    await expectRefused(await signup({}));
    await expectRefused(await signup({ inviteCode: "" }));
    await expectRefused(await signup({ inviteCode: "winv_unknown-code" }));
  });

  it("signs up once with a fresh code, then refuses the same code", async () => {
    const inviteCode = await freshCode();
    const email = uniqueEmail();
    const data = await expectData<SignupData>(await signup({ email, inviteCode }), 201);
    expect(data.user.email).toBe(email);
    expect(JSON.stringify(data)).not.toContain(inviteCode);

    await expectRefused(await signup({ inviteCode }));
  });

  it("accepts a code 1 ms before it expires and refuses it at its expiry", async () => {
    const early = await freshCode();
    const late = await freshCode();
    t.clock.advance(INVITE_TTL_MS - 1);
    await expectData(await signup({ inviteCode: early }), 201);
    t.clock.advance(1);
    await expectRefused(await signup({ inviteCode: late }));
  });

  it("keeps the code unused when the sign-up fails for another reason", async () => {
    const inviteCode = await freshCode();
    const slug = uniqueSlug("taken");
    await expectData(await signup({ inviteCode: await freshCode(), workspaceSlug: slug }), 201);

    await expectError(await signup({ inviteCode, workspaceSlug: slug }), 409, "CONFLICT");
    await expectData(await signup({ inviteCode }), 201);
  });

  it("refuses a used code before telling whether the email has an account", async () => {
    const inviteCode = await freshCode();
    const email = uniqueEmail();
    await expectData(await signup({ email, inviteCode }), 201);
    await expectRefused(await signup({ email, inviteCode }));
  });

  it("lets exactly one of two simultaneous sign-ups with one code through", async () => {
    const inviteCode = await freshCode();
    const responses = await Promise.all([signup({ inviteCode }), signup({ inviteCode })]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 403]);
  });
});
