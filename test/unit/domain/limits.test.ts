import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { exceedsJsonDepth, jsonTextExceedsDepth } from "../../../core/domain/json-bounds";
import { LIMITS } from "../../../core/domain/limits";

describe("docs/limits.md", () => {
  const doc = readFileSync(new URL("../../../docs/limits.md", import.meta.url), "utf8");
  const rows = doc.split("\n").filter((line) => line.startsWith("| "));

  for (const [name, value] of Object.entries(LIMITS)) {
    it(`lists ${name} with its value`, () => {
      const row = rows.find((line) => line.includes(`\`${name}\``));
      expect(row, `no row for ${name}`).toBeDefined();
      expect(row).toContain(value.toLocaleString("en-US"));
    });
  }
});

describe("JSON depth", () => {
  const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("allows text at the depth bound and refuses one level more, without parsing it", () => {
    expect(jsonTextExceedsDepth(nested(LIMITS.jsonDepth))).toBe(false);
    expect(jsonTextExceedsDepth(nested(LIMITS.jsonDepth + 1))).toBe(true);
    expect(jsonTextExceedsDepth(`{"a":${nested(100_000)}}`)).toBe(true);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ s: `"\\${"[".repeat(1000)}`, t: "{".repeat(1000) });
    expect(jsonTextExceedsDepth(text)).toBe(false);
  });

  it("measures parsed values the same way", () => {
    const parsed = JSON.parse(nested(LIMITS.jsonDepth)) as unknown;
    expect(exceedsJsonDepth(parsed)).toBe(false);
    expect(exceedsJsonDepth([parsed])).toBe(true);
  });
});
