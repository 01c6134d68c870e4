import { describe, expect, it } from "vitest";
import { CHILD_RUN_TYPES, deliveriesPerRun, STEP_TYPES, stepsOf } from "../../../bench/lib/cost-workloads";
import { CreateWorkflowDefinitionInput } from "../../../core/domain/workflow-definition";

/**
 * bench:cost's workloads are definitions the API takes, at both lengths it measures, and a child-run workload
 * of N has N children, each announcing its end to a webhook beside its parent's.
 */
describe("bench:cost's workloads", () => {
  it("are definitions the API takes, for every type at N and 2N", () => {
    for (const type of STEP_TYPES) {
      for (const n of [10, 20]) {
        const parsed = CreateWorkflowDefinitionInput.safeParse({
          name: `${type}-${n}`,
          version: "1",
          steps: stepsOf(type, n, { httpUrl: "https://example.com/http-step" }),
        });
        expect(parsed.success, `${type} × ${n}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });

  it("give a child-run workload of N its N children, and their deliveries", () => {
    const context = { httpUrl: "https://example.com/http-step" };
    const [, map] = stepsOf("map_item", 7, context) as [unknown, { type: string }];
    expect(map.type).toBe("map");
    const [parallel] = stepsOf("branch", 7, context) as [{ branches: unknown[] }];
    expect(parallel.branches).toHaveLength(7);
    expect(stepsOf("sub_workflow", 7, context)).toHaveLength(7);
    for (const type of CHILD_RUN_TYPES) expect(deliveriesPerRun(type, 7)).toBe(8);
    expect(deliveriesPerRun("noop", 7)).toBe(1);
  });
});
