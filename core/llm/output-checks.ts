import type Ajv2020 from "ajv/dist/2020.js";
import type { ValidateFunction } from "ajv/dist/2020.js";
import { exceedsJsonDepth } from "../domain/json-bounds";
import { schemaCompiler } from "../domain/json-schema";
import { LIMITS } from "../domain/limits";
import { linearRegExp } from "../domain/linear-regex";
import type { Guardrail } from "../domain/llm-step";
import { unwrapJsonFence } from "./providers/shared";

type Json = Record<string, unknown>;

export interface GuardrailFailure {
  /** The guardrail's type, as GUARDRAIL_TRIGGERED names it. */
  guardrail: Guardrail["type"];
  reason: string;
}

export type OutputCheck =
  | { ok: true; stateValue: Json; json: Json | undefined }
  /** `repairable`: the answer is not the JSON asked for (not JSON, or off the schema), which the model can fix. */
  | { ok: false; error: string; guardrails: GuardrailFailure[]; repairable?: true };

/** How many times an answer that is not the JSON asked for goes back to its model, unless the step says. */
export const DEFAULT_REPAIR_ATTEMPTS = 1;

/** What the model is told when its answer is sent back for repair. */
export function repairRequest(error: string): string {
  return (
    `Your answer was rejected: ${error}. Answer again with exactly one JSON object that fixes this, ` +
    "and nothing else."
  );
}

export interface OutputRules {
  responseFormat?: "json" | undefined;
  outputSchema?: Json | undefined;
  guardrails?: readonly Guardrail[] | undefined;
}

/**
 * Decisions section 3, in order: the JSON answer parses (responseFormat json, or an outputSchema to check),
 * it satisfies outputSchema, then every guardrail is checked and each that fails is reported (so one
 * GUARDRAIL_TRIGGERED per failed guardrail). Any failure fails the attempt; the retry policy decides.
 * The state receives the parsed object with responseFormat json, else `{text}`.
 */
export function checkOutput(rules: OutputRules, text: string): OutputCheck {
  // Every check below is linear in the answer: bounding the answer first bounds them all.
  const bytes = Buffer.byteLength(text);
  if (bytes > LIMITS.stepOutputBytes) {
    const error = `The answer takes ${bytes} bytes; a step keeps at most ${LIMITS.stepOutputBytes}`;
    return { ok: false, error, guardrails: [] };
  }
  const wantsJson = rules.responseFormat === "json" || rules.outputSchema !== undefined;
  let json: Json | undefined;
  if (wantsJson) {
    const parsed = parseJson(text);
    if (!parsed.ok) return { ok: false, error: parsed.error, guardrails: [], repairable: true };
    json = parsed.value;
    if (rules.outputSchema) {
      const problem = schemaProblem(rules.outputSchema, json);
      if (problem) {
        const error = `The answer does not satisfy outputSchema: ${problem}`;
        return { ok: false, error, guardrails: [], repairable: true };
      }
    }
  }
  const failures = (rules.guardrails ?? []).flatMap((guardrail) => {
    const reason = guardrailProblem(guardrail, text, json);
    return reason === undefined ? [] : [{ guardrail: guardrail.type, reason }];
  });
  const first = failures[0];
  if (first)
    return { ok: false, error: `Guardrail ${first.guardrail} failed: ${first.reason}`, guardrails: failures };
  const stateValue = rules.responseFormat === "json" && json !== undefined ? json : { text };
  return { ok: true, stateValue, json: rules.responseFormat === "json" ? json : undefined };
}

function parseJson(text: string): { ok: true; value: Json } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(unwrapJsonFence(text));
  } catch {
    return { ok: false, error: "The answer is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: "The answer is JSON but not an object" };
  }
  // Schema checks and the state recurse over the answer: a deep one is refused before they walk it.
  if (exceedsJsonDepth(value)) {
    return { ok: false, error: `The answer nests deeper than ${LIMITS.jsonDepth} levels` };
  }
  return { ok: true, value: value as Json };
}

function guardrailProblem(guardrail: Guardrail, text: string, json: Json | undefined): string | undefined {
  switch (guardrail.type) {
    case "max_length": {
      // Code points, not UTF-16 units: an emoji is one character to whoever set the limit.
      const length = [...text].length;
      return length > guardrail.maxChars
        ? `The answer has ${length} characters; at most ${guardrail.maxChars} are allowed`
        : undefined;
    }
    case "regex": {
      // Compiled per check: it is cheap under linearRegExp's bounds, which also bound the match's cost.
      const matches = linearRegExp(guardrail.pattern).test(text);
      if (guardrail.mode === "must_match" && !matches)
        return `The answer does not match /${guardrail.pattern}/`;
      if (guardrail.mode === "must_not_match" && matches) return `The answer matches /${guardrail.pattern}/`;
      return undefined;
    }
    case "blocklist": {
      const found = guardrail.words.filter((word) => containsWord(text, word));
      return found.length > 0 ? `The answer contains blocked words: ${found.join(", ")}` : undefined;
    }
    case "json_schema": {
      const parsed = json === undefined ? parseJson(text) : { ok: true as const, value: json };
      if (!parsed.ok) return parsed.error;
      const problem = schemaProblem(guardrail.schema, parsed.value);
      return problem === undefined ? undefined : `The answer does not satisfy the schema: ${problem}`;
    }
  }
}

/**
 * Case-insensitive, and whole words only: a blocked "ass" must not fail "class". The word's own ends are
 * compared against letters and digits of any script, so phrases and non-Latin words work too.
 */
function containsWord(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "iu").test(text);
}

// Compiled once per schema object: definitions are cached, so a step's schema object is reused across runs.
const validators = new WeakMap<Json, { ajv: Ajv2020; validate: ValidateFunction }>();

function schemaProblem(schema: Json, value: unknown): string | undefined {
  let compiled = validators.get(schema);
  if (!compiled) {
    // A throwaway instance per schema, as in domain/json-schema.ts: a shared one would collide on `$id`s.
    const ajv = schemaCompiler({ allErrors: true });
    compiled = { ajv, validate: ajv.compile(schema) };
    validators.set(schema, compiled);
  }
  if (compiled.validate(value)) return undefined;
  return compiled.ajv.errorsText(compiled.validate.errors, { dataVar: "answer" });
}
