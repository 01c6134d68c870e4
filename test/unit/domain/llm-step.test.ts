import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../core/domain/limits";
import { accepted, issues, parseSteps, paths } from "../../helpers/step-schema";

const llm = { type: "llm", name: "l", model: "gpt-4o", systemPrompt: "Be brief" };

describe("llm bounds", () => {
  it("accepts guardrails and blocklist words at their bounds", async () => {
    const words = Array.from({ length: LIMITS.blocklistWords }, (_, i) =>
      `${i}`.padEnd(LIMITS.blocklistWordChars, "w"),
    );
    const guardrails = [
      { type: "blocklist", words },
      ...Array.from({ length: LIMITS.guardrails - 1 }, () => ({ type: "max_length", maxChars: 9 })),
    ];
    await accepted({ ...llm, guardrails });
  });

  it.each([
    ["long model", { ...llm, model: "x".repeat(101) }, ["model"]],
    ["six fallbackModels", { ...llm, fallbackModels: ["a", "b", "c", "d", "e", "f"] }, ["fallbackModels"]],
    ["temperature above 2", { ...llm, temperature: 2.1 }, ["temperature"]],
    ["negative temperature", { ...llm, temperature: -0.1 }, ["temperature"]],
    ["maxTokens 0", { ...llm, maxTokens: 0 }, ["maxTokens"]],
    ["maxTokens above 200000", { ...llm, maxTokens: 200_001 }, ["maxTokens"]],
    ["maxToolRounds 21", { ...llm, maxToolRounds: 21 }, ["maxToolRounds"]],
    ["responseFormat text", { ...llm, responseFormat: "text" }, ["responseFormat"]],
    ["message role tool", { ...llm, messages: [{ role: "tool", content: "x" }] }, ["messages", 0, "role"]],
    [
      "maxChars 0",
      { ...llm, guardrails: [{ type: "max_length", maxChars: 0 }] },
      ["guardrails", 0, "maxChars"],
    ],
    [
      "empty blocklist",
      { ...llm, guardrails: [{ type: "blocklist", words: [] }] },
      ["guardrails", 0, "words"],
    ],
    [
      "blank blocklist word",
      { ...llm, guardrails: [{ type: "blocklist", words: [""] }] },
      ["guardrails", 0, "words", 0],
    ],
    [
      "unknown regex mode",
      { ...llm, guardrails: [{ type: "regex", pattern: "a", mode: "match" }] },
      ["guardrails", 0, "mode"],
    ],
    ["remoteTool not a tool name", { ...llm, tools: [{ remoteTool: "1tool" }] }, ["tools", 0, "remoteTool"]],
    [
      "one guardrail past the bound",
      {
        ...llm,
        guardrails: Array.from({ length: LIMITS.guardrails + 1 }, () => ({
          type: "max_length",
          maxChars: 9,
        })),
      },
      ["guardrails"],
    ],
    [
      "one blocklist word past the bound",
      {
        ...llm,
        guardrails: [
          { type: "blocklist", words: Array.from({ length: LIMITS.blocklistWords + 1 }, (_, i) => `w${i}`) },
        ],
      },
      ["guardrails", 0, "words"],
    ],
    [
      "a blocklist word past its length bound",
      { ...llm, guardrails: [{ type: "blocklist", words: ["w".repeat(LIMITS.blocklistWordChars + 1)] }] },
      ["guardrails", 0, "words", 0],
    ],
  ])("rejects %s at the field", async (_label, step, path) => {
    expect(await paths(step)).toEqual([["steps", 0, ...path]]);
  });
});

