import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cycles, folderGraph } from "./import-graph";

const core = fileURLToPath(new URL("../../core", import.meta.url));

describe("the folders of core/", () => {
  const graph = folderGraph(core);

  it("import each other without a cycle, so each can be read knowing only those below it", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("keep the domain free of every other folder", () => {
    expect([...(graph.get("domain") ?? [])]).toEqual([]);
  });
});
