import { describe, expect, it } from "vitest";
import type { EventType } from "../../../core/domain/events";
import type { RunCommit } from "../../../core/domain/run-commit";
import type { StoredEvent } from "../../../core/domain/run-history";
import { isoAt } from "../../../core/domain/time";
import { metricsOf } from "../../../core/telemetry/run-metrics";
import { spansOf } from "../../../core/telemetry/run-spans";
import { runSpanIdOf, stepSpanIdOf, traceIdOf, turnSpanIdOf } from "../../../core/telemetry/trace-ids";
import { runRecord, SECOND, stepRun, T0 } from "../engine/builders";

let seq = 0;
function event(
  eventType: EventType,
  payload: Record<string, unknown>,
  stepRunId: string | null = "stp_1",
): StoredEvent {
  seq += 1;
  return {
    id: `evt_${seq}`,
    workflowRunId: "run_1",
    stepRunId,
    eventType,
    payload,
    createdAt: isoAt(T0),
    seq,
  };
}

const llmStep = stepRun({
  stepName: "draft",
  stepType: "llm",
  status: "COMPLETED",
  startedAt: isoAt(T0 - 10 * SECOND),
  completedAt: isoAt(T0),
});

/** An llm attempt that asked the model, ran a tool, asked again, and completed the run. */
function toolRoundCommit(): RunCommit {
  seq = 0;
  const model = { stepName: "draft", model: "claude-sonnet-4-5", provider: "anthropic" };
  return {
    expectedVersion: 3,
    statusBefore: "RUNNING",
    run: { ...runRecord(), status: "COMPLETED", active: null },
    stepRuns: [llmStep],
    events: [
      event("LLM_CALL_STARTED", { ...model, round: 0 }),
      event("LLM_CALL_COMPLETED", {
        ...model,
        inputTokens: 500,
        outputTokens: 40,
        costUsd: 0.0021,
        durationMs: 2000,
      }),
      event("TOOL_CALL_EXECUTED", {
        stepName: "draft",
        tool: "lookup",
        durationMs: 1000,
        ok: false,
        error: "404",
      }),
      event("LLM_CALL_COMPLETED", {
        ...model,
        inputTokens: 600,
        outputTokens: 80,
        costUsd: 0.003,
        durationMs: 3000,
      }),
      event("STEP_COMPLETED", { stepName: "draft", durationMs: 10_000 }),
      event("WORKFLOW_COMPLETED", { output: {}, durationMs: 70_000 }, null),
    ],
  };
}

