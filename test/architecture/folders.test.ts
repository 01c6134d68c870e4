import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cycles, folderGraph, packageImporters } from "./import-graph";

const core = fileURLToPath(new URL("../../core", import.meta.url));

describe("the folders of core/", () => {
  const graph = folderGraph(core);

  it("import each other without a cycle, so each can be read knowing only those below it", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("keep the domain free of every other folder", () => {
    expect([...(graph.get("domain") ?? [])]).toEqual([]);
  });

  it("reach adapters only through ports: no folder but adapters imports one", () => {
    const importers = [...graph].filter(([folder, edges]) => folder !== "adapters" && edges.has("adapters"));
    expect(importers.map(([folder]) => folder)).toEqual([]);
  });

  it("keep triggers above the runs' creation path, and nothing but the API above triggers", () => {
    expect([...(graph.get("triggers") ?? [])].sort()).toEqual(["domain", "engine", "ports", "runs"]);
    const importers = [...graph].filter(([, edges]) => edges.has("triggers")).map(([folder]) => folder);
    expect(importers).toEqual(["api"]);
  });

  it("leave the AWS SDK to core/adapters", () => {
    expect(packageImporters(core, /^@aws-sdk\//).filter((file) => !file.startsWith("adapters/"))).toEqual([]);
  });
});
