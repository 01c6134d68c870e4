import { describe, expect, it } from "vitest";
import { withKey } from "../helpers/accounts";
import type { ApprovalBody, RunBody, RunWithSteps } from "../helpers/api-types";
import {
  type CreatedKey,
  expectData,
  expectError,
  issuePaths,
  type KeySummary,
  uniqueSlug,
  type WorkspaceBody,
} from "../helpers/requests";
import { expectPage } from "../helpers/runs";
import {
  a,
  asSession,
  b,
  bearer,
  dash,
  PASSWORD,
  type SessionData,
  setUpDashboardApi,
  t,
} from "./dashboard-api-fixtures";

/**
 * The /dashboard/api/v1 mirror of the workspace routes: definitions, runs, approvals, API keys and workspaces
 * through the session in the selected workspace, the workspaces and routes it refuses, and the OpenAPI
 * document listing each route once, under /v1 only.
 */
setUpDashboardApi();

describe("the /dashboard/api/v1 mirror of the workspace routes", () => {
  it("creates and reads definitions, starts and lists runs, and answers approvals in the selected workspace", async () => {
    const definition = await expectData<{ id: string; name: string }>(
      await dash(a, "POST", "/workflow-definitions", {
        name: "dashboard-approval",
        version: "1",
        steps: [{ type: "approval", name: "review", contentKey: "input", prompt: "Publish?" }],
      }),
      201,
    );
    const fetched = await expectData<{ id: string }>(
      await dash(a, "GET", `/workflow-definitions/${definition.id}`),
      200,
    );
    expect(fetched.id).toBe(definition.id);
    // The same definition through the public API with the key: one workspace, two doors.
    const viaKey = await t.request("GET", `/v1/workflow-definitions/${definition.id}`, {
      headers: withKey(a.apiKey),
    });
    expect((await expectData<{ id: string }>(viaKey, 200)).id).toBe(definition.id);

    const run = await expectData<RunBody>(
      await dash(a, "POST", "/workflow-runs", {
        definitionId: definition.id,
        input: { text: "draft" },
        supersessionKey: "doc-1",
      }),
      201,
    );
    expect(run.workspaceId).toBe(a.workspaceId);
    await t.idle();

    const page = await expectPage<RunBody>(
      await dash(a, "GET", `/workflow-runs?definitionId=${definition.id}&supersessionKey=doc-1&pageSize=10`),
    );
    expect(page.data.map((listed) => listed.id)).toEqual([run.id]);
    const paused = await dash(a, "GET", `/workflow-runs?status=PAUSED&definitionId=${definition.id}`);
    expect((await expectPage<RunBody>(paused)).data.map((listed) => listed.id)).toEqual([run.id]);

    const pending = await expectData<ApprovalBody[]>(
      await dash(a, "GET", "/approval-requests?pending=true"),
      200,
    );
    const approval = pending.find((request) => request.workflowRunId === run.id);
    expect(approval).toBeDefined();
    await expectData(
      await dash(a, "POST", `/approval-requests/${approval?.id}/decide`, {
        decision: "edited",
        editedContent: { text: "final" },
        decidedBy: a.email,
      }),
      200,
    );
    await t.idle();
    const done = await expectData<RunWithSteps>(await dash(a, "GET", `/workflow-runs/${run.id}`), 200);
    expect(done.status).toBe("COMPLETED");
    const events = await expectPage<{ eventType: string }>(
      await dash(a, "GET", `/workflow-runs/${run.id}/events`),
    );
    expect(events.data.length).toBeGreaterThan(0);
  });

  it("creates an API key shown once, lists it and revokes it for the selected workspace", async () => {
    const created = await expectData<CreatedKey>(
      await dash(a, "POST", "/api-keys", { name: "from dashboard" }),
      201,
    );
    expect(created.key).toMatch(/^svc_/);
    // The new key is a real key of workspace A.
    const current = await t.request("GET", "/v1/workspaces/current", { headers: withKey(created.key) });
    expect((await expectData<WorkspaceBody>(current, 200)).id).toBe(a.workspaceId);

    const listed = await expectData<KeySummary[]>(await dash(a, "GET", "/api-keys"), 200);
    expect(listed.map((key) => key.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect(await expectData(await dash(a, "DELETE", `/api-keys/${created.id}`), 200)).toEqual({
      revoked: true,
    });
    await expectError(
      await t.request("GET", "/v1/workspaces/current", { headers: withKey(created.key) }),
      401,
      "AUTH_ERROR",
    );
    await expectError(await dash(a, "DELETE", `/api-keys/${created.id}`), 404, "NOT_FOUND");
  });

  it("lists webhooks, providers, remote tools and the cost summary of the selected workspace", async () => {
    expect(await expectData(await dash(a, "GET", "/webhooks"), 200)).toEqual([]);
    await expectData(await dash(a, "GET", "/llm-providers"), 200);
    await expectData(await dash(a, "GET", "/remote-tools"), 200);
    const summary = await expectData<{ workspaceId: string }>(await dash(a, "GET", "/cost/summary"), 200);
    expect(summary.workspaceId).toBe(a.workspaceId);
  });

  it("creates a workspace that the session can select at once", async () => {
    const slug = uniqueSlug("dash");
    const workspace = await expectData<WorkspaceBody>(
      await dash(a, "POST", "/workspaces", { name: "Second", slug }),
      201,
    );
    const session = await expectData<SessionData>(
      await t.request("GET", "/dashboard/api/session", { headers: bearer(a.token) }),
      200,
    );
    expect(session.workspaces.map((listed) => listed.id)).toEqual([a.workspaceId, workspace.id]);

    const current = await expectData<WorkspaceBody>(
      await dash(a, "GET", "/workspaces/current", undefined, workspace.id),
      200,
    );
    expect(current).toMatchObject({ id: workspace.id, slug });
    // The new workspace starts empty: workspace A's keys are not its keys.
    expect(await expectData(await dash(a, "GET", "/api-keys", undefined, workspace.id), 200)).toEqual([]);
  });

  it("answers 404 NOT_FOUND for a workspace the account does not belong to, or that does not exist", async () => {
    await expectError(await dash(a, "GET", "/workflow-runs", undefined, b.workspaceId), 404, "NOT_FOUND");
    await expectError(await dash(a, "GET", "/api-keys", undefined, "wsp_does_not_exist"), 404, "NOT_FOUND");
    await expectError(await dash(a, "GET", "/api-keys", undefined, "x".repeat(300)), 404, "NOT_FOUND");
    // And nothing of B's leaks through A's session: B's key list is unchanged by A's attempts.
    const bKeys = await expectData<KeySummary[]>(await dash(b, "GET", "/api-keys"), 200);
    expect(bKeys).toHaveLength(1);
  });

  it("answers 400 VALIDATION_ERROR naming x-workspace-id when the header is missing", async () => {
    const response = await t.request("GET", "/dashboard/api/v1/workflow-runs", { headers: bearer(a.token) });
    expect(issuePaths(await expectError(response, 400, "VALIDATION_ERROR"))).toEqual(["x-workspace-id"]);
  });

  it("answers 404 NOT_FOUND for an unknown route under the mirror, and does not mirror sign-up", async () => {
    await expectError(await dash(a, "GET", "/nothing-here"), 404, "NOT_FOUND");
    const signup = await t.request("POST", "/dashboard/api/v1/dashboard-auth/login", {
      body: { email: a.email, password: PASSWORD },
      headers: asSession(a),
    });
    await expectError(signup, 404, "NOT_FOUND");
  });
});

describe("GET /openapi.json", () => {
  it("lists no /dashboard path, and each workspace route once, under /v1", async () => {
    const doc = (await (await t.request("GET", "/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(doc.paths);
    expect(paths.filter((path) => path.includes("dashboard/api"))).toEqual([]);
    expect(paths.filter((path) => path.startsWith("/dashboard"))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(["/v1/workflow-runs", "/v1/api-keys", "/v1/cost/daily"]));
  });
});
