import { describe, expect, it } from "vitest";
import {
  computeBackoffMs,
  DEFAULT_RETRY_POLICY,
  RetryPolicy,
  retryDelay,
} from "../../../core/domain/retry-policy";
import { accepted, issues, paths } from "../../helpers/step-schema";

const ONE_YEAR_MS = 31_536_000_000;

const task = { type: "task", name: "t", handler: "noop" };
const wait = { type: "wait", name: "w", durationMs: 1000 };
const condition = { type: "condition", name: "c", expression: "input.ok", trueStep: "c", falseStep: "c" };
const externalEvent = { type: "external_event", name: "e", signalType: "payment" };
const llm = { type: "llm", name: "l", model: "gpt-4o", systemPrompt: "Be brief" };
const approval = { type: "approval", name: "a", contentKey: "draft" };

describe("minimal steps", () => {
  it("accepts each step type and applies defaults", async () => {
    expect(await accepted(task)).toEqual({ ...task, config: {} });
    expect(await accepted(wait)).toEqual(wait);
    expect(
      await accepted({ type: "wait", name: "w", untilTimestamp: "2030-01-01T00:00:00+02:00" }),
    ).toBeDefined();
    expect(await accepted(condition)).toEqual(condition);
    expect(await accepted(externalEvent)).toEqual(externalEvent);
    expect(await accepted(llm)).toEqual({ ...llm, maxToolRounds: 5 });
    expect(await accepted(approval)).toEqual(approval);
  });

  it("fills retry defaults and leaves an absent retry absent", async () => {
    expect(await accepted({ ...task, retry: {} })).toMatchObject({
      retry: { maxAttempts: 1, backoffMs: 1000, backoffMultiplier: 2, maxBackoffMs: 300_000 },
    });
    expect(await accepted({ ...task, retry: { maxAttempts: 3 } })).toMatchObject({
      retry: { maxAttempts: 3 },
    });
    expect(await accepted(task)).not.toHaveProperty("retry");
  });

  it("accepts values on the edges of every bound", async () => {
    await accepted({ ...wait, durationMs: 0 });
    await accepted({ ...wait, durationMs: ONE_YEAR_MS });
    await accepted({ ...externalEvent, timeoutMs: 1000 });
    await accepted({ ...approval, timeoutMs: ONE_YEAR_MS, prompt: "x".repeat(10_000) });
    await accepted({
      ...llm,
      temperature: 0,
      maxTokens: 200_000,
      maxToolRounds: 0,
      fallbackModels: ["a", "b", "c", "d", "e"],
    });
    await accepted({ ...llm, temperature: 2, maxTokens: 1, maxToolRounds: 20 });
    await accepted({
      ...task,
      retry: { maxAttempts: 20, backoffMs: 3_600_000, backoffMultiplier: 10, maxBackoffMs: 0 },
    });
  });
});

describe("bounds", () => {
  it.each([
    ["empty name", { ...task, name: "" }, ["name"]],
    ["long name", { ...task, name: "x".repeat(101) }, ["name"]],
    ["empty outputKey", { ...task, outputKey: "" }, ["outputKey"]],
    ["long handler", { ...task, handler: "x".repeat(101) }, ["handler"]],
    ["config not an object", { ...task, config: [] }, ["config"]],
    ["maxAttempts 0", { ...task, retry: { maxAttempts: 0 } }, ["retry", "maxAttempts"]],
    ["maxAttempts 21", { ...task, retry: { maxAttempts: 21 } }, ["retry", "maxAttempts"]],
    ["maxAttempts 1.5", { ...task, retry: { maxAttempts: 1.5 } }, ["retry", "maxAttempts"]],
    ["backoffMs too big", { ...task, retry: { backoffMs: 3_600_001 } }, ["retry", "backoffMs"]],
    ["backoffMultiplier < 1", { ...task, retry: { backoffMultiplier: 0.5 } }, ["retry", "backoffMultiplier"]],
    ["backoffMultiplier > 10", { ...task, retry: { backoffMultiplier: 11 } }, ["retry", "backoffMultiplier"]],
    ["negative maxBackoffMs", { ...task, retry: { maxBackoffMs: -1 } }, ["retry", "maxBackoffMs"]],
    ["negative durationMs", { ...wait, durationMs: -1 }, ["durationMs"]],
    ["durationMs over a year", { ...wait, durationMs: ONE_YEAR_MS + 1 }, ["durationMs"]],
    ["fractional durationMs", { ...wait, durationMs: 1.5 }, ["durationMs"]],
    [
      "untilTimestamp without offset",
      { type: "wait", name: "w", untilTimestamp: "2030-01-01T00:00:00" },
      ["untilTimestamp"],
    ],
    ["long expression", { ...condition, expression: "x".repeat(201) }, ["expression"]],
    ["empty signalType", { ...externalEvent, signalType: "" }, ["signalType"]],
    ["event timeout too short", { ...externalEvent, timeoutMs: 999 }, ["timeoutMs"]],
    ["event timeout over a year", { ...externalEvent, timeoutMs: ONE_YEAR_MS + 1 }, ["timeoutMs"]],
    ["long contentKey", { ...approval, contentKey: "x".repeat(201) }, ["contentKey"]],
    ["long prompt", { ...approval, prompt: "x".repeat(10_001) }, ["prompt"]],
    ["approval timeout too short", { ...approval, timeoutMs: 999 }, ["timeoutMs"]],
  ])("rejects %s at the field", async (_label, step, path) => {
    expect(await paths(step)).toEqual([["steps", 0, ...path]]);
  });
});

