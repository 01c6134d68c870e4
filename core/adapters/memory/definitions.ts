import type { DefinitionStore } from "../../ports/store";
import { keys } from "../dynamodb/table/keys";
import { byKey, type MemoryState, slot } from "./state";

/** Definitions: written once, never updated, listed oldest first (their ids are time-ordered). */
export function createMemoryDefinitions(state: MemoryState): DefinitionStore {
  const ofWorkspace = (workspaceId: string) =>
    [...state.definitions.values()]
      .filter((definition) => definition.workspaceId === workspaceId)
      .sort((a, b) => byKey(a.id, b.id));
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
      return structuredClone(ofWorkspace(workspaceId));
    },

    async latest(workspaceId, name, version) {
      const found = ofWorkspace(workspaceId).findLast(
        (definition) => definition.name === name && (version === undefined || definition.version === version),
      );
      if (!found) return undefined;
      const { stepsJson: _, ...summary } = structuredClone(found);
      return summary;
    },

    async page(workspaceId, { after, limit }) {
      const following = ofWorkspace(workspaceId).filter(
        (definition) => after === undefined || byKey(definition.id, after) > 0,
      );
      const definitions = structuredClone(following.slice(0, limit)).map(
        ({ stepsJson: _, ...summary }) => summary,
      );
      const last = definitions.at(-1);
      return following.length > limit && last ? { definitions, next: last.id } : { definitions };
    },
  };
}
