import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Nothing kept that nothing uses: a runtime dependency no file imports (it is installed, audited and, for
 * the client, installed by every user for nothing), and an export no file names (dead code, read for
 * nothing). Read from the tracked source text, as import-graph.ts reads imports.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
/** Generated from the OpenAPI document: its exports are the client's types, whoever uses them. */
const GENERATED = new Set(["sdk/src/schema.ts"]);

const sources = execFileSync("git", ["ls-files", "*.ts", "*.tsx", "*.mjs", "*.js"], { cwd: root })
  .toString()
  .split("\n")
  .filter((path) => path && !GENERATED.has(path))
  .map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));

const dependencies = (manifest: string) =>
  Object.keys(
    (JSON.parse(readFileSync(join(root, manifest), "utf8")) as { dependencies: object }).dependencies,
  );

/**
 * The packages `text` imports: `from "x"`, `import("x")`, `require("x")`, subpaths included, and those it
 * resolves by name to read their files at run time (`.resolve("x/package.json")`).
 */
function importedPackages(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(
    /(?:from\s+|import\s*\(\s*|require\s*\(\s*|\.resolve\s*\(\s*|import\s+)["']([^"'.][^"']*)["']/g,
  )) {
    const specifier = match[1] ?? "";
    const parts = specifier.split("/");
    found.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? ""));
  }
  return found;
}

/** A file's identifiers with how often each occurs, comments left out (a name in prose is not a use). */
function identifiers(text: string): Map<string, number> {
  // Comments that open a line only: "/*" inside a string ("/v1/*") opens none.
  const code = text.replace(/^\s*\/\*[\s\S]*?\*\//gm, "").replace(/^\s*\/\/.*$/gm, "");
  const counts = new Map<string, number>();
  for (const [word] of code.matchAll(/[A-Za-z_$][\w$]*/g)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

const EXPORTED =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|abstract\s+class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/gm;

describe("the code", () => {
  it("declares as runtime dependencies only packages it imports, the root and the client alike", () => {
    const importedBy = (prefix: string) =>
      new Set(
        sources
          .filter(({ path }) => path.startsWith(prefix))
          .flatMap(({ text }) => [...importedPackages(text)]),
      );

    const rootImports = importedBy("");
    const clientImports = importedBy("sdk/");

    expect(dependencies("package.json").filter((name) => !rootImports.has(name))).toEqual([]);
    expect(dependencies("sdk/package.json").filter((name) => !clientImports.has(name))).toEqual([]);
  });

  it("exports nothing that no file uses: each export is named by another file or used in its own", () => {
    const files = sources.map(({ path, text }) => ({ path, text, words: identifiers(text) }));
    const filesNaming = new Map<string, number>();
    for (const { words } of files)
      for (const word of words.keys()) filesNaming.set(word, (filesNaming.get(word) ?? 0) + 1);

    const unused = files.flatMap(({ path, text, words }) =>
      [...text.matchAll(EXPORTED)]
        .map((match) => match[1] ?? "")
        .filter((name) => filesNaming.get(name) === 1 && words.get(name) === 1)
        .map((name) => `${path}: ${name}`),
    );

    expect(unused).toEqual([]);
  });
});
