import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/**
 * The folders of core/ as a graph: an edge A → B for each import from a file of folder A (its first level
 * under core/, or the file itself for core's root files) of a file of folder B. Read from the source text,
 * so it sees what the code imports, type-only imports included.
 */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g;

export type FolderGraph = Map<string, Set<string>>;

export function folderGraph(coreDir: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(coreDir)) {
    const from = folderOf(coreDir, file);
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? "";
      if (!specifier.startsWith(".")) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(`${coreDir}/`)) continue;
      const to = folderOf(coreDir, target);
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every group of folders that reach each other (Tarjan's strongly connected components of size > 1). */
export function cycles(graph: FolderGraph): string[][] {
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
    .filter((file) =>
      [...readFileSync(file, "utf8").matchAll(IMPORT)].some((match) => pattern.test(match[1] ?? "")),
    )
    .map((file) => relative(coreDir, file));
}

function folderOf(coreDir: string, path: string): string {
  const [first = "", ...rest] = relative(coreDir, path).split("/");
  return rest.length === 0 ? first.replace(/\.(ts|tsx|js|mjs)$/, "") : first;
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}
