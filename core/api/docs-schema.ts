// JSON Schema (OpenAPI 3.1 dialect) rendered as nested HTML lists for the /docs page.

export type JsonSchema = {
  $ref?: string;
  type?: string | readonly string[];
  format?: string;
  title?: string;
  description?: string;
  deprecated?: boolean;
  // OpenAPI 3.0 style; 3.1 documents use type: [..., "null"] instead, but both are accepted.
  nullable?: boolean;
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  oneOf?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  pattern?: string;
};

export type SchemaContext = {
  schemas: Readonly<Record<string, JsonSchema>>;
  // Component name -> anchor id of its entry in the page's "Schemas" section.
  schemaIds: ReadonlyMap<string, string>;
};

type Walk = {
  ctx: SchemaContext;
  depth: number;
  // Component names on the current path from the root: a repeat means a cycle.
  seen: ReadonlySet<string>;
  // Shared across one renderSchema call so a wide, deeply shared graph cannot blow up the page size.
  budget: { nodes: number };
};

const MAX_DEPTH = 8;
const MAX_NODES = 400;
const SCHEMA_REF_PREFIX = "#/components/schemas/";
const CONSTRAINT_KEYS = [
  "default",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
] as const;
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function refName(ref: string): string | undefined {
  if (!ref.startsWith(SCHEMA_REF_PREFIX)) return undefined;
  const raw = ref.slice(SCHEMA_REF_PREFIX.length);
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape is still a usable (if odd) component name.
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~");
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function refLink(name: string, ctx: SchemaContext): string {
  const id = ctx.schemaIds.get(name);
  return id === undefined ? escapeHtml(name) : `<a href="#${escapeHtml(id)}">${escapeHtml(name)}</a>`;
}

// Only type/format: such variants read fine joined as "string | null" and have nothing to expand.
function isSimple(schema: JsonSchema): boolean {
  return Object.keys(schema).every((key) => key === "type" || key === "format");
}

// zod-openapi emits `.nullable()` on a $ref as anyOf [X, {type: "null"}]; show it as "X | null" instead.
function unwrapNullable(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length !== 2) return schema;
  const nonNull = variants.filter((v) => !(v.type === "null" && isSimple(v)));
  const [inner] = nonNull;
  if (nonNull.length !== 1 || inner === undefined) return schema;
  const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
  return { ...inner, ...rest, nullable: true };
}

function resolveRef(
  schema: JsonSchema,
  walk: Walk,
): { schema: JsonSchema; seen: ReadonlySet<string>; cycle?: string } {
  let current = schema;
  let seen = walk.seen;
  while (current.$ref !== undefined) {
    const name = refName(current.$ref);
    const target = name === undefined ? undefined : walk.ctx.schemas[name];
    if (name === undefined || target === undefined) return { schema: withoutRef(current), seen };
    if (seen.has(name)) return { schema: withoutRef(current), seen, cycle: name };
    seen = new Set([...seen, name]);
    // Siblings of $ref (e.g. a property-specific description) win over the referenced schema's own.
    current = { ...target, ...withoutRef(current) };
  }
  return { schema: current, seen };
}

function listedVariants(schema: JsonSchema): { label: string; variants: readonly JsonSchema[] } | undefined {
  if (schema.allOf) return { label: "All of", variants: schema.allOf };
  const label = schema.oneOf ? "One of" : "Any of";
  const variants = schema.oneOf ?? schema.anyOf;
  return variants && !variants.every(isSimple) ? { label, variants } : undefined;
}

export function typeHtml(schema: JsonSchema, ctx: SchemaContext): string {
  const nullSuffix = schema.nullable ? " | null" : "";
  if (schema.$ref !== undefined) {
    const name = refName(schema.$ref);
    return (name === undefined ? escapeHtml(schema.$ref) : refLink(name, ctx)) + nullSuffix;
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && !schema.allOf) {
    return variants.every(isSimple)
      ? variants.map((v) => typeHtml(v, ctx)).join(" | ") + nullSuffix
      : (schema.oneOf ? "one of" : "any of") + nullSuffix;
  }
  if (schema.allOf) return "all of";
  let types = typeof schema.type === "string" ? [schema.type] : [...(schema.type ?? [])];
  if (types.length === 0) {
    if (schema.items) types = ["array"];
    else if (schema.properties || schema.additionalProperties) types = ["object"];
    else if (schema.const !== undefined || schema.enum) types = [typeof (schema.const ?? schema.enum?.[0])];
    else types = ["any"];
  }
  const label = types
    .map((t) => (t === "array" && schema.items ? `array of ${typeHtml(schema.items, ctx)}` : escapeHtml(t)))
    .join(" | ");
  const format = schema.format ? ` <span class="fmt">(${escapeHtml(schema.format)})</span>` : "";
  return label + format + nullSuffix;
}

