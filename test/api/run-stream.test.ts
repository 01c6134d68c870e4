import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../core/ports/clock";
import { followRun, runToFollow, type StreamMessage } from "../../core/runs/follow-run";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData, expectError } from "../helpers/requests";
import { allEvents, createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { readUntil } from "../helpers/sse";
import { createTestApp, type TestApp } from "../helpers/test-app";

/** GET /v1/workflow-runs/:id/stream: replay from Last-Event-ID, then live, ending after the run's end. */
let t: TestApp;
let account: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  account = await signUp(t);
});

const openStream = (runId: string, apiKey: string, lastEventId?: string) =>
  t.request("GET", `/v1/workflow-runs/${runId}/stream`, {
    headers: { ...withKey(apiKey), ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) },
  });

const signalled = [
  { type: "task", name: "draft", handler: "set_state", config: { values: { draft: "hello" } } },
  { type: "external_event", name: "go", signalType: "go" },
  { type: "task", name: "after", handler: "set_state", config: { values: { done: true } } },
];

describe("a run's live stream", () => {
  it("delivers every event once across a reconnect with Last-Event-ID, then ends after the terminal event", async () => {
    const definition = await createDefinition(t.request, account.apiKey, signalled, "streamed");
    const run = await startRun(t.request, account.apiKey, { definitionId: definition.id });

    // First connection: everything up to the wait for the signal, then the client goes away.
    const first = await openStream(run.id, account.apiKey);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const before = await readUntil(
      first,
      (message) =>
        JSON.parse(message.data).eventType === "STEP_STARTED" &&
        JSON.parse(message.data).payload?.stepName === "go",
    );
    await waitForRun(t.request, account.apiKey, run.id, withStatus("WAITING"));
    const lastId = before.at(-1)?.id;
    expect(lastId).toBeDefined();

    await expectData(
      await t.request("POST", `/v1/workflow-runs/${run.id}/resume`, {
        body: { signalType: "go", payload: {} },
        headers: withKey(account.apiKey),
      }),
      200,
    );
    // Second connection, from the last event the first one got: the rest, and the end.
    const after = await readUntil(await openStream(run.id, account.apiKey, lastId));

    const stored = await allEvents(t.request, account.apiKey, run.id);
    const received = [...before, ...after].filter((message) => message.id !== undefined);
    expect(received.map((message) => Number(message.id))).toEqual(stored.map((_, index) => index + 1));
    expect(received.map((message) => JSON.parse(message.data))).toEqual(stored);
    expect(stored.at(-1)?.eventType).toBe("WORKFLOW_COMPLETED");
    expect(after.at(-1)).toMatchObject({ event: "end", data: JSON.stringify({ status: "COMPLETED" }) });
  });

  it("replays a finished run whole and ends at once; from its last event, only the end", async () => {
    const definition = await createDefinition(t.request, account.apiKey, [signalled[0]], "finished");
    const run = await startRun(t.request, account.apiKey, { definitionId: definition.id });
    await waitForRun(t.request, account.apiKey, run.id, withStatus("COMPLETED"));
    const stored = await allEvents(t.request, account.apiKey, run.id);

    const whole = await readUntil(await openStream(run.id, account.apiKey));
    const tail = await readUntil(await openStream(run.id, account.apiKey, String(stored.length)));

    expect(whole.filter((message) => message.id !== undefined)).toHaveLength(stored.length);
    expect(whole.at(-1)?.event).toBe("end");
    expect(tail.map((message) => message.event)).toEqual(["end"]);
  });

  it("without a run feed (on Lambda the worker is another process), finds new events by polling the store", async () => {
    const definition = await createDefinition(t.request, account.apiKey, signalled, "polled");
    const run = await startRun(t.request, account.apiKey, { definitionId: definition.id });
    await waitForRun(t.request, account.apiKey, run.id, withStatus("WAITING"));
    const polled = { store: t.deps.store, clock: systemClock };
    const record = await runToFollow(polled, account.workspaceId, run.id);
    const messages: StreamMessage[] = [];

    const following = (async () => {
      for await (const message of followRun(polled, record, 0, new AbortController().signal))
        messages.push(message);
    })();
    await expectData(
      await t.request("POST", `/v1/workflow-runs/${run.id}/resume`, {
        body: { signalType: "go", payload: {} },
        headers: withKey(account.apiKey),
      }),
      200,
    );
    await following;

    const stored = await allEvents(t.request, account.apiKey, run.id);
    expect(messages.filter((message) => message.kind === "event")).toHaveLength(stored.length);
    expect(messages.at(-1)).toEqual({ kind: "end", status: "COMPLETED" });
  });

  it("answers 404 for another workspace's run, 401 without a key and 400 for a bad Last-Event-ID", async () => {
    const definition = await createDefinition(t.request, account.apiKey, [signalled[0]], "private");
    const run = await startRun(t.request, account.apiKey, { definitionId: definition.id });
    const other = await signUp(t);

    await expectError(await openStream(run.id, other.apiKey), 404, "NOT_FOUND");
    await expectError(await t.request("GET", `/v1/workflow-runs/${run.id}/stream`), 401, "AUTH_ERROR");
    await expectError(await openStream(run.id, account.apiKey, "minus one"), 400, "VALIDATION_ERROR");
  });
});