describe("llm", () => {
  it("rejects a step with neither messages nor systemPrompt", async () => {
    const { systemPrompt: _, ...noPrompt } = llm;
    expect(await paths(noPrompt)).toEqual([["steps", 0, "messages"]]);
    expect(await paths({ ...noPrompt, messages: [] })).toEqual([["steps", 0, "messages"]]);
    await accepted({ ...noPrompt, messages: [{ role: "user", content: "Hi {{input.name}}" }] });
  });

  it("rejects a regex guardrail whose pattern does not compile", async () => {
    const [issue] = await issues({
      ...llm,
      guardrails: [{ type: "regex", pattern: "(", mode: "must_match" }],
    });
    expect(issue?.path).toEqual(["steps", 0, "guardrails", 0, "pattern"]);
    expect(issue?.message).toMatch(/regular expression/i);
  });

  describe("regex guardrail patterns run on RE2, so the definition refuses what RE2 cannot run", () => {
    const regex = (pattern: string) => ({
      ...llm,
      guardrails: [{ type: "regex", pattern, mode: "must_match" }],
    });
    const path = ["steps", 0, "guardrails", 0, "pattern"];

    it("accepts a pattern at the length bound and refuses one past it", async () => {
      await accepted(regex("a".repeat(LIMITS.regexPatternChars)));
      const [issue] = await issues(regex("a".repeat(LIMITS.regexPatternChars + 1)));
      expect(issue?.path).toEqual(path);
      expect(issue?.message).toBe(
        `A regular expression may have at most ${LIMITS.regexPatternChars} characters; this one has ${LIMITS.regexPatternChars + 1}`,
      );
    });

    it.each([
      ["(a)\\1", "backreferences are not supported"],
      ["^(?!x)", "lookahead and lookbehind are not supported"],
      ["x{0,1000}y", "at most 1000 are allowed"],
    ])("refuses %s", async (pattern, reason) => {
      const [issue] = await issues(regex(pattern));
      expect(issue?.path).toEqual(path);
      expect(issue?.message).toMatch(`Invalid regular expression: /${pattern}/: `);
      expect(issue?.message).toContain(reason);
    });

    it("accepts a pattern with nested quantifiers, which RE2 matches in linear time", async () => {
      await accepted(regex("^(a+)+$"));
    });
  });

  it.each([
    ["outputSchema", (schema: object) => ({ ...llm, outputSchema: schema }), ["outputSchema"]],
    [
      "json_schema guardrail",
      (schema: object) => ({ ...llm, guardrails: [{ type: "json_schema", schema }] }),
      ["guardrails", 0, "schema"],
    ],
    [
      "tool parameters",
      (schema: object) => ({
        ...llm,
        tools: [{ remoteTool: "crm", name: "find", description: "d", parameters: schema }],
      }),
      ["tools", 0, "parameters"],
    ],
  ])("checks the JSON Schema in %s", async (_label, withSchema, path) => {
    const [issue] = await issues(withSchema({ type: "strng" }));
    expect(issue?.path).toEqual(["steps", 0, ...path]);
    expect(issue?.message).toContain("must be equal to one of the allowed values");
    expect(await paths(withSchema({ properties: { a: { $ref: "#/$defs/missing" } } }))).toEqual([
      ["steps", 0, ...path],
    ]);
    await accepted(
      withSchema({ type: "object", properties: { email: { type: "string", format: "email" } } }),
    );
    await accepted(withSchema({ $schema: "https://json-schema.org/draft/2020-12/schema", type: "array" }));
    await accepted(withSchema({ type: "string", pattern: "^(a+)+$" }));
    for (const schema of [
      { type: "string", pattern: "^(a)\\1$" },
      { type: "object", patternProperties: { "^(?=x)": { type: "string" } } },
      { type: "string", pattern: "a".repeat(LIMITS.regexPatternChars + 1) },
    ]) {
      const [refused] = await issues(withSchema(schema));
      expect(refused?.path).toEqual(["steps", 0, ...path]);
      expect(refused?.message).toMatch(/^Invalid JSON Schema: (Invalid|A) regular expression/);
    }
  });

  it("lets two steps declare schemas with the same $id", async () => {
    const outputSchema = { $id: "https://example.com/out", type: "object" };
    const result = await parseSteps([
      { ...llm, name: "a", outputSchema },
      { ...llm, name: "b", outputSchema },
    ]);
    expect(result.success).toBe(true);
  });

  it("requires name, description and parameters together on a tool", async () => {
    expect(await paths({ ...llm, tools: [{ remoteTool: "crm", name: "find" }] })).toEqual([
      ["steps", 0, "tools", 0, "description"],
      ["steps", 0, "tools", 0, "parameters"],
    ]);
  });

  it("names the valid guardrail types for an unknown one", async () => {
    const [issue] = await issues({ ...llm, guardrails: [{ type: "profanity" }] });
    expect(issue?.path).toEqual(["steps", 0, "guardrails", 0, "type"]);
    expect(issue?.message).toBe(
      'Unknown guardrail type "profanity"; expected one of max_length, regex, blocklist, json_schema',
    );
  });
});
