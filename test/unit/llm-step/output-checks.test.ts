import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../core/domain/limits";
import { Guardrail } from "../../../core/domain/llm-step";
import { checkOutput } from "../../../core/llm/output-checks";

const guard = (value: Record<string, unknown>) => Guardrail.parseAsync(value);

describe("checkOutput: responseFormat json and outputSchema", () => {
  it("puts {text} in the state for a text answer", () => {
    expect(checkOutput({}, "Hello")).toEqual({ ok: true, stateValue: { text: "Hello" }, json: undefined });
  });

  it("puts the parsed object in the state with responseFormat json, also from a fenced answer", () => {
    expect(checkOutput({ responseFormat: "json" }, '{"a":1}')).toEqual({
      ok: true,
      stateValue: { a: 1 },
      json: { a: 1 },
    });
    const fenced = checkOutput({ responseFormat: "json" }, '```json\n{"a":2}\n```');
    expect(fenced.ok && fenced.stateValue).toEqual({ a: 2 });
  });

  it("checks an answer at the output bound, and fails one past it before any check runs", async () => {
    const at = "a".repeat(LIMITS.stepOutputBytes);
    expect(checkOutput({}, at)).toMatchObject({ ok: true });
    const past = checkOutput(
      { guardrails: [await guard({ type: "regex", pattern: "^(a+)+$", mode: "must_match" })] },
      `${at}a`,
    );
    expect(past).toEqual({
      ok: false,
      error: expect.stringContaining("a step keeps at most"),
      guardrails: [],
    });
  });

  it("fails a JSON answer nested past the depth bound before the schema walks it, as one the model can repair", () => {
    const deep = `${'{"a":'.repeat(LIMITS.jsonDepth + 1)}1${"}".repeat(LIMITS.jsonDepth + 1)}`;
    expect(checkOutput({ outputSchema: { type: "object" } }, deep)).toEqual({
      ok: false,
      error: `The answer nests deeper than ${LIMITS.jsonDepth} levels`,
      guardrails: [],
      repairable: true,
    });
  });

  it.each([
    ["not JSON", "Sure! Here it is", "The answer is not valid JSON"],
    ["an array", "[1,2]", "The answer is JSON but not an object"],
    ["a string", '"x"', "The answer is JSON but not an object"],
  ])("fails an answer that is %s, as one the model can repair", (_what, text, error) => {
    expect(checkOutput({ responseFormat: "json" }, text)).toEqual({
      ok: false,
      error,
      guardrails: [],
      repairable: true,
    });
  });

  const schema = {
    type: "object",
    properties: { score: { type: "integer", minimum: 0 } },
    required: ["score"],
  };

  it("fails an answer that does not satisfy outputSchema, naming the problem", () => {
    const result = checkOutput({ responseFormat: "json", outputSchema: schema }, '{"score":-1}');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toMatch(/^The answer does not satisfy outputSchema: .*score.*>= 0/);
      expect(result.guardrails).toEqual([]);
    }
    expect(checkOutput({ responseFormat: "json", outputSchema: schema }, '{"score":3}').ok).toBe(true);
  });

  describe("JSON Schema patterns run in linear time", () => {
    const nested = {
      type: "object",
      properties: { x: { type: "string", pattern: "^(a+)+$" } },
      patternProperties: { "^(b+)+$": { type: "integer" } },
    };
    const answer = JSON.stringify({ x: `${"a".repeat(9_999)}b` });
    const keyed = JSON.stringify({ [`${"b".repeat(9_999)}c`]: "not checked", ["b".repeat(10_000)]: "no" });

    it("in outputSchema", () => {
      const started = performance.now();
      expect(checkOutput({ outputSchema: nested }, answer)).toMatchObject({
        ok: false,
        error: expect.stringMatching(
          /^The answer does not satisfy outputSchema: answer\/x must match pattern/,
        ),
      });
      expect(checkOutput({ outputSchema: nested }, keyed)).toMatchObject({
        ok: false,
        error: expect.stringMatching(
          /^The answer does not satisfy outputSchema: answer\/b+ must be integer$/,
        ),
      });
      // A bound, not a benchmark: the backtracking RegExp doubles its time with every character, so on these
      // 10,000 characters it would not end at all; 2 s leaves room for a loaded CI machine.
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(checkOutput({ outputSchema: nested }, JSON.stringify({ x: "aaa" })).ok).toBe(true);
    });

    it("in a json_schema guardrail", async () => {
      const rules = { guardrails: [await guard({ type: "json_schema", schema: nested })] };
      const started = performance.now();
      expect(checkOutput(rules, answer)).toMatchObject({
        ok: false,
        guardrails: [{ guardrail: "json_schema", reason: expect.stringContaining("must match pattern") }],
      });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(checkOutput(rules, JSON.stringify({ x: "aaa", bb: 1 })).ok).toBe(true);
    });

    it("keeps each pattern of a schema apart", () => {
      const two = {
        type: "object",
        properties: { a: { type: "string", pattern: "^a+$" }, b: { type: "string", pattern: "^b+$" } },
      };
      expect(checkOutput({ outputSchema: two }, '{"a":"aa","b":"bb"}').ok).toBe(true);
      expect(checkOutput({ outputSchema: two }, '{"a":"aa","b":"aa"}')).toMatchObject({
        ok: false,
        error: 'The answer does not satisfy outputSchema: answer/b must match pattern "^b+$"',
      });
    });
  });

  it("checks outputSchema even without responseFormat, keeping {text} in the state", () => {
    expect(checkOutput({ outputSchema: schema }, "nope")).toMatchObject({
      ok: false,
      error: "The answer is not valid JSON",
    });
    expect(checkOutput({ outputSchema: schema }, '{"score":1}')).toEqual({
      ok: true,
      stateValue: { text: '{"score":1}' },
      json: undefined,
    });
  });
});

