import { useEffect } from "hono/jsx/dom";
import { api } from "./api";
import { shortId } from "./format";
import { useLoad } from "./hooks";
import type { Definition } from "./types";

/** The workspace's definitions, loaded again when a run names one not yet known (created since). */
export function useDefinitions(ids: readonly string[]): Definition[] | undefined {
  const definitions = useLoad(() => api<Definition[]>("GET", "/workflow-definitions"), "definitions");
  const known = definitions.data;
  const missing = known !== undefined && ids.some((id) => !known.some((d) => d.id === id));
  useEffect(() => {
    if (missing) definitions.reload();
  }, [missing, ids.join(",")]);
  return known;
}

export function definitionLabel(definitions: Definition[] | undefined, id: string): string {
  const definition = definitions?.find((d) => d.id === id);
  return definition ? `${definition.name} v${definition.version}` : shortId(id);
}