describe("wait", () => {
  it("rejects both durationMs and untilTimestamp", async () => {
    expect(await paths({ ...wait, untilTimestamp: "2030-01-01T00:00:00Z" })).toEqual([
      ["steps", 0, "untilTimestamp"],
    ]);
  });

  it("rejects neither durationMs nor untilTimestamp", async () => {
    expect(await paths({ type: "wait", name: "w" })).toEqual([["steps", 0, "durationMs"]]);
  });
});

describe("step type and unknown fields", () => {
  it("names the ten valid step types for an unknown type", async () => {
    const [issue] = await issues({ type: "sleep", name: "s" });
    expect(issue?.path).toEqual(["steps", 0, "type"]);
    expect(issue?.message).toBe(
      'Unknown step type "sleep"; expected one of task, wait, condition, external_event, llm, approval, parallel, map, sub_workflow, agent',
    );
  });

  it("says when the type is missing", async () => {
    expect((await issues({ name: "s" }))[0]?.message).toMatch(/^Missing step type; expected one of task,/);
  });

  it("rejects a misspelled field instead of ignoring it", async () => {
    const found = await issues({ type: "wait", name: "w", durationMS: 1000 });
    expect(found).toContainEqual(
      expect.objectContaining({ code: "unrecognized_keys", path: ["steps", 0], keys: ["durationMS"] }),
    );
  });

  it("rejects a field of another step type", async () => {
    expect((await issues({ ...task, signalType: "x" }))[0]).toMatchObject({
      code: "unrecognized_keys",
      keys: ["signalType"],
    });
  });
});

describe("computeBackoffMs", () => {
  const policy = { backoffMs: 1000, backoffMultiplier: 2, maxBackoffMs: 5000 };

  it("grows by the multiplier after each failed attempt", async () => {
    expect([1, 2, 3].map((attempt) => computeBackoffMs(policy, attempt))).toEqual([1000, 2000, 4000]);
  });

  it("is capped by maxBackoffMs", async () => {
    expect(computeBackoffMs(policy, 4)).toBe(5000);
    expect(computeBackoffMs(policy, 10_000)).toBe(5000);
  });

  it("uses the defaults of a step without retry", async () => {
    expect(computeBackoffMs(DEFAULT_RETRY_POLICY, 1)).toBe(1000);
    expect(computeBackoffMs(DEFAULT_RETRY_POLICY, 20)).toBe(300_000);
  });
});

describe("retryDelay", () => {
  const policy = RetryPolicy.parse({ maxAttempts: 3, backoffMs: 1000, maxBackoffMs: 60_000 });

  it("waits as long as a Retry-After asks when that is longer than the backoff, and says why", () => {
    expect(retryDelay(policy, 1, 3000)).toEqual({ delayMs: 3000, retryAfterMs: 3000 });
    expect(retryDelay(policy, 1)).toEqual({ delayMs: 1000 });
  });

  it("keeps the backoff when the server asks for less", () => {
    expect(retryDelay(policy, 3, 500)).toEqual({ delayMs: 4000, retryAfterMs: 500 });
  });

  it("waits no longer than maxBackoffMs, however long the server asks", () => {
    expect(retryDelay(policy, 1, 3_600_000)).toEqual({ delayMs: 60_000, retryAfterMs: 3_600_000 });
  });
});
