import { describe, expect, it } from "vitest";
import { createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { a, call, children, eventsOf, setUpChildRuns, t } from "./child-runs-fixtures";

/**
 * Map steps, which run their steps for each item as a child run: at most maxConcurrency at once with the
 * outputs in the items' order, and a failed step when more items fail than failureTolerance allows.
 */

/** Requests the target is answering right now, and the most it ever answered at once. */
let inFlight = 0;
let maxInFlight = 0;

setUpChildRuns({
  started: () => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
  },
  answered: () => {
    inFlight -= 1;
  },
});

describe("map steps", () => {
  it("maps over 50 items with never more than 5 at once, and keeps the items' order", async () => {
    const items = Array.from({ length: 50 }, (_, n) => ({ n }));
    const mapOver = await createDefinition(
      t.request,
      a.apiKey,
      [
        { type: "task", name: "list", handler: "set_state", config: { values: { list: "{{input.items}}" } } },
        {
          type: "map",
          name: "each",
          itemsKey: "list",
          maxConcurrency: 5,
          steps: [call("fetch", "/items", { n: "{{state.item.n}}" })],
        },
      ],
      "map-50-items",
    );
    maxInFlight = 0;
    const run = await startRun(t.request, a.apiKey, { definitionId: mapOver.id, input: { items } });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"), 60_000);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(5);
    const outputs = done.output?.each as { fetch: { body: { echo: { n: number } } } }[];
    expect(outputs.map((output) => output.fetch.body.echo.n)).toEqual(items.map((item) => item.n));
    expect(await children(run.id)).toHaveLength(50);
  }, 90_000);

  it("fails the step when more items fail than failureTolerance allows", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [
        { type: "task", name: "list", handler: "set_state", config: { values: { list: [1, 2, 3] } } },
        {
          type: "map",
          name: "each",
          itemsKey: "list",
          maxConcurrency: 3,
          failureTolerance: 1,
          retry: { maxAttempts: 1, backoffMs: 10 },
          steps: [call("broken", "/fail")],
        },
      ],
      "map-failing",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id });
    await waitForRun(t.request, a.apiKey, run.id, withStatus("FAILED"));
    const [failed] = await eventsOf(run.id, "WORKFLOW_FAILED");
    expect(failed?.payload.error).toContain("more than the 1 tolerated");
  });
});
