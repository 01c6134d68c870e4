import { describe, expect, it } from "vitest";
import { canonicalJsonText } from "../../../core/domain/canonical-json";

describe("canonical JSON (RFC 8785), what the audit chain hashes", () => {
  it("sorts keys by UTF-16 code units, integer-like keys as strings, at every level", () => {
    // RFC 8785 section 3.2.3's sorting example.
    const keys = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const text = canonicalJsonText(keys);
    const positions = ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"].map((key) =>
      text.indexOf(JSON.stringify(key)),
    );
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(canonicalJsonText({ b: [{ "9": 1, "10": 2 }], a: null })).toBe('{"a":null,"b":[{"10":2,"9":1}]}');
  });

  it("writes numbers and strings as ECMAScript does, with no whitespace", () => {
    expect(canonicalJsonText([1e21, 0.1, -0, 1.5e-7, "é\n", true])).toBe('[1e+21,0.1,0,1.5e-7,"é\\n",true]');
  });
});
