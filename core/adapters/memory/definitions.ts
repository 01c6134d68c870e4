import type { DefinitionStore } from "../../ports/store";
import { keys } from "../dynamodb/keys";
import { byKey, type MemoryState, slot } from "./state";

/** Definitions: written once, never updated, listed oldest first (their ids are time-ordered). */
export function createMemoryDefinitions(state: MemoryState): DefinitionStore {
  return {
    async create(definition) {
      const at = slot(keys.definition(definition.workspaceId, definition.id));
      // The adapter's conditional put throws the SDK's condition failure: an error, not an answer.
      if (state.definitions.has(at)) throw new Error(`Definition ${definition.id} exists`);
      state.definitions.set(at, structuredClone(definition));
    },

    async get(workspaceId, definitionId) {
      return structuredClone(state.definitions.get(slot(keys.definition(workspaceId, definitionId))));
    },

    async list(workspaceId) {
      const listed = [...state.definitions.values()]
        .filter((definition) => definition.workspaceId === workspaceId)
        .sort((a, b) => byKey(a.id, b.id));
      return structuredClone(listed);
    },
  };
}
