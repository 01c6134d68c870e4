import * as z from "zod";
import { JsonSchemaObject, jsonSchemaChecker } from "./json-schema-object";
import { lazyModule } from "./lazy-module";
import { LIMITS } from "./limits";
import { DEFAULT_FALLBACK_ON, LlmErrorClass } from "./llm-errors";
import { MODEL_TOOL_NAME } from "./mcp-server";

/** Error map for a discriminated union: names the bad tag and the valid ones instead of "Invalid input". */
export function unknownTypeError(label: string): z.core.$ZodErrorMap {
  return (iss) => {
    if (iss.code !== "invalid_union" || !iss.discriminator) return undefined;
    const options = "options" in iss && Array.isArray(iss.options) ? iss.options : [];
    const expected = `expected one of ${options.join(", ")}`;
    const input = iss.input as Record<string, unknown>;
    const got = input[iss.discriminator];
    if (got === undefined) return `Missing ${label} ${iss.discriminator}; ${expected}`;
    return `Unknown ${label} ${iss.discriminator} ${JSON.stringify(got)}; ${expected}`;
  };
}

// Same rule as a registered remote tool's name, which also satisfies every provider's function-name rule.
const toolName = z
  .string()
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "must start with a letter, then letters, digits, _ or -");

const inlineToolFields = ["name", "description", "parameters"] as const;

const RemoteLlmTool = z
  .strictObject({
    remoteTool: toolName.meta({ description: "Name of a remote tool registered in the workspace" }),
    name: toolName.optional().meta({ description: "Tool name shown to the model" }),
    description: z.string().min(1).max(1000).optional(),
    parameters: JsonSchemaObject.optional(),
  })
  .superRefine((tool, ctx) => {
    const given = inlineToolFields.filter((key) => tool[key] !== undefined);
    if (given.length === 0) return;
    for (const key of inlineToolFields) {
      if (tool[key] === undefined) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `${key} is required when a tool declares ${given.join(", ")}`,
        });
      }
    }
  })
  .meta({ description: "{remoteTool} alone, or with name, description and parameters together" });

/** The tools of a registered MCP server, shown to the model under the names the server lists them by. */
const McpLlmTools = z
  .strictObject({
    mcpServer: toolName.meta({ description: "Name of an MCP server registered in the workspace" }),
    tools: z
      .array(z.string().regex(MODEL_TOOL_NAME, "must be 1-64 letters, digits, _ or -"))
      .min(1)
      .max(LIMITS.mcpToolsPerServer)
      .optional()
      .meta({ description: "Only these of the server's tools (default: all the registration allows)" }),
  })
  .meta({ description: "{mcpServer}: the tools a registered MCP server lists, or the ones named in tools" });
export type McpLlmTools = z.infer<typeof McpLlmTools>;

export const LlmTool = z.union([RemoteLlmTool, McpLlmTools]);
export type LlmTool = z.infer<typeof LlmTool>;

/**
 * The names a definition already knows its model will be shown: a remote tool's, and those an MCP declaration
 * lists; `open` when an MCP declaration takes whatever its server lists, known only when the step runs.
 */
export function declaredToolNames(tools: readonly LlmTool[]): { names: string[]; open: boolean } {
  const names: string[] = [];
  let open = false;
  for (const tool of tools) {
    if ("remoteTool" in tool) names.push(tool.name ?? tool.remoteTool);
    else if (tool.tools) names.push(...tool.tools);
    else open = true;
  }
  return { names, open };
}

const MaxLengthGuardrail = z.strictObject({ type: z.literal("max_length"), maxChars: z.int().min(1) });

/** RE2 (re2js, about 150 kB minified), imported on the first check of a guardrail's pattern. */
const linearRegex = lazyModule(() => import("./linear-regex"));

/**
 * Imports what the llm step's checks use (ajv, RE2), so that a parse after it runs them synchronously, in
 * the schema's order (lazy-module.ts).
 */
export const loadLlmStepChecks = () => Promise.all([jsonSchemaChecker.load(), linearRegex.load()]);

