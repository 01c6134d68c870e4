import { BoundExceeded } from "../domain/limits";
import { renderTemplate } from "../steps/template";

/**
 * A key template (a concurrency, throttle or debounce key) rendered over a creation's input by the steps'
 * template renderer, once, at creation: a value that is not text is written as JSON. Undefined when it renders
 * to more than `maxChars` characters; the renderer stops at four bytes a character, so a key never builds more.
 */
export function renderKey(
  template: string,
  input: Record<string, unknown>,
  maxChars: number,
): string | undefined {
  let rendered: unknown;
  try {
    rendered = renderTemplate(template, { input, state: { input } }, maxChars * 4);
  } catch (error) {
    if (!(error instanceof BoundExceeded)) throw error;
    return undefined;
  }
  const text = typeof rendered === "string" ? rendered : JSON.stringify(rendered ?? "");
  return text.length > maxChars ? undefined : text;
}
