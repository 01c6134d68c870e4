import { errorMessage } from "./api";

/**
 * A form field holding JSON, read before any request: undefined when empty, the value otherwise; a text
 * that is not JSON throws an error naming the field, which the form shows.
 */
export function parseJsonField(name: string, value: FormDataEntryValue | null): unknown {
  const text = String(value ?? "").trim();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`The ${name} is not JSON: ${errorMessage(error)}`);
  }
}
