import { describe, expect, it } from "vitest";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { a, children, eventsOf, fake, send, setUpChildRuns, t, waitForChild } from "./child-runs-fixtures";

/**
 * sub_workflow steps: the child definition runs as a run of its own whose llm cost counts in the parent's,
 * cancelling the parent cancels the child, and a sub_workflow naming no definition, or a parentRunId with
 * other list filters, is refused.
 */
setUpChildRuns();

describe("sub_workflow steps", () => {
  it("runs the child definition as a run of its own, whose llm cost appears in the parent's cost", async () => {
    fake.reply({ text: "Bonjour", usage: { input: 1000, output: 100 } });
    const child = await createDefinition(
      t.request,
      a.apiKey,
      [
        {
          type: "llm",
          name: "translate",
          model: "gpt-4o-mini",
          messages: [{ role: "user", content: "Translate {{input.text}}" }],
        },
      ],
      "translator",
    );
    const parent = await createDefinition(
      t.request,
      a.apiKey,
      [
        {
          type: "sub_workflow",
          name: "child",
          definitionId: child.id,
          input: { text: "{{input.greeting}}" },
        },
      ],
      "calls-translator",
    );
    const run = await startRun(t.request, a.apiKey, {
      definitionId: parent.id,
      input: { greeting: "Hello" },
    });
    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    const [childRun] = await children(run.id);
    expect(childRun).toMatchObject({ definitionId: child.id, status: "COMPLETED", parentRunId: run.id });
    expect(childRun?.input).toEqual({ text: "Hello" });
    expect(done.output?.child).toMatchObject({ translate: { text: "Bonjour" } });

    const cost = await expectData<{
      totalCostUsd: number;
      calls: { stepName: string; costUsd: number; workflowRunId?: string }[];
    }>(await send("GET", `/v1/workflow-runs/${run.id}/cost`), 200);
    // gpt-4o-mini: $0.15 / M input, $0.60 / M output.
    expect(cost.totalCostUsd).toBeCloseTo(0.00021, 9);
    expect(cost.calls).toEqual([
      expect.objectContaining({ stepName: "translate", workflowRunId: childRun?.id, costUsd: 0.00021 }),
    ]);
  });

  it("cancelling the parent cancels the child", async () => {
    const child = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "external_event", name: "never", signalType: "go" }],
      "waits-forever",
    );
    const parent = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "sub_workflow", name: "child", definitionId: child.id }],
      "parent-of-waiter",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: parent.id });
    const waiting = await waitForChild(run.id, "WAITING");
    expect(
      (await expectData<{ status: string }>(await send("POST", `/v1/workflow-runs/${run.id}/cancel`), 200))
        .status,
    ).toBe("CANCELLED");
    await waitForRun(t.request, a.apiKey, waiting.id, withStatus("CANCELLED"));
  });

  it("names its child by workflow name and version, or by name alone: the newest version when the step starts", async () => {
    const greeter = async (version: string) =>
      expectData<{ id: string }>(
        await send("POST", "/v1/workflow-definitions", {
          name: "greeter",
          version,
          steps: [
            { type: "task", name: "greet", handler: "set_state", config: { values: { said: version } } },
          ],
        }),
        201,
      );
    const v1 = await greeter("1");
    const v2 = await greeter("2");
    const calling = (child: Record<string, string>) =>
      createDefinition(t.request, a.apiKey, [{ type: "sub_workflow", name: "child", ...child }], "caller");
    const pinned = await calling({ definitionName: "greeter", definitionVersion: "1" });
    const newest = await calling({ definitionName: "greeter" });
    const v3 = await greeter("3");
    const childOf = async (definitionId: string) => {
      const run = await startRun(t.request, a.apiKey, { definitionId });
      const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
      const [started] = await eventsOf(run.id, "CHILD_RUN_STARTED");
      const child = done.output?.child as { said?: string } | undefined;
      return { said: child?.said, started: started?.payload };
    };

    expect(await childOf(pinned.id)).toEqual({
      said: "1",
      started: expect.objectContaining({ definitionId: v1.id, definitionVersion: "1" }),
    });
    // Version 3 was created after the calling definition: a name alone runs what is newest at the step's start.
    expect(await childOf(newest.id)).toEqual({
      said: "3",
      started: expect.objectContaining({ definitionId: v3.id, definitionVersion: "3" }),
    });
    expect(v2.id).not.toBe(v3.id);

    const refused = async (child: Record<string, string>) =>
      issuePaths(
        await expectError(
          await send("POST", "/v1/workflow-definitions", {
            name: "caller",
            version: "2",
            steps: [{ type: "sub_workflow", name: "child", ...child }],
          }),
          400,
          "VALIDATION_ERROR",
        ),
      );
    expect(await refused({ definitionName: "nobody" })).toEqual(["steps.0.definitionName"]);
    expect(await refused({ definitionName: "greeter", definitionVersion: "9" })).toEqual([
      "steps.0.definitionVersion",
    ]);
    expect(await refused({ definitionName: "greeter", definitionId: v1.id })).toEqual([
      "steps.0.definitionId",
    ]);
    expect(await refused({ definitionId: v1.id, definitionVersion: "1" })).toEqual([
      "steps.0.definitionVersion",
    ]);
  });

  it("refuses a definition whose sub_workflow names no definition, and a parentRunId with other filters", async () => {
    await expectError(
      await send("POST", "/v1/workflow-definitions", {
        name: "dangling",
        version: "1",
        steps: [{ type: "sub_workflow", name: "child", definitionId: "def_missing" }],
      }),
      400,
      "VALIDATION_ERROR",
    );
    await expectError(
      await send("GET", "/v1/workflow-runs?parentRunId=run_x&status=RUNNING"),
      400,
      "VALIDATION_ERROR",
    );
  });
});
