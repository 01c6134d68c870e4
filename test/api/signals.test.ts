import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { expectData, expectError } from "../helpers/requests";
import { allEvents, createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let a: SignedUp;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { realTime: true });
  a = await signUp(t);
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

const signal = async (runId: string, body: Record<string, unknown>) =>
  (await expectData<{ status: string }>(await send("POST", `/v1/workflow-runs/${runId}/signals`, body), 202))
    .status;

/** A short wait first, so signals sent at once arrive before the run reaches the external_event step. */
// Long enough for the test's signals to arrive first even on a loaded machine (seen: 700 ms was not at load 15).
const afterAWait = (step: Record<string, unknown>) => [
  { type: "wait", name: "pause", durationMs: 2_500 },
  { type: "external_event", name: "events", ...step },
];

const types = async (runId: string, type: string) =>
  (await allEvents(t.request, a.apiKey, runId)).filter((event) => event.eventType === type);

describe("several signals, and signals sent early", () => {
  it("keeps two signals sent before the run reaches an `all` step, and the step takes both when it starts", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      afterAWait({ signalTypes: ["approved_by_legal", "paid"], mode: "all" }),
      "all-signals",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    expect(await signal(run.id, { signalType: "paid", payload: { amount: 40 } })).toBe("buffered");
    expect(await signal(run.id, { signalType: "approved_by_legal", payload: { by: "ann" } })).toBe(
      "buffered",
    );

    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(done.output).toMatchObject({
      events: { paid: { amount: 40 }, approved_by_legal: { by: "ann" } },
    });
    expect((await types(run.id, "SIGNAL_BUFFERED")).map((event) => event.payload.signalType)).toEqual([
      "paid",
      "approved_by_legal",
    ]);
    expect((await types(run.id, "SIGNAL_RECEIVED")).map((event) => event.payload)).toEqual([
      { stepName: "events", signalType: "paid", buffered: true },
      { stepName: "events", signalType: "approved_by_legal", buffered: true },
    ]);
  });

  it("with `any`, goes on with the first type to arrive; a later one is refused once the run has ended", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "external_event", name: "first", signalTypes: ["email", "sms"], mode: "any" }],
      "any-signal",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    await waitForRun(t.request, a.apiKey, run.id, withStatus("WAITING"));
    expect(await signal(run.id, { signalType: "sms", payload: { text: "yes" } })).toBe("delivered");
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(done.output).toMatchObject({ first: { sms: { text: "yes" } } });
    await expectError(
      await send("POST", `/v1/workflow-runs/${run.id}/signals`, { signalType: "email" }),
      409,
      "CONFLICT",
    );
  });

  it("applies a repeated signal id once, and waits on for the types still missing", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [
        { type: "external_event", name: "both", signalTypes: ["a", "b"], mode: "all", timeoutMs: 60_000 },
        { type: "external_event", name: "again", signalType: "a" },
      ],
      "idempotent-signals",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    await waitForRun(t.request, a.apiKey, run.id, withStatus("WAITING"));
    expect(await signal(run.id, { signalType: "a", id: "evt-1", payload: { n: 1 } })).toBe("delivered");
    // The same id again is not a second "a" (which the next step would take): nothing happens.
    expect(await signal(run.id, { signalType: "a", id: "evt-1", payload: { n: 1 } })).toBe("duplicate");
    const waiting = await waitForRun(t.request, a.apiKey, run.id, withStatus("WAITING"));
    expect(waiting.currentStepName).toBe("both");
    expect(await signal(run.id, { signalType: "b", id: "evt-2" })).toBe("delivered");
    const next = await waitForRun(
      t.request,
      a.apiKey,
      run.id,
      (current) => current.status === "WAITING" && current.currentStepName === "again",
    );
    expect(next.status).toBe("WAITING");
    expect(await types(run.id, "SIGNAL_BUFFERED")).toEqual([]);
  });

  it("keeps the spec's resume: 409 when not waiting, 400 for a type the step does not take; a listed type resumes", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      afterAWait({ signalTypes: ["x", "y"] }),
      "resume-several",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    await expectError(
      await send("POST", `/v1/workflow-runs/${run.id}/resume`, { signalType: "x" }),
      409,
      "CONFLICT",
    );
    await waitForRun(
      t.request,
      a.apiKey,
      run.id,
      (current) => current.status === "WAITING" && current.currentStepName === "events",
    );
    await expectError(
      await send("POST", `/v1/workflow-runs/${run.id}/resume`, { signalType: "z" }),
      400,
      "VALIDATION_ERROR",
    );
    await expectData(await send("POST", `/v1/workflow-runs/${run.id}/resume`, { signalType: "y" }), 200);
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(done.output).toMatchObject({ events: { y: {} } });
  });

  it("refuses a step with both signalType and signalTypes, or mode without signalTypes", async () => {
    for (const step of [
      { type: "external_event", name: "e", signalType: "a", signalTypes: ["b"] },
      { type: "external_event", name: "e", signalType: "a", mode: "all" },
    ]) {
      await expectError(
        await send("POST", "/v1/workflow-definitions", { name: "bad", version: "1", steps: [step] }),
        400,
        "VALIDATION_ERROR",
      );
    }
  });
});