const RegexGuardrail = z.strictObject({
  type: z.literal("regex"),
  pattern: z
    .string()
    .min(1)
    .superRefine((pattern, ctx) =>
      linearRegex.use(({ linearRegExp }) => {
        try {
          linearRegExp(pattern);
        } catch (err) {
          ctx.addIssue({ code: "custom", message: (err as Error).message });
        }
      }),
    )
    .meta({
      description:
        `ECMAScript syntax, matched by RE2 in linear time: no backreferences or lookaround; at most ` +
        `${LIMITS.regexPatternChars} characters and ${LIMITS.regexUnrolledSize} elements with {n,m} repetitions unrolled`,
    }),
  mode: z.enum(["must_match", "must_not_match"]),
});

const BlocklistGuardrail = z.strictObject({
  type: z.literal("blocklist"),
  words: z
    .array(z.string().min(1).max(LIMITS.blocklistWordChars))
    .min(1)
    .max(LIMITS.blocklistWords)
    .meta({ description: "Matched case-insensitively" }),
});

const JsonSchemaGuardrail = z.strictObject({ type: z.literal("json_schema"), schema: JsonSchemaObject });

export const Guardrail = z
  .discriminatedUnion("type", [MaxLengthGuardrail, RegexGuardrail, BlocklistGuardrail, JsonSchemaGuardrail], {
    error: unknownTypeError("guardrail"),
  })
  .meta({ description: "A check on the model's output; a failure fails the attempt" });

export type Guardrail = z.infer<typeof Guardrail>;

export const LlmMessage = z.strictObject({
  role: z.enum(["system", "user", "assistant"]),
  content: z
    .string()
    .meta({ description: "May contain {{name}}, {{input.name}} or {{state.path}} placeholders" }),
});

export type LlmMessage = z.infer<typeof LlmMessage>;

const modelName = z.string().min(1).max(100);

/** The llm step's own fields; step.ts adds the common step fields and `requirePrompt`. */
export const llmStepFields = {
  model: modelName.meta({ description: "Model name; its prefix picks the provider" }),
  fallbackModels: z.array(modelName).max(5).optional().meta({ description: "Tried in order after model" }),
  systemPrompt: z.string().min(1).optional(),
  messages: z.array(LlmMessage).optional(),
  responseFormat: z.literal("json").optional().meta({ description: "Parse the response as JSON" }),
  outputSchema: JsonSchemaObject.optional().meta({
    description: "JSON Schema the parsed output must satisfy",
  }),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.int().min(1).max(200_000).optional(),
  maxToolRounds: z.int().min(0).max(20).default(5),
  tools: z.array(LlmTool).optional(),
  guardrails: z.array(Guardrail).max(LIMITS.guardrails).optional(),
  fallbackOn: z
    .array(LlmErrorClass)
    .max(LlmErrorClass.options.length)
    .optional()
    .meta({
      description:
        `The error classes that move to the next model (default ${DEFAULT_FALLBACK_ON.join(", ")}); ` +
        "a context_length error not listed still moves to a listed model with a larger window",
    }),
  cache: z
    .strictObject({ ttlMs: z.int().min(1000).max(LIMITS.llmCacheTtlMs) })
    .optional()
    .meta({
      description:
        "Answer an identical request (provider, model, rendered prompt, tools, temperature, maxTokens, output format) in the workspace from the last answer that passed the step's checks, within ttlMs",
    }),
  stream: z.boolean().optional().meta({
    description:
      "Forward the answer's text as it is written, as LLM_TOKEN messages on the run's live stream (not stored; locally only, docs/api.md \"Live stream\")",
  }),
  repairAttempts: z.int().min(0).max(LIMITS.llmRepairAttempts).optional().meta({
    description:
      "How many times an answer that is not valid JSON or breaks outputSchema goes back to the same model with the error (default 1)",
  }),
};

export function requirePrompt(
  step: { messages?: readonly unknown[] | undefined; systemPrompt?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((step.messages?.length ?? 0) > 0 || step.systemPrompt !== undefined) return;
  ctx.addIssue({
    code: "custom",
    path: ["messages"],
    message: "An llm step needs messages (at least one) or a systemPrompt",
  });
}
