import { jsonBytes } from "../domain/json-bounds";
import { BoundCode, BoundExceeded, LIMITS } from "../domain/limits";
import { readPath } from "../domain/state-path";

/**
 * Fills `{{input.x}}`, `{{state.x}}` and `{{x}}` (short for input) placeholders in every string of a JSON
 * value. A string that is exactly one placeholder takes the value itself, so `"{{input.items}}"` stays an
 * array; placeholders inside longer text are written as text (objects as JSON). Unknown paths give "".
 *
 * What a template renders to is counted as it is produced, and rendering stops with TEMPLATE_TOO_LARGE as
 * soon as it passes the bound: 500 placeholders of a 60 KB input would otherwise build 30 MB first.
 */
const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*([\w.-]+)\s*\}\}$/;

export interface TemplateScope {
  input: Record<string, unknown>;
  state: Record<string, unknown>;
}

export function renderTemplate(
  value: unknown,
  scope: TemplateScope,
  maxBytes: number = LIMITS.renderedTemplateBytes,
): unknown {
  const budget = { left: maxBytes, maxBytes };
  return render(value, scope, budget);
}

interface Budget {
  left: number;
  readonly maxBytes: number;
}

function render(value: unknown, scope: TemplateScope, budget: Budget): unknown {
  if (typeof value === "string") return renderString(value, scope, budget);
  if (Array.isArray(value)) return value.map((item) => render(item, scope, budget));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, render(item, scope, budget)]));
  }
  return value;
}

function resolve(expression: string, scope: TemplateScope): unknown {
  if (expression.startsWith("state.")) return readPath(scope.state, expression.slice("state.".length));
  if (expression.startsWith("input.")) return readPath(scope.input, expression.slice("input.".length));
  return readPath(scope.input, expression);
}

function renderString(text: string, scope: TemplateScope, budget: Budget): unknown {
  const whole = WHOLE_PLACEHOLDER.exec(text);
  if (whole?.[1]) {
    const value = resolve(whole[1], scope) ?? "";
    spend(budget, typeof value === "string" ? Buffer.byteLength(value) : jsonBytes(value));
    return value;
  }
  const rendered = text.replace(PLACEHOLDER, (_match, expression: string) => {
    const resolved = resolve(expression, scope);
    if (resolved === undefined || resolved === null) return "";
    const piece = typeof resolved === "object" ? JSON.stringify(resolved) : String(resolved);
    spend(budget, Buffer.byteLength(piece));
    return piece;
  });
  // The literal text between placeholders counts too; it came from the definition, already bounded.
  spend(budget, Buffer.byteLength(text) - placeholderBytes(text));
  return rendered;
}

function placeholderBytes(text: string): number {
  let bytes = 0;
  for (const match of text.matchAll(PLACEHOLDER)) bytes += Buffer.byteLength(match[0]);
  return bytes;
}

function spend(budget: Budget, bytes: number): void {
  budget.left -= bytes;
  if (budget.left < 0) {
    throw new BoundExceeded(
      BoundCode.TEMPLATE_TOO_LARGE,
      `The step's templates render to more than ${budget.maxBytes} bytes`,
    );
  }
}
