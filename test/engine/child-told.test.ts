import { beforeAll, describe, expect, it } from "vitest";
import type { EngineMessage } from "../../core/domain/run-messages";
import { RunStatus } from "../../core/domain/statuses";
import { sweepOverdueRuns } from "../../core/engine/sweeper";
import type { Deps } from "../../core/ports/deps";
import { createRun } from "../../core/runs/create-run";
import { buildAdvancer } from "../../functions/advancer";
import { type EngineHarness, engineHarness } from "../helpers/engine";

let h: EngineHarness;

beforeAll(async () => {
  h = await engineHarness();
});

/**
 * Issue 40.1: an ended child run whose outcome its parent has taken is never advanced again. It used to stay in
 * the sweep index until the sweeper rang it, minutes later, and a worker found that nothing was left to do (one
 * more doorbell, invocation and write for every map item, branch and sub-workflow). Every message goes through
 * a private queue the app's engine never reads, so the test sees each advance; ten minutes of the app's clock
 * pass with the sweeper (at its real grace) looking every minute.
 */
describe("an ended child run its parent took the outcome of", () => {
  it("is not advanced again over the next ten minutes", async () => {
    const sent: EngineMessage[] = [];
    const deps: Deps = { ...h.t.deps, queue: { send: async (message) => void sent.push(message) } };
    const worker = buildAdvancer(deps);
    const advanced: string[] = [];
    const deliverAll = async () => {
      while (sent.length > 0) {
        for (const message of sent.splice(0)) {
          if (message.type === "run.advance") advanced.push(message.runId);
          await worker(message);
        }
      }
    };

    const definitionId = await h.define([
      { type: "task", name: "list", handler: "set_state", config: { values: { list: [1, 2, 3] } } },
      {
        type: "parallel",
        name: "both",
        branches: [
          { name: "left", steps: [{ type: "task", name: "l", handler: "noop" }] },
          { name: "right", steps: [{ type: "task", name: "r", handler: "noop" }] },
        ],
      },
      {
        type: "map",
        name: "each",
        itemsKey: "list",
        maxConcurrency: 2,
        steps: [{ type: "task", name: "double", handler: "noop" }],
      },
    ]);
    // Created through the private queue, so the app's own engine never takes a message of this tree.
    const parent = (
      await createRun(deps, h.workspaceId, { definitionId, input: {}, supersedeExisting: false })
    ).run.id;
    await deliverAll();
    expect((await h.getRun(parent)).status).toBe(RunStatus.Completed);
    const children = new Set(advanced.filter((runId) => runId !== parent));
    expect(children.size).toBe(5);

    advanced.length = 0;
    for (let minute = 1; minute <= 10; minute++) {
      h.t.clock.advance(60_000);
      await sweepOverdueRuns(deps);
      await deliverAll();
    }
    expect(advanced.filter((runId) => children.has(runId))).toEqual([]);
  });
});
