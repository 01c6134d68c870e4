import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import {
  expectData,
  expectError,
  ISO_UTC_MS,
  issuePaths,
  type KeySummary,
  listApiKeys,
  signUpFull,
  uniqueSlug,
  type WorkspaceBody,
} from "../helpers/requests";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let account: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: "1000" });
  account = await signUp(t);
});

const createWorkspace = (body: unknown, headers: Record<string, string> = {}) =>
  t.request("POST", "/v1/workspaces", { body, headers: { ...withKey(account.apiKey), ...headers } });

describe("GET /v1/workspaces/current", () => {
  it("returns the workspace of the calling key when the key is valid", async () => {
    const signup = await signUpFull(t, { workspaceName: "Current Co", workspaceSlug: uniqueSlug("current") });
    const workspace = await expectData<WorkspaceBody>(
      await t.request("GET", "/v1/workspaces/current", { headers: withKey(signup.apiKey.key) }),
      200,
    );
    expect(workspace).toEqual(signup.workspace);
    expect(Object.keys(workspace).sort()).toEqual(["createdAt", "id", "name", "slug", "updatedAt"]);
  });

  it("answers 401 AUTH_ERROR when no x-api-key is sent", async () => {
    await expectError(await t.request("GET", "/v1/workspaces/current"), 401, "AUTH_ERROR");
  });
});

describe("POST /v1/workspaces", () => {
  it("returns 201 with id, name, slug, createdAt and updatedAt when name and slug are valid", async () => {
    const slug = uniqueSlug("second");
    const workspace = await expectData<WorkspaceBody>(
      await createWorkspace({ name: "Second workspace", slug }),
      201,
    );
    expect(workspace).toEqual({
      id: expect.any(String),
      name: "Second workspace",
      slug,
      createdAt: expect.stringMatching(ISO_UTC_MS),
      updatedAt: expect.stringMatching(ISO_UTC_MS),
    });
    expect(workspace.id).not.toBe(account.workspaceId);
  });

  it("issues no API key when a workspace is created", async () => {
    const before = await listApiKeys(t, account.apiKey);
    const response = await createWorkspace({ name: "Keyless", slug: uniqueSlug("keyless") });
    const text = await response.clone().text();
    await expectData<WorkspaceBody>(response, 201);

    expect(text).not.toContain("svc_");
    const after = await listApiKeys(t, account.apiKey);
    expect(after.map((key: KeySummary) => key.id)).toEqual(before.map((key) => key.id));
  });

  it("leaves the calling key in its own workspace when another workspace is created", async () => {
    await expectData(await createWorkspace({ name: "Elsewhere", slug: uniqueSlug("elsewhere") }), 201);
    const current = await expectData<WorkspaceBody>(
      await t.request("GET", "/v1/workspaces/current", { headers: withKey(account.apiKey) }),
      200,
    );
    expect(current.id).toBe(account.workspaceId);
  });

  it("answers 400 VALIDATION_ERROR naming name when name is empty", async () => {
    const error = await expectError(
      await createWorkspace({ name: "", slug: uniqueSlug() }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toContain("name");
  });

  it("answers 400 VALIDATION_ERROR naming slug when the slug has uppercase letters or underscores", async () => {
    const error = await expectError(
      await createWorkspace({ name: "Bad", slug: "Bad_Slug" }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toContain("slug");
  });

  it("answers 400 VALIDATION_ERROR naming slug when the slug is longer than 50 characters", async () => {
    const error = await expectError(
      await createWorkspace({ name: "Long", slug: "a".repeat(51) }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toContain("slug");
  });

  it("accepts a slug of exactly 50 characters when the workspace is created", async () => {
    const slug = `${uniqueSlug("max")}-`.padEnd(50, "z");
    const workspace = await expectData<WorkspaceBody>(await createWorkspace({ name: "Max", slug }), 201);
    expect(workspace.slug).toBe(slug);
  });

  it("answers 409 CONFLICT when the slug belongs to a workspace created with POST", async () => {
    const slug = uniqueSlug("taken");
    await expectData(await createWorkspace({ name: "First", slug }), 201);
    await expectError(await createWorkspace({ name: "Second", slug }), 409, "CONFLICT");
  });

  it("answers 409 CONFLICT when the slug belongs to a workspace created by a sign-up", async () => {
    const slug = uniqueSlug("signup");
    await signUpFull(t, { workspaceName: "Signed up", workspaceSlug: slug });
    await expectError(await createWorkspace({ name: "Copycat", slug }), 409, "CONFLICT");
  });

  it("answers 401 AUTH_ERROR when no x-api-key is sent", async () => {
    await expectError(
      await t.request("POST", "/v1/workspaces", { body: { name: "Anon", slug: uniqueSlug() } }),
      401,
      "AUTH_ERROR",
    );
  });

  it("creates exactly one workspace when ten requests race for one slug", async () => {
    const slug = uniqueSlug("race");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createWorkspace({ name: `Racer ${i}`, slug })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const response of responses) {
      if (response.status === 409) await expectError(response, 409, "CONFLICT");
      else await expectData<WorkspaceBody>(response, 201);
    }
  });
});

describe("POST /v1/workspaces with ADMIN_TOKEN configured", () => {
  const ADMIN_TOKEN = "admin-token-for-tests-0123456789";
  let admin: TestApp;
  let adminKey: string;

  beforeAll(async () => {
    admin = await createTestApp({ ADMIN_TOKEN });
    adminKey = (await signUp(admin)).apiKey;
  });

  const post = (headers: Record<string, string>) =>
    admin.request("POST", "/v1/workspaces", {
      body: { name: "Admin made", slug: uniqueSlug("admin") },
      headers: { ...withKey(adminKey), ...headers },
    });

  it("answers 401 AUTH_ERROR when x-admin-token is missing", async () => {
    await expectError(await post({}), 401, "AUTH_ERROR");
  });

  it("answers 401 AUTH_ERROR when x-admin-token is wrong", async () => {
    await expectError(await post({ "x-admin-token": `${ADMIN_TOKEN}x` }), 401, "AUTH_ERROR");
  });

  it("answers 201 when x-admin-token matches", async () => {
    const workspace = await expectData<WorkspaceBody>(await post({ "x-admin-token": ADMIN_TOKEN }), 201);
    expect(workspace.name).toBe("Admin made");
  });

  it("answers 401 AUTH_ERROR when the admin token is right but x-api-key is missing", async () => {
    await expectError(
      await admin.request("POST", "/v1/workspaces", {
        body: { name: "No key", slug: uniqueSlug("nokey") },
        headers: { "x-admin-token": ADMIN_TOKEN },
      }),
      401,
      "AUTH_ERROR",
    );
  });
});
