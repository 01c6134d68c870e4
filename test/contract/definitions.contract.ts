import { beforeEach, describe, expect, it } from "vitest";
import type { StoredWorkflowDefinition } from "../../core/domain/workflow-definition-record";
import type { RunsStore } from "../../core/ports/store";
import type { MakeStore } from "./runs-store.contract";

const ws = "wsp_definitions";

function definition(id: string, workspaceId = ws): StoredWorkflowDefinition {
  return {
    id,
    workspaceId,
    name: `flow ${id}`,
    version: "1",
    description: null,
    stepsJson: [{ type: "task", name: "a", handler: "noop", config: { nested: { deep: [1, 2] } } }],
    createdAt: "2030-01-01T00:00:00.000Z",
    updatedAt: "2030-01-01T00:00:00.000Z",
  };
}

/** Definitions: written once, read back whole, listed oldest first. */
export function describeDefinitions(makeStore: MakeStore): void {
  describe("definitions", () => {
    let store: RunsStore;

    beforeEach(async () => {
      store = await makeStore();
    });

    it("reads a definition back whole, lists a workspace's oldest first, and refuses one id twice", async () => {
      const [second, first, elsewhere] = [
        definition("def_000002"),
        definition("def_000001"),
        definition("def_000003", "wsp_other"),
      ];
      for (const created of [second, first, elsewhere]) await store.definitions.create(created);

      expect(await store.definitions.get(ws, first.id)).toEqual(first);
      expect(await store.definitions.get("wsp_other", first.id)).toBeUndefined();
      expect(await store.definitions.list(ws)).toEqual([first, second]);
      await expect(store.definitions.create({ ...first, name: "again" })).rejects.toThrow();
      expect(await store.definitions.get(ws, first.id)).toEqual(first);
    });

    it("pages a workspace's definitions oldest first, without their steps, from a cursor", async () => {
      const ids = ["def_000001", "def_000002", "def_000003", "def_000004", "def_000005"];
      for (const id of [...ids].reverse()) await store.definitions.create(definition(id));
      await store.definitions.create(definition("def_000006", "wsp_other"));
      const { stepsJson: _, ...summary } = definition("def_000001");

      const first = await store.definitions.page(ws, { limit: 2 });
      expect(first).toEqual({ definitions: [summary, expect.anything()], next: "def_000002" });
      const second = await store.definitions.page(ws, { after: first.next, limit: 2 });
      expect(second.definitions.map((listed) => listed.id)).toEqual(["def_000003", "def_000004"]);
      // The last page says no more follow, even when it is full.
      expect(await store.definitions.page(ws, { after: second.next, limit: 1 })).toEqual({
        definitions: [expect.objectContaining({ id: "def_000005" })],
      });
      expect(await store.definitions.page(ws, { after: "def_000005", limit: 2 })).toEqual({
        definitions: [],
      });
      // A cursor naming no definition pages from where it would sort.
      const between = await store.definitions.page(ws, { after: "def_0000025", limit: 1 });
      expect(between.definitions.map((listed) => listed.id)).toEqual(["def_000003"]);
    });
  });
}