describe("a commit's spans", () => {
  it("lays an attempt's calls end to end from its start, under the step, under the run", () => {
    const spans = spansOf(toolRoundCommit());
    expect(spans.map((span) => [span.name, span.startMs - T0, span.endMs - T0, span.error])).toEqual([
      ["step draft", -10_000, 0, undefined],
      ["chat claude-sonnet-4-5", -10_000, -8_000, undefined],
      // A failed call's span says its code, never the failure's text (a tenant's data).
      ["execute_tool lookup", -8_000, -7_000, "TOOL_FAILED"],
      ["chat claude-sonnet-4-5", -7_000, -4_000, undefined],
      ["workflow run", -60_000, 0, undefined],
    ]);
    const [step, firstCall, tool, , run] = spans;
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([traceIdOf("run_1")]));
    expect(run?.spanId).toBe(runSpanIdOf("run_1"));
    expect(run?.parentSpanId).toBeUndefined();
    expect(step?.parentSpanId).toBe(run?.spanId);
    expect(firstCall?.parentSpanId).toBe(step?.spanId);
    expect(firstCall?.attributes).toMatchObject({
      "gen_ai.provider.name": "anthropic",
      "gen_ai.usage.input_tokens": 500,
    });
    expect(tool?.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "lookup",
    });
  });

  it("gives an agent's turn a span in its own commit, and the turn's tools theirs under it in the next", () => {
    seq = 0;
    const agent = stepRun({ id: "stp_9", stepName: "helper", stepType: "agent", status: "RUNNING" });
    const running = runRecord();
    const unit = (turns: number, events: StoredEvent[]): RunCommit => ({
      expectedVersion: 4,
      statusBefore: "RUNNING",
      run: {
        ...running,
        active: {
          stepRun: agent,
          stepIndex: 0,
          lease: null,
          wait: null,
          retryAtMs: null,
          agent: {
            turns,
            transcript: "t",
            toolsPending: false,
            inputTokens: 0,
            outputTokens: 0,
            costUsd: 0,
          },
        },
      } as RunCommit["run"],
      stepRuns: [],
      events,
    });
    const model = { stepName: "helper", model: "gpt-4o-mini", provider: "openai" };
    const answered = { ...model, inputTokens: 90, outputTokens: 4, costUsd: 0.0000159, durationMs: 2000 };
    const turn = { stepName: "helper", turn: 3, toolCalls: ["lookup", "lookup"] };
    const modelUnit = spansOf(
      unit(3, [
        event("LLM_CALL_STARTED", { ...model, round: 0 }, "stp_9"),
        event("LLM_CALL_COMPLETED", answered, "stp_9"),
        event(
          "AGENT_TURN_COMPLETED",
          { ...turn, inputTokens: 90, outputTokens: 4, costUsd: 0.0000159 },
          "stp_9",
        ),
      ]),
    );
    const tool = (durationMs: number) => ({ stepName: "helper", tool: "lookup", durationMs, ok: true });
    const toolUnit = spansOf(
      unit(3, [
        event("TOOL_CALL_EXECUTED", tool(500), "stp_9"),
        event("TOOL_CALL_EXECUTED", tool(800), "stp_9"),
      ]),
    );

    expect(modelUnit.map((span) => [span.name, span.startMs - T0, span.endMs - T0])).toEqual([
      ["agent turn 3", -2000, 0],
      ["chat gpt-4o-mini", -2000, 0],
    ]);
    expect(modelUnit[0]?.spanId).toBe(turnSpanIdOf("stp_9", 3));
    expect(modelUnit[0]?.parentSpanId).toBe(stepSpanIdOf("stp_9", agent.attempt));
    expect(modelUnit[1]?.parentSpanId).toBe(modelUnit[0]?.spanId);
    // The turn's two tools ran side by side, ending by the tool unit's commit, under the turn's span.
    expect(
      toolUnit.map((span) => [span.name, span.startMs - T0, span.endMs - T0, span.parentSpanId]),
    ).toEqual([
      ["execute_tool lookup", -800, -300, turnSpanIdOf("stp_9", 3)],
      ["execute_tool lookup", -800, 0, turnSpanIdOf("stp_9", 3)],
    ]);
  });

  it("gives a span the same id each time it is built, and each attempt of a step its own", () => {
    const first = spansOf(toolRoundCommit());
    const again = spansOf(toolRoundCommit());
    expect(again.map((span) => span.spanId)).toEqual(first.map((span) => span.spanId));

    const retried = { ...toolRoundCommit(), stepRuns: [{ ...llmStep, attempt: 2 }] };
    expect(spansOf(retried)[0]?.spanId).not.toBe(first[0]?.spanId);
  });

  it("builds a failed attempt's span from the run's active step, which a failure leaves in place", () => {
    const failed = stepRun({ status: "FAILED", error: "it broke", completedAt: isoAt(T0) });
    const commit: RunCommit = {
      expectedVersion: 2,
      statusBefore: "RUNNING",
      run: {
        ...runRecord(),
        status: "RUNNING",
        active: { stepIndex: 0, stepRun: failed, lease: null, retryAtMs: T0 + SECOND, wait: null },
      },
      stepRuns: [],
      events: [
        event("STEP_FAILED", { stepName: "a", error: "it broke", attempt: 1 }),
        event("STEP_RETRYING", { stepName: "a", attempt: 2, delayMs: 1000, error: null }),
      ],
    };
    expect(spansOf(commit).map((span) => [span.name, span.error])).toEqual([["step a", "STEP_FAILED"]]);
    // A later commit that only touches the waiting retry ends nothing.
    expect(spansOf({ ...commit, events: [] })).toEqual([]);
  });
});

describe("a commit's metrics", () => {
  it("counts the run's end, the step's duration and each answered call's tokens and cost", () => {
    const model = { provider: "anthropic", model: "claude-sonnet-4-5" };
    const call = (input: number, output: number, costUsd: number) => [
      { name: "weft_llm_tokens_total", value: input, labels: { ...model, direction: "input" } },
      { name: "weft_llm_tokens_total", value: output, labels: { ...model, direction: "output" } },
      { name: "weft_llm_cost_usd_total", value: costUsd, labels: model },
    ];
    expect(metricsOf(toolRoundCommit())).toEqual([
      ...call(500, 40, 0.0021),
      ...call(600, 80, 0.003),
      { name: "weft_runs_completed_total", value: 1 },
      { name: "weft_step_duration_ms", value: 10_000, labels: { step_type: "llm", status: "COMPLETED" } },
    ]);
  });
});
