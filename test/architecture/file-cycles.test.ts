import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { cycles, fileGraph } from "./import-graph";

const core = fileURLToPath(new URL("../../core", import.meta.url));

/**
 * No file of core/ reaches itself through its imports: each can be read, tested and moved with what it imports
 * and nothing that imports it. Type-only imports count: a type shared both ways ties two files together as
 * much as a value does (the run record's sub-records are each declared by the module that owns them for this
 * reason). Lazy `import()`s count too (import-graph.ts).
 */
it("has no file of core/ reach itself through its imports", () => {
  expect(cycles(fileGraph(core))).toEqual([]);
});
