import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { timeoutMs } from "../../../sdk/src/cli/duration";
import { UsageError } from "../../../sdk/src/cli/exit-codes";
import { instantOption } from "../../../sdk/src/cli/instant";

describe("the CLI's durations", () => {
  it.each([
    ["90", 90_000],
    ["0.3", 300],
    ["500ms", 500],
    ["10s", 10_000],
    ["2m", 120_000],
    ["1h", 3_600_000],
    ["1.5s", 1500],
  ])("reads --timeout %s as %i ms", (text, ms) => {
    expect(timeoutMs(text)).toBe(ms);
  });

  it.each(["10x", "soon", "", "0", "0s", "-5", "1w", "10 s", "1e3"])("refuses --timeout %j", (text) => {
    expect(() => timeoutMs(text)).toThrow(InvalidArgumentError);
  });

  it("reads an age in seconds as --since does minutes, and refuses one in weeks", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");

    expect(instantOption("--since", "90s", now)).toBe("2026-11-28T11:58:30.000Z");
    expect(instantOption("--since", "24h", now)).toBe("2026-11-27T12:00:00.000Z");
    expect(() => instantOption("--since", "2w", now)).toThrow(UsageError);
  });
});
