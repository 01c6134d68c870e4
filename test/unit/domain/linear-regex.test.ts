import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../core/domain/limits";
import { linearRegExp } from "../../../core/domain/linear-regex";

describe("linearRegExp", () => {
  it("matches a pattern that is exponential for RegExp in linear time", () => {
    const started = performance.now();
    expect(linearRegExp("^(a+)+$").test(`${"a".repeat(9_999)}b`)).toBe(false);
    // A bound, not a benchmark: backtracking would not finish this year.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(linearRegExp("^(a+)+$").test("aaa")).toBe(true);
  });

  it("keeps ECMAScript spellings: \\u escapes, named groups, [^], escaped slashes", () => {
    expect(linearRegExp("^caf\\u00e9$").test("café")).toBe(true);
    expect(linearRegExp("^(?<year>\\d{4})-\\d{2}$", true).test("2024-05")).toBe(true);
    expect(linearRegExp("a[^]b").test("a\nb")).toBe(true);
    expect(linearRegExp("^https?:\\/\\/").test("https://x")).toBe(true);
    expect(linearRegExp("^\\p{Lu}", true).test("Émile")).toBe(true);
  });

  it("accepts a pattern at the length bound and refuses one past it", () => {
    expect(linearRegExp("a".repeat(LIMITS.regexPatternChars)).test("a".repeat(1_000))).toBe(true);
    expect(() => linearRegExp("a".repeat(LIMITS.regexPatternChars + 1))).toThrow(
      `A regular expression may have at most ${LIMITS.regexPatternChars} characters; this one has ${LIMITS.regexPatternChars + 1}`,
    );
  });

  it.each([
    ["x{1000}", 1000],
    ["(?:ab){500}", 1000],
    ["(?:x{0,10}){0,100}", 1000],
    ["(x){500}", 1000],
  ])("accepts %s (%i elements unrolled)", (pattern) => {
    expect(() => linearRegExp(pattern)).not.toThrow();
  });

  it.each([
    ["x{1001}", "x{1001}", 1001],
    ["(?:ab){501}", "(?:ab){501}", 1002],
    ["(?:x{0,10}){0,101}", "(?:x{0,10}){0,101}", 1010],
    ["(x){501}", "(x){501}", 1002],
    ["[ab]{0,999} 90 times", "[ab]{0,999}".repeat(90), 89_910],
  ])("refuses %s before compiling it", (_label, pattern, size) => {
    expect(() => linearRegExp(pattern)).toThrow(
      `unrolled it has ${size} elements; at most ${LIMITS.regexUnrolledSize} are allowed`,
    );
  });

  it.each([
    ["(a)\\1", "backreferences are not supported"],
    ["(?<n>a)\\k<n>", "backreferences are not supported"],
    ["(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)(l)\\12", "backreferences are not supported"],
    ["a(?=b)", "lookahead and lookbehind are not supported"],
    ["a(?!b)", "lookahead and lookbehind are not supported"],
    ["(?<=a)b", "lookahead and lookbehind are not supported"],
    ["(?<!a)b", "lookahead and lookbehind are not supported"],
  ])("refuses %s: %s", (pattern, reason) => {
    expect(() => linearRegExp(pattern)).toThrow(`Invalid regular expression: /${pattern}/: ${reason}`);
  });

  it("reads brackets, escapes and parentheses inside a class as characters", () => {
    expect(linearRegExp("^[(?=\\]]+$").test("(?=]")).toBe(true);
  });

  it("refuses what is not ECMAScript, and what RE2 itself refuses, naming the pattern", () => {
    expect(() => linearRegExp("(")).toThrow("Invalid regular expression: /(/: Unterminated group");
    expect(() => linearRegExp("a\\-b", true)).toThrow(/Invalid regular expression: \/a\\-b\/u/);
    expect(() => linearRegExp("[\\b]")).toThrow(
      /^Invalid regular expression: \/\[\\b\]\/: RE2 cannot run it \(/,
    );
  });
});
