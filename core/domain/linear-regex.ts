import { RE2JS } from "re2js";
import { LIMITS } from "./limits";

/**
 * Patterns written by API callers (regex guardrails, JSON Schema `pattern` and `patternProperties`) never
 * run on JavaScript's backtracking RegExp, where `^(a+)+$` takes exponential time on the model's answer.
 * They run on RE2 (re2js), which matches in one pass and offers no timeout; it needs none, because a match
 * costs at most about (text length × program size) steps. The caller bounds the text; LIMITS bounds the
 * program: its characters (regexPatternChars) and its size with counted repetitions unrolled
 * (regexUnrolledSize: `x{0,500}` counts 500), which RE2 compiles to one to three instructions per element.
 * The size is checked before RE2 compiles anything, because compiling takes time in proportion to it: a
 * 1,000-character pattern of `[ab]{0,999}` compiles for over half a second. Measured worst case at the
 * bounds: about 20 µs per character of text, for a pattern built to defeat RE2's DFA; ordinary patterns stay
 * on the DFA at well under 1 µs.
 */
const MAX_REGEX_PATTERN_CHARS = LIMITS.regexPatternChars;
const MAX_REGEX_UNROLLED_SIZE = LIMITS.regexUnrolledSize;

/**
 * Compiles `pattern` for linear-time matching, or throws an Error saying why it cannot be, worded as V8's
 * SyntaxError is (`Invalid regular expression: /…/: reason`) except for a pattern too long to quote. The
 * pattern must be ECMAScript, which is what callers write and what JSON Schema specifies; `unicode` chooses
 * the stricter `u`-flag syntax (ajv's).
 * RE2 then runs it with its own semantics: code points in either case, `.` excludes only `\n`, and `\s`
 * is ASCII whitespace.
 */
export function linearRegExp(pattern: string, unicode = false): RE2JS {
  if (pattern.length > MAX_REGEX_PATTERN_CHARS) {
    throw new Error(
      `A regular expression may have at most ${MAX_REGEX_PATTERN_CHARS} characters; this one has ${pattern.length}`,
    );
  }
  new RegExp(pattern, unicode ? "u" : "");
  const size = unrolledSize(pattern);
  if (size > MAX_REGEX_UNROLLED_SIZE) {
    throw invalid(
      pattern,
      `with its counted repetitions unrolled it has ${size} elements; at most ${MAX_REGEX_UNROLLED_SIZE} are allowed`,
    );
  }
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch (err) {
    throw invalid(pattern, `RE2 cannot run it (${(err as Error).message})`);
  }
}

const NOT_LINEAR = "are not supported: patterns run on RE2, which matches in linear time";

function invalid(pattern: string, reason: string): Error {
  return new Error(`Invalid regular expression: /${pattern}/: ${reason}`);
}

/**
 * One token of ECMAScript pattern syntax: an escape with the braces or digits it owns, a character class,
 * a group opening with its `?` prefix, a counted repetition, or any other single character. Its
 * alternatives begin differently and its loops exclude their terminators, so it backtracks within one token
 * at most, over a pattern already bounded in length.
 */
const TOKEN =
  /\\(?:[pP]\{[^}]*\}|k<[^>]*>|u\{[\dA-Fa-f]+\}|u[\dA-Fa-f]{4}|x[\dA-Fa-f]{2}|c[A-Za-z]|[\s\S])|\[(?:\\[\s\S]|[^\\\]])*\]|\((?:\?(?:<?[=!]|<[^>]*>|:))?|\{(\d+)(?:,(\d*))?\}|[\s\S]/y;

/**
 * Counts the elements MAX_REGEX_UNROLLED_SIZE bounds in a pattern already known to be valid ECMAScript, and
 * refuses what RE2 cannot match in linear time with a message that names it. RE2 would refuse these too, but
 * re2js's translation from ECMAScript reads `\k<name>` as the letter k, and RE2 reads `\12` as an octal
 * escape where ECMAScript may mean group 12.
 */
function unrolledSize(pattern: string): number {
  // Per open group: the size before it, and whether it captures (RE2 spends instructions on captures only).
  const enclosing: { before: number; captures: boolean }[] = [];
  let size = 0;
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(pattern); match; match = TOKEN.exec(pattern)) {
    const [token, min, max] = match;
    if (/^\\[1-9k]/.test(token)) throw invalid(pattern, `backreferences ${NOT_LINEAR}`);
    if (/^\(\?<?[=!]/.test(token)) throw invalid(pattern, `lookahead and lookbehind ${NOT_LINEAR}`);
    if (token.startsWith("(")) {
      enclosing.push({ before: size, captures: token !== "(?:" });
      size = 0;
    } else if (token === ")") {
      const group = enclosing.pop();
      last = size + (group?.captures ? 1 : 0);
      size = (group?.before ?? 0) + last;
    } else if (min !== undefined) {
      const times = Number(max || min);
      size += last * (times - 1);
      last *= times;
    } else {
      last = 1;
      size += 1;
    }
  }
  return size;
}
