import { readPath } from "./state-path";

/**
 * Fills `{{input.x}}`, `{{state.x}}` and `{{x}}` (short for input) placeholders in every string of a JSON
 * value. A string that is exactly one placeholder takes the value itself, so `"{{input.items}}"` stays an
 * array; placeholders inside longer text are written as text (objects as JSON). Unknown paths give "".
 */
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([\w.-]+)\s*\}\}$/;

export interface TemplateScope {
  input: Record<string, unknown>;
  state: Record<string, unknown>;
}

export function renderTemplate(value: unknown, scope: TemplateScope): unknown {
  if (typeof value === "string") return renderString(value, scope);
  if (Array.isArray(value)) return value.map((item) => renderTemplate(item, scope));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderTemplate(item, scope)]));
  }
  return value;
}

function resolve(expression: string, scope: TemplateScope): unknown {
  if (expression.startsWith("state.")) return readPath(scope.state, expression.slice("state.".length));
  if (expression.startsWith("input.")) return readPath(scope.input, expression.slice("input.".length));
  return readPath(scope.input, expression);
}

function renderString(text: string, scope: TemplateScope): unknown {
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole?.[1]) return resolve(whole[1], scope) ?? "";
  return text.replace(PLACEHOLDER, (_match, expression: string) => {
    const resolved = resolve(expression, scope);
    if (resolved === undefined || resolved === null) return "";
    return typeof resolved === "object" ? JSON.stringify(resolved) : String(resolved);
  });
}
