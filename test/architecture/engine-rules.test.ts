import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fileGraph, importedSpecifiers } from "./import-graph";

const core = fileURLToPath(new URL("../../core", import.meta.url));
const RULES = "engine/rules/";

/**
 * The engine's rules decide what a run needs and edit its transition from the run alone; the driver around
 * them (core/engine/) does the reading, committing and ringing. Kept apart, a rule is tested without a store
 * and cannot wait on the world halfway through a decision.
 */
describe("the engine's rules (core/engine/rules/)", () => {
  const rules = [...fileGraph(core)].filter(([file]) => file.startsWith(RULES));

  it("are there", () => {
    expect(rules.map(([file]) => file)).toContain(`${RULES}plan.ts`);
  });

  it("import only the domain and each other: no port, no driver", () => {
    const outside = rules.flatMap(([file, imports]) =>
      [...imports]
        .filter((target) => !target.startsWith("domain/") && !target.startsWith(RULES))
        .map((target) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it("import no package: what they need of the world comes to them as data", () => {
    const packages = rules.flatMap(([file]) =>
      importedSpecifiers(`${core}/${file}`)
        .filter((specifier) => !specifier.startsWith("."))
        .map((specifier) => `${file} → ${specifier}`),
    );
    expect(packages).toEqual([]);
  });
});