describe("checkOutput: guardrails", () => {
  it("max_length counts characters (code points)", async () => {
    const rules = { guardrails: [await guard({ type: "max_length", maxChars: 5 })] };
    expect(checkOutput(rules, "héllo").ok).toBe(true);
    expect(checkOutput(rules, "👍👍👍👍👍").ok).toBe(true);
    expect(checkOutput(rules, "hello!")).toEqual({
      ok: false,
      error: "Guardrail max_length failed: The answer has 6 characters; at most 5 are allowed",
      guardrails: [{ guardrail: "max_length", reason: "The answer has 6 characters; at most 5 are allowed" }],
    });
  });

  it("regex must_match and must_not_match", async () => {
    const must = { guardrails: [await guard({ type: "regex", pattern: "^Dear ", mode: "must_match" })] };
    expect(checkOutput(must, "Dear Ann").ok).toBe(true);
    expect(checkOutput(must, "Hi Ann")).toMatchObject({
      ok: false,
      guardrails: [{ guardrail: "regex", reason: "The answer does not match /^Dear /" }],
    });
    const mustNot = {
      guardrails: [await guard({ type: "regex", pattern: "\\d{4}-\\d{4}", mode: "must_not_match" })],
    };
    expect(checkOutput(mustNot, "no card here").ok).toBe(true);
    expect(checkOutput(mustNot, "card 1234-5678")).toMatchObject({
      ok: false,
      guardrails: [{ reason: "The answer matches /\\d{4}-\\d{4}/" }],
    });
  });

  it("regex runs in linear time: a nested quantifier on a 10,000-character answer finishes at once", async () => {
    const nested = async (mode: string) => ({
      guardrails: [await guard({ type: "regex", pattern: "^(a+)+$", mode })],
    });
    const [mustMatch, mustNotMatch] = await Promise.all([nested("must_match"), nested("must_not_match")]);
    const answer = `${"a".repeat(9_999)}b`;
    const started = performance.now();
    expect(checkOutput(mustMatch, answer)).toMatchObject({
      ok: false,
      guardrails: [{ guardrail: "regex", reason: "The answer does not match /^(a+)+$/" }],
    });
    expect(checkOutput(mustNotMatch, answer).ok).toBe(true);
    // A bound, not a benchmark: the backtracking RegExp doubles its time with every character.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(checkOutput(mustMatch, "a".repeat(10_000)).ok).toBe(true);
  });

  it("blocklist matches whole words case-insensitively", async () => {
    const rules = {
      guardrails: [await guard({ type: "blocklist", words: ["secret", "top secret", "ass"] })],
    };
    expect(checkOutput(rules, "This is SECRET.")).toMatchObject({
      ok: false,
      guardrails: [{ guardrail: "blocklist", reason: "The answer contains blocked words: secret" }],
    });
    expect(checkOutput(rules, "It is Top Secret!")).toMatchObject({
      guardrails: [{ reason: "The answer contains blocked words: secret, top secret" }],
    });
    expect(checkOutput(rules, "A classic class, and secretary.").ok).toBe(true);
  });

  it("json_schema validates the parsed answer, and fails a text answer that is not JSON", async () => {
    const rules = {
      guardrails: [await guard({ type: "json_schema", schema: { type: "object", required: ["title"] } })],
    };
    expect(checkOutput(rules, '{"title":"x"}').ok).toBe(true);
    expect(checkOutput(rules, '{"name":"x"}')).toMatchObject({
      ok: false,
      guardrails: [{ guardrail: "json_schema", reason: expect.stringContaining("title") }],
    });
    expect(checkOutput(rules, "plain")).toMatchObject({
      guardrails: [{ reason: "The answer is not valid JSON" }],
    });
  });

  it("reports every failed guardrail, and fails with the first", async () => {
    const rules = {
      guardrails: [
        await guard({ type: "max_length", maxChars: 3 }),
        await guard({ type: "regex", pattern: "ok", mode: "must_match" }),
        await guard({ type: "blocklist", words: ["fine"] }),
      ],
    };
    const result = checkOutput(rules, "not good");
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.guardrails.map((failure) => failure.guardrail)).toEqual(["max_length", "regex"]);
      expect(result.error).toMatch(/^Guardrail max_length failed/);
    }
  });
});
