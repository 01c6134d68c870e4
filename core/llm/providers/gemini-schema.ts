import { isPlainObject } from "../../domain/json-bounds";

/**
 * Gemini's function declarations take an OpenAPI-style subset of JSON Schema and reject the request on
 * keywords outside it ($schema, additionalProperties, $ref, oneOf, ...). Tool schemas written for OpenAI
 * or Anthropic are therefore reduced to that subset rather than failing on Gemini only.
 */
const KEPT_KEYWORDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "default",
  "example",
  "propertyOrdering",
]);

export function toGeminiSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (KEPT_KEYWORDS.has(key)) result[key] = value;
  }
  // JSON Schema's ["string", "null"] is Gemini's type "string" with nullable.
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type): type is string => typeof type === "string");
    const nonNull = types.filter((type) => type !== "null");
    if (nonNull[0] !== undefined) result.type = nonNull[0];
    else delete result.type;
    if (types.includes("null")) result.nullable = true;
  }
  if (schema.const !== undefined && result.enum === undefined) result.enum = [schema.const];
  // Gemini enums are string enums only.
  if (result.enum !== undefined) {
    if (Array.isArray(result.enum) && result.enum.every((item) => typeof item === "string")) {
      result.type ??= "string";
    } else {
      delete result.enum;
    }
  }
  if (isPlainObject(schema.properties)) {
    const properties: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties)) {
      properties[name] = isPlainObject(property) ? toGeminiSchema(property) : {};
    }
    result.properties = properties;
    // A required name without a property is an error on Gemini.
    if (Array.isArray(schema.required)) {
      result.required = schema.required.filter(
        (name): name is string => typeof name === "string" && name in properties,
      );
    }
  }
  if (isPlainObject(schema.items)) result.items = toGeminiSchema(schema.items);
  if (Array.isArray(schema.anyOf)) {
    result.anyOf = schema.anyOf.filter(isPlainObject).map(toGeminiSchema);
  }
  return result;
}

/** Gemini refuses an OBJECT schema without properties, so a tool without arguments declares no parameters. */
export function hasParameters(schema: Record<string, unknown>): boolean {
  return isPlainObject(schema.properties) && Object.keys(schema.properties).length > 0;
}
