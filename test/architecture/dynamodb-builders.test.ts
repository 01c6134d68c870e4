import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./import-graph";

const adapters = fileURLToPath(new URL("../../core/adapters", import.meta.url));
const dynamodb = `${adapters}/dynamodb`;

const IMPORT = /(?:^|\n)\s*(import|export)(\s+type)?\s[^;]*?from\s+["']([^"']+)["']/g;

interface Import {
  specifier: string;
  typeOnly: boolean;
  /** The file it names, when it is a file of core/adapters. */
  file?: string;
}

function importsOf(file: string): Import[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match) => {
    const specifier = match[3] ?? "";
    const target = specifier.startsWith(".") ? `${resolve(dirname(file), specifier)}.ts` : undefined;
    return {
      specifier,
      typeOnly: match[2] !== undefined,
      ...(target && existsSync(target) ? { file: target } : {}),
    };
  });
}

/** Why a module of the DynamoDB adapter would send: it loads the SDK's commands or takes the client. */
function sends(file: string): string[] {
  return importsOf(file).flatMap(({ specifier, typeOnly, file: target }) => {
    if (specifier.startsWith("@aws-sdk/") && !typeOnly) return [specifier];
    if (target === `${dynamodb}/table/dynamo-client.ts`) return ["table/dynamo-client"];
    return [];
  });
}

/** The modules of the DynamoDB adapter that `from` loads, itself and through others (type imports load none). */
function loaded(from: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...from];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    for (const { typeOnly, file: target } of importsOf(file)) {
      if (typeOnly || !target?.startsWith(`${dynamodb}/`) || seen.has(target)) continue;
      seen.add(target);
      pending.push(target);
    }
  }
  return seen;
}

const offenders = (files: Iterable<string>) =>
  [...files].flatMap((file) => sends(file).map((reason) => `${relative(dynamodb, file)}: ${reason}`)).sort();

describe("the DynamoDB adapter's item builders", () => {
  const builders = sourceFiles(dynamodb).filter((file) => /-(items|keys)\.ts$|\/keys\.ts$/.test(file));

  it("exist in every aggregate that writes items in another's transaction", () => {
    expect(builders.map((file) => relative(dynamodb, file)).sort()).toEqual(
      expect.arrayContaining([
        "accounts/account-items.ts",
        "approvals/approval-items.ts",
        "costs/cost-items.ts",
        "costs/rollup-items.ts",
        "runs/change-items.ts",
        "runs/creation-items.ts",
        "runs/run-items.ts",
      ]),
    );
  });

  it("build items and actions from domain values and send nothing, nor load a module that does", () => {
    expect(offenders(new Set([...builders, ...loaded(builders)]))).toEqual([]);
  });

  it("are all the memory adapter loads of it: no store, no client", () => {
    expect(offenders(loaded(sourceFiles(`${adapters}/memory`)))).toEqual([]);
  });
});
