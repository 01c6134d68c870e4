import { describe, expect, it } from "vitest";
import { hasParameters, toGeminiSchema } from "../../../core/llm/providers/gemini-schema";

describe("toGeminiSchema", () => {
  it("keeps Gemini's keywords and drops the rest, recursively", () => {
    expect(
      toGeminiSchema({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        additionalProperties: false,
        properties: {
          tags: { type: "array", items: { type: "string", $comment: "x" }, maxItems: 3 },
          note: { type: ["string", "null"], description: "optional" },
          mode: { const: "fast" },
          level: { enum: [1, 2] },
        },
        required: ["tags", "missing"],
      }),
    ).toEqual({
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        note: { type: "string", nullable: true, description: "optional" },
        mode: { type: "string", enum: ["fast"] },
        level: {},
      },
      required: ["tags"],
    });
  });

  it("treats an object schema without properties as no parameters", () => {
    expect(hasParameters(toGeminiSchema({ type: "object", properties: {} }))).toBe(false);
    expect(hasParameters(toGeminiSchema({ type: "object", properties: { a: { type: "string" } } }))).toBe(
      true,
    );
  });
});
