import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { connectMcp, toolError, toolJson } from "../helpers/mcp-client";
import { type ErrorBody, expectData, expectError } from "../helpers/requests";
import { createDefinition, getRun, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The MCP tools that find a definition and steer a run (list_definitions, cancel_run, send_signal), over
 * POST /mcp: each answers what its REST route answers, and refuses what it refuses with the same error.
 */
let t: TestApp;
let account: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  account = await signUp(t);
});

const rest = (method: string, path: string, body?: unknown, apiKey = account.apiKey) =>
  t.request(method, path, { body, headers: withKey(apiKey) });

const HOLD = { type: "external_event", name: "hold", signalType: "go" };

/** A run that waits at an external_event step for "go" until a signal or a cancel moves it. */
async function waitingRun(apiKey = account.apiKey, steps: unknown[] = [HOLD]): Promise<string> {
  const definition = await createDefinition(t.request, apiKey, steps);
  const run = await startRun(t.request, apiKey, { definitionId: definition.id });
  await waitForRun(t.request, apiKey, run.id, withStatus("WAITING"));
  return run.id;
}

describe("list_definitions", () => {
  it("pages the workspace's definitions oldest first, as GET /v1/workflow-definitions lists them, without steps", async () => {
    const owner = await signUp(t);
    const steps = [{ type: "task", name: "only", handler: "set_state", config: { values: { a: 1 } } }];
    for (const name of ["first", "second", "third"])
      await createDefinition(t.request, owner.apiKey, steps, name);
    await createDefinition(t.request, account.apiKey, steps, "elsewhere");
    const listed = await expectData<Record<string, unknown>[]>(
      await rest("GET", "/v1/workflow-definitions", undefined, owner.apiKey),
      200,
    );
    const client = await connectMcp(t, owner.apiKey);

    const first = toolJson(await client.callTool({ name: "list_definitions", arguments: { pageSize: 2 } }));
    const withoutSteps = listed.map(({ stepsJson: _, ...summary }) => summary);
    expect(first).toEqual({ definitions: withoutSteps.slice(0, 2), nextCursor: listed[1]?.id });
    const second = toolJson(
      await client.callTool({
        name: "list_definitions",
        arguments: { pageSize: 2, cursor: first.nextCursor },
      }),
    );
    expect(second).toEqual({ definitions: withoutSteps.slice(2) });
    // The default page holds all three, as it would hold 20.
    const whole = toolJson(await client.callTool({ name: "list_definitions", arguments: {} }));
    expect((whole.definitions as { name: string }[]).map((definition) => definition.name)).toEqual([
      "first",
      "second",
      "third",
    ]);
  });

  it("refuses a page size outside 1 to 100 or a cursor no id could be, as the REST lists refuse a pageSize", async () => {
    const client = await connectMcp(t, account.apiKey);
    const tooLarge = toolError(
      await client.callTool({ name: "list_definitions", arguments: { pageSize: 101 } }),
    );
    const restTooLarge = await expectError(
      await rest("GET", "/v1/workflow-runs?pageSize=101"),
      400,
      "VALIDATION_ERROR",
    );
    expect(tooLarge.code).toBe("VALIDATION_ERROR");
    expect(tooLarge.details).toEqual(restTooLarge.details);
    const badCursor = toolError(
      await client.callTool({ name: "list_definitions", arguments: { cursor: "x".repeat(101) } }),
    );
    expect(badCursor).toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "cursor" }] } });
  });
});

describe("cancel_run", () => {
  it("cancels a live run as POST .../cancel does, and refuses a second cancel with the REST route's 409 error", async () => {
    const client = await connectMcp(t, account.apiKey);
    const runId = await waitingRun();

    const cancelled = toolJson(await client.callTool({ name: "cancel_run", arguments: { runId } }));
    const run = await getRun(t.request, account.apiKey, runId);
    expect(run.status).toBe("CANCELLED");
    expect(cancelled).toEqual({ id: runId, status: "CANCELLED", updatedAt: run.updatedAt });

    const again = toolError(await client.callTool({ name: "cancel_run", arguments: { runId } }));
    const restAgain = await expectError(
      await rest("POST", `/v1/workflow-runs/${runId}/cancel`),
      409,
      "CONFLICT",
    );
    expect(again).toEqual(restAgain);
  });

  it("finds no run of another workspace, nor one under an id no run could have", async () => {
    const runId = await waitingRun();
    const other = await connectMcp(t, (await signUp(t)).apiKey);
    const notFound: ErrorBody = { code: "NOT_FOUND", message: "Workflow run not found" };

    expect(toolError(await other.callTool({ name: "cancel_run", arguments: { runId } }))).toEqual(notFound);
    expect(toolError(await other.callTool({ name: "cancel_run", arguments: { runId: "a/../b" } }))).toEqual(
      notFound,
    );
    expect((await getRun(t.request, account.apiKey, runId)).status).toBe("WAITING");
  });
});

describe("send_signal", () => {
  it("delivers a signal to the waiting step, which goes on with its payload, and dedupes a repeated id", async () => {
    const client = await connectMcp(t, account.apiKey);
    const next = { type: "external_event", name: "next", signalType: "next" };
    const runId = await waitingRun(account.apiKey, [HOLD, next]);
    const send = async (signal: Record<string, unknown>) =>
      toolJson(await client.callTool({ name: "send_signal", arguments: { runId, ...signal } })).status;

    const sent = { signalType: "go", payload: { by: "ann" }, id: "sig-1" };
    expect(await send(sent)).toBe("delivered");
    await waitForRun(t.request, account.apiKey, runId, (run) => run.currentStepName === "next");
    expect(await send(sent)).toBe("duplicate");
    expect(await send({ signalType: "next" })).toBe("delivered");
    const done = await waitForRun(t.request, account.apiKey, runId, withStatus("COMPLETED"));
    expect(done.output).toMatchObject({ hold: { by: "ann" }, next: {} });
  });

  it("refuses what POST .../signals refuses, with the same error: an ended run, a bad type, a payload too large", async () => {
    const client = await connectMcp(t, account.apiKey);
    const runId = await waitingRun();
    await rest("POST", `/v1/workflow-runs/${runId}/cancel`);
    const refusedAlike = async (signal: Record<string, unknown>, status: number, code: string) => {
      const tool = toolError(await client.callTool({ name: "send_signal", arguments: { runId, ...signal } }));
      const route = await expectError(
        await rest("POST", `/v1/workflow-runs/${runId}/signals`, signal),
        status,
        code,
      );
      return { tool, route };
    };

    const ended = await refusedAlike({ signalType: "go" }, 409, "CONFLICT");
    expect(ended.tool).toEqual(ended.route);
    for (const bad of [{ signalType: "" }, { signalType: "go", payload: { text: "x".repeat(300_000) } }]) {
      const { tool, route } = await refusedAlike(bad, 400, "VALIDATION_ERROR");
      expect(tool.code).toBe("VALIDATION_ERROR");
      expect(tool.details).toEqual(route.details);
    }
  });
});

describe("the tools' refusals", () => {
  it("are the REST answer's error: start_run's bad input names the same fields as POST /v1/workflow-runs", async () => {
    const client = await connectMcp(t, account.apiKey);
    const body = { definitionId: "wfd_none", idempotencyKey: "" };
    const tool = toolError(await client.callTool({ name: "start_run", arguments: body }));
    const route = await expectError(await rest("POST", "/v1/workflow-runs", body), 400, "VALIDATION_ERROR");
    expect(tool.code).toBe("VALIDATION_ERROR");
    expect(tool.details).toEqual(route.details);
  });
});
