import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { connectMcp, toolJson as json, toolError } from "../helpers/mcp-client";
import { expectData } from "../helpers/requests";
import { createDefinition, getRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** /mcp driven by the official MCP client, as Claude or Cursor would drive it, with the workspace's API key. */
let t: TestApp;
let account: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  account = await signUp(t);
});

const connect = (apiKey: string) => connectMcp(t, apiKey);

describe("the MCP endpoint", () => {
  it("lists its tools, starts a run, lists its pending approval and approves it with an edit", async () => {
    const client = await connect(account.apiKey);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "cancel_run",
      "decide_approval",
      "get_run",
      "list_definitions",
      "list_pending_approvals",
      "send_signal",
      "start_run",
    ]);
    const definition = await createDefinition(t.request, account.apiKey, [
      {
        type: "task",
        name: "draft",
        handler: "set_state",
        config: { values: { draft: { text: "Hi {{input.name}}" } } },
      },
      { type: "approval", name: "check", contentKey: "draft", prompt: "Send this?" },
    ]);

    const started = json(
      await client.callTool({
        name: "start_run",
        arguments: { definitionId: definition.id, input: { name: "Ada" } },
      }),
    );
    await waitForRun(t.request, account.apiKey, String(started.id), withStatus("PAUSED"));
    const pending = json(
      await client.callTool({ name: "list_pending_approvals", arguments: {} }),
    ) as unknown as {
      id: string;
      workflowRunId: string;
      content: unknown;
    }[];
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ workflowRunId: started.id, content: { text: "Hi Ada" } });

    const decided = json(
      await client.callTool({
        name: "decide_approval",
        arguments: {
          approvalId: pending[0]?.id,
          decision: "edited",
          editedContent: { text: "Hello Ada" },
          comment: "warmer",
        },
      }),
    );
    expect(decided).toMatchObject({ decision: "edited", comment: "warmer" });
    await waitForRun(t.request, account.apiKey, String(started.id), withStatus("COMPLETED"));
    const run = json(await client.callTool({ name: "get_run", arguments: { runId: started.id } }));
    expect(run).toMatchObject({ id: started.id, status: "COMPLETED" });
    const finished = await getRun(t.request, account.apiKey, String(started.id));
    expect(finished.output).toMatchObject({ draft: { text: "Hello Ada" } });
    expect(json(await client.callTool({ name: "list_pending_approvals", arguments: {} }))).toEqual([]);
  });

  it("keeps workspaces apart: another workspace's run is a tool error, not its data", async () => {
    const other = await signUp(t);
    const client = await connect(other.apiKey);
    const definition = await createDefinition(t.request, account.apiKey, [
      { type: "task", name: "only", handler: "set_state", config: { values: { a: 1 } } },
    ]);
    const mine = await connect(account.apiKey);
    const started = json(
      await mine.callTool({ name: "start_run", arguments: { definitionId: definition.id } }),
    );

    const result = await client.callTool({ name: "get_run", arguments: { runId: started.id } });
    expect(toolError(result)).toEqual({ code: "NOT_FOUND", message: "Workflow run not found" });
  });

  it("decides as its API key: it cannot meet a quorum by naming assignees, and its decisions name the key", async () => {
    const client = await connect(account.apiKey);
    const [key] = await expectData<{ id: string; name: string }[]>(
      await t.request("GET", "/v1/api-keys", { headers: withKey(account.apiKey) }),
      200,
    );
    const start = async (step: Record<string, unknown>) => {
      const steps = [{ type: "approval", name: "review", contentKey: "input", ...step }];
      const definition = await createDefinition(t.request, account.apiKey, steps);
      const run = json(
        await client.callTool({ name: "start_run", arguments: { definitionId: definition.id } }),
      );
      await waitForRun(t.request, account.apiKey, String(run.id), withStatus("PAUSED"));
      const listed = json(
        await client.callTool({ name: "list_pending_approvals", arguments: { workflowRunId: run.id } }),
      );
      return { runId: String(run.id), approvalId: String(listed[0]?.id) };
    };
    const decide = (approvalId: string, decidedBy: string) =>
      client.callTool({
        name: "decide_approval",
        arguments: { approvalId, decision: "approved", decidedBy },
      });

    const voted = await start({
      assignees: ["v1@example.com", "v2@example.com", "v3@example.com"],
      quorum: { approvals: 2 },
    });
    const votes = [
      await decide(voted.approvalId, "v1@example.com"),
      await decide(voted.approvalId, "v2@example.com"),
    ];
    expect(votes.map((vote) => toolError(vote).code)).toEqual(["FORBIDDEN", "FORBIDDEN"]);
    expect((await getRun(t.request, account.apiKey, voted.runId)).status).toBe("PAUSED");

    const plain = await start({});
    const decided = json(await decide(plain.approvalId, "ana@example.com"));
    expect(decided).toMatchObject({
      decidedBy: "ana@example.com",
      decidedAs: { kind: "api-key", id: key?.id, name: key?.name },
    });
  });

  it("answers GET /mcp (a server-to-client stream) 405: the server is stateless", async () => {
    const response = await t.request("GET", "/mcp", {
      headers: { ...withKey(account.apiKey), accept: "text/event-stream" },
    });
    expect(response.status).toBe(405);
  });

  it("refuses a request without an API key with 401", async () => {
    const response = await t.request("POST", "/mcp", {
      body: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      headers: { accept: "application/json, text/event-stream" },
    });
    expect(response.status).toBe(401);
  });
});
