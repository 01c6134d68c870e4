import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The imports of core/ as graphs, read from the source text, so they see what the code imports: type-only
 * imports included (a type shared both ways still ties two files together), and lazy `import()`s too (loaded
 * later, but neither file can be read or moved without the other all the same).
 */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Node → the nodes it imports. */
export type Graph = Map<string, Set<string>>;

/** What a file imports, as written. */
export function importedSpecifiers(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? "");
}

/**
 * The files of core/ (paths relative to `coreDir`), each with the files of core/ it imports by a relative
 * specifier (`./x` is `x.ts`, `x.tsx` or `x/index.ts`).
 */
export function fileGraph(coreDir: string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(coreDir)) {
    const edges = new Set<string>();
    graph.set(relative(coreDir, file), edges);
    for (const specifier of importedSpecifiers(file)) {
      if (!specifier.startsWith(".")) continue;
      const target = resolveSource(resolve(dirname(file), specifier));
      if (target?.startsWith(`${coreDir}/`)) edges.add(relative(coreDir, target));
    }
  }
  return graph;
}

function resolveSource(path: string): string | undefined {
  return [path, `${path}.ts`, `${path}.tsx`, join(path, "index.ts")].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/**
 * The folders of core/ as a graph: an edge A → B for each import from a file of folder A (its first level
 * under core/, or the file itself for core's root files) of a file of folder B.
 */
export function folderGraph(coreDir: string): Graph {
  const graph: Graph = new Map();
  for (const [file, imports] of fileGraph(coreDir)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of imports) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  return graph;
}

/** Every group of nodes that reach each other (Tarjan's strongly connected components of size > 1). */
export function cycles(graph: Graph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];

  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, indices.get(next) ?? 0));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const group: string[] = [];
      for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
        onStack.delete(member);
        group.push(member);
        if (member === node) break;
      }
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/** The files (relative to `coreDir`) that import a package whose name matches `pattern`. */
export function packageImporters(coreDir: string, pattern: RegExp): string[] {
  return sourceFiles(coreDir)
    .filter((file) => importedSpecifiers(file).some((specifier) => pattern.test(specifier)))
    .map((file) => relative(coreDir, file));
}

function folderOf(file: string): string {
  const [first = "", ...rest] = file.split("/");
  return rest.length === 0 ? first.replace(/\.(ts|tsx|js|mjs)$/, "") : first;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}