function formatValue(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

export function constraintsHtml(schema: JsonSchema): string {
  const parts: string[] = [];
  for (const key of CONSTRAINT_KEYS) {
    const value: unknown = schema[key];
    if (value === undefined) continue;
    // Patterns shown raw: JSON quoting would double every backslash.
    parts.push(chip(key, key === "pattern" && typeof value === "string" ? value : formatValue(value)));
  }
  if (schema.enum) parts.push(chip("enum", schema.enum.map(formatValue).join(" | ")));
  if (schema.const !== undefined) parts.push(chip("const", formatValue(schema.const)));
  return parts.join(" ");
}

function chip(key: string, value: string): string {
  return `<span class="c"><span class="ck">${escapeHtml(key)}</span> <code>${escapeHtml(value)}</code></span>`;
}

function hasChildren(schema: JsonSchema): boolean {
  return (
    Object.keys(schema.properties ?? {}).length > 0 ||
    typeof schema.additionalProperties === "object" ||
    (schema.items !== undefined && !isSimple(schema.items)) ||
    listedVariants(schema) !== undefined
  );
}

function nodeHtml(name: string | undefined, required: boolean, schema: JsonSchema, walk: Walk): string {
  walk.budget.nodes += 1;
  const shown = unwrapNullable(schema);
  const { schema: resolved, seen, cycle } = resolveRef(shown, walk);
  const head = [
    name === undefined ? "" : `<code class="prop">${escapeHtml(name)}</code>`,
    `<span class="type">${typeHtml(shown, walk.ctx)}</span>`,
    required ? `<span class="req">required</span>` : "",
    resolved.deprecated ? `<span class="dep">deprecated</span>` : "",
    constraintsHtml(resolved),
  ]
    .filter((part) => part !== "")
    .join(" ");
  const description = resolved.description ? `<p class="desc">${escapeHtml(resolved.description)}</p>` : "";
  let body = "";
  if (cycle !== undefined) {
    body = `<p class="note">Recursive reference to ${refLink(cycle, walk.ctx)}, not expanded again.</p>`;
  } else if (hasChildren(resolved)) {
    body =
      walk.depth >= MAX_DEPTH || walk.budget.nodes >= MAX_NODES
        ? `<p class="note">Nested too deep to show here; follow the linked schemas.</p>`
        : childrenHtml(resolved, { ...walk, depth: walk.depth + 1, seen });
  }
  return `<div class="node">${head}</div>${description}${body}`;
}

function childrenHtml(schema: JsonSchema, walk: Walk): string {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([name, prop]) =>
    nodeHtml(name, required.has(name), prop, walk),
  );
  if (typeof schema.additionalProperties === "object") {
    entries.push(nodeHtml("[key: string]", false, schema.additionalProperties, walk));
  }
  if (schema.items && !isSimple(schema.items)) entries.push(nodeHtml("[item]", false, schema.items, walk));
  const list =
    entries.length > 0 ? `<ul class="props">${entries.map((e) => `<li>${e}</li>`).join("")}</ul>` : "";
  const listed = listedVariants(schema);
  const variants = listed
    ? `<div class="variants"><p class="vlabel">${listed.label}:</p><ol>${listed.variants
        .map((v) => `<li>${nodeHtml(undefined, false, v, walk)}</li>`)
        .join("")}</ol></div>`
    : "";
  return list + variants;
}

// `seen` lets a component's own entry treat a self-reference as recursive right away.
export function renderSchema(
  schema: JsonSchema,
  ctx: SchemaContext,
  seen: ReadonlySet<string> = new Set(),
): string {
  const walk: Walk = { ctx, depth: 0, seen, budget: { nodes: 0 } };
  return `<div class="schema">${nodeHtml(undefined, false, schema, walk)}</div>`;
}
