import { isPlainObject } from "../../../domain/json-bounds";

/**
 * The development model's mind: a deterministic answer to a conversation, whatever provider's wire it came
 * in on. Each wire (openai.ts, anthropic.ts, google.ts) reads its request into a DevConversation and
 * writes the DevAnswer back in its own format, so the official SDKs talk to it as to the real API.
 *
 * The rules (docs/llm.md, "Trying llm steps without a key"), first match wins:
 * 1. tools offered and fewer rounds of tool results than asked (one, or the `TOOL ROUNDS: <n>` of the latest
 *    user turn that has one): one call to each offered tool;
 * 2. a user turn holding `JSON:` followed by a JSON value: that value;
 * 3. a JSON answer asked for: {"echo": <last user turn>, "toolResults": {...}};
 * 4. otherwise: "Echo: <last user turn>", then one line per tool result.
 */
export interface DevConversation {
  model: string;
  system: string;
  turns: DevTurn[];
  tools: DevTool[];
  /** The wire's JSON mode was asked for (response_format, responseMimeType). */
  jsonMode: boolean;
}

export type DevTurn =
  | { role: "user" | "assistant"; text: string }
  | { role: "tool"; name: string; content: string };

export interface DevTool {
  name: string;
  /** The tool's JSON Schema, as sent. */
  parameters: unknown;
}

export interface DevToolCall {
  /** Numbered from 1 within the answer; each wire makes its own id from it. */
  index: number;
  name: string;
  arguments: Record<string, unknown>;
}

export interface DevAnswer {
  text: string;
  toolCalls: DevToolCall[];
  usage: { inputTokens: number; outputTokens: number };
}

const JSON_MARKER = "JSON:";
/** `TOOL ROUNDS: 1000` keeps a long agent calling its tools, for trying and benchmarking agent steps. */
const ROUNDS_MARKER = /TOOL ROUNDS: ?(\d{1,5})\b/;
/** How deep a schema is followed to build example arguments; deeper objects are left empty. */
const SCHEMA_DEPTH = 6;
/** How many closing brackets are tried as the end of a `JSON:` value: bounded work on any prompt. */
const MAX_JSON_ENDS = 20;

export function devAnswer(conversation: DevConversation): DevAnswer {
  const toolResults = conversation.turns.filter((turn) => turn.role === "tool");
  const offered = conversation.tools;
  const toolCalls =
    offered.length > 0 && toolResults.length < toolRounds(conversation.turns) * offered.length
      ? offered.map((tool, index) => ({
          index: index + 1,
          name: tool.name,
          arguments: exampleArguments(tool),
        }))
      : [];
  const text = toolCalls.length > 0 ? "" : answerText(conversation, toolResults);
  const spoken = text + toolCalls.map((call) => call.name + JSON.stringify(call.arguments)).join("");
  return {
    text,
    toolCalls,
    usage: { inputTokens: estimateTokens(requestText(conversation)), outputTokens: estimateTokens(spoken) },
  };
}

function answerText(
  conversation: DevConversation,
  toolResults: Extract<DevTurn, { role: "tool" }>[],
): string {
  const scripted = scriptedJson(conversation.turns);
  if (scripted !== undefined) return scripted;
  const prompt = lastUserText(conversation.turns);
  if (conversation.jsonMode || /\bJSON\b/.test(conversation.system)) {
    const results = Object.fromEntries(
      toolResults.map((result) => [result.name, parsedOrText(result.content)]),
    );
    return JSON.stringify({ echo: prompt, ...(toolResults.length > 0 && { toolResults: results }) });
  }
  const lines = toolResults.map((result) => `${result.name} returned ${result.content}`);
  return [`Echo: ${prompt}`, ...lines].join("\n");
}

/** The rounds of tool calls asked for: the `TOOL ROUNDS:` of the latest user turn naming them, else one. */
function toolRounds(turns: readonly DevTurn[]): number {
  for (const turn of [...turns].reverse()) {
    if (turn.role !== "user") continue;
    const rounds = ROUNDS_MARKER.exec(turn.text)?.[1];
    if (rounds !== undefined) return Number(rounds);
  }
  return 1;
}

/** The JSON value after the last `JSON:` marker of the latest user turn that has one, serialised again. */
function scriptedJson(turns: readonly DevTurn[]): string | undefined {
  for (const turn of [...turns].reverse()) {
    if (turn.role !== "user") continue;
    const at = turn.text.lastIndexOf(JSON_MARKER);
    if (at < 0) continue;
    const value = parseLeadingJson(turn.text.slice(at + JSON_MARKER.length));
    if (value !== undefined) return JSON.stringify(value);
  }
  return undefined;
}

/** The JSON value a text starts with, ignoring prose after it (tried up to each closing bracket, last first). */
function parseLeadingJson(text: string): unknown {
  const trimmed = text.trim();
  const ends = [trimmed.length];
  for (let at = trimmed.length - 2; at >= 0 && ends.length < MAX_JSON_ENDS; at--) {
    if (trimmed[at] === "}" || trimmed[at] === "]") ends.push(at + 1);
  }
  for (const end of ends) {
    try {
      return JSON.parse(trimmed.slice(0, end));
    } catch {
      // a shorter prefix may parse
    }
  }
  return undefined;
}

function lastUserText(turns: readonly DevTurn[]): string {
  const user = [...turns].reverse().find((turn) => turn.role === "user");
  return user?.role === "user" ? user.text : "";
}

function parsedOrText(content: string): unknown {
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/**
 * Arguments that fit the tool's schema, property by property: its const, default, first example or first
 * enum value, else a placeholder ("example", 1, true); required properties only when it lists them.
 */
function exampleArguments(tool: DevTool): Record<string, unknown> {
  const value = exampleOf(tool.parameters, SCHEMA_DEPTH);
  return isPlainObject(value) ? value : {};
}

function exampleOf(schema: unknown, depth: number): unknown {
  if (!isPlainObject(schema)) return null;
  if ("const" in schema) return schema.const;
  if ("default" in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  // OpenAPI's singular form, which Gemini's schema subset keeps instead of `examples`.
  if ("example" in schema) return schema.example;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  // Gemini's wire spells types in capitals (STRING, OBJECT).
  const declared: unknown = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const type = typeof declared === "string" ? declared.toLowerCase() : undefined;
  if (type === "object" || (type === undefined && isPlainObject(schema.properties))) {
    if (depth <= 0 || !isPlainObject(schema.properties)) return {};
    const required = Array.isArray(schema.required) ? schema.required : Object.keys(schema.properties);
    const entries = Object.entries(schema.properties).filter(([name]) => required.includes(name));
    return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(property, depth - 1)]));
  }
  if (type === "array") return depth <= 0 ? [] : [exampleOf(schema.items, depth - 1)];
  if (type === "string") return "example";
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  return null;
}

function requestText(conversation: DevConversation): string {
  const turns = conversation.turns.map((turn) => (turn.role === "tool" ? turn.content : turn.text));
  const tools = conversation.tools.map((tool) => tool.name + JSON.stringify(tool.parameters));
  return [conversation.system, ...turns, ...tools].join("\n");
}

/** About four bytes a token, as the real tokenizers give for English, so costs and budgets can be tried. */
function estimateTokens(text: string): number {
  return Math.ceil(Buffer.byteLength(text, "utf8") / 4);
}
