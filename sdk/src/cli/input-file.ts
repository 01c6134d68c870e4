import { readFile } from "node:fs/promises";
import { parse } from "yaml";
import { UsageError } from "./exit-codes.js";

/** A JSON or YAML document (YAML 1.2 reads JSON too) from a file, or from stdin for "-". */
export async function readDocument(
  path: string,
  stdin: () => Promise<string>,
): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = path === "-" ? await stdin() : await readFile(path, "utf8");
  } catch (error) {
    throw new UsageError(`Cannot read ${path}: ${(error as Error).message}`);
  }
  return asObject(path, () => parse(text));
}

/** A JSON object given on the command line. */
export function parseJsonOption(name: string, text: string): Record<string, unknown> {
  return asObject(name, () => JSON.parse(text));
}

function asObject(what: string, parseIt: () => unknown): Record<string, unknown> {
  let value: unknown;
  try {
    value = parseIt();
  } catch (error) {
    throw new UsageError(`${what} is not valid JSON or YAML: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UsageError(`${what} must hold an object`);
  }
  return value as Record<string, unknown>;
}
