import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RunBody } from "../helpers/api-types";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { allEvents, getRun, listRuns, startRun, waitForRun, withStatus } from "../helpers/runs";
import {
  a,
  define,
  eventsOf,
  hits,
  http,
  releases,
  requested,
  send,
  setUpSupersessionModes,
  startHeld,
  t,
} from "./supersession-modes-fixtures";

/**
 * `supersedeMode` queue_latest: the running run of the key is kept and only the newest waits behind it, also
 * behind runs of the key created with other modes; a FAILED run is retried only while no other queue_latest
 * run of its key runs, and a definition with a concurrency limit is refused.
 */
setUpSupersessionModes();

describe("supersedeMode queue_latest", () => {
  const queued = (body: Record<string, unknown>) =>
    startRun(t.request, a.apiKey, { ...body, supersedeExisting: true, supersedeMode: "queue_latest" });
  const waitingBehind = (run: RunBody) => run.status === "PENDING" && run.waitingFor === "supersession";
  const typesOf = async (runId: string) => (await eventsOf(runId)).map(([type]) => type);
  const startedAt = async (runId: string) =>
    (await allEvents(t.request, a.apiKey, runId)).find((event) => event.eventType === "WORKFLOW_STARTED")
      ?.createdAt ?? "";

  it("keeps the running run, supersedes the queued one by the newest, which starts once the running one ends", async () => {
    const definitionId = await define([http("slow", "/slow/{{input.tag}}")]);
    const supersessionKey = `latest-${randomBytes(3).toString("hex")}`;
    // Nothing of the key is running: the first starts at once, like any run.
    const first = await queued({ definitionId, input: { tag: "q-a" }, supersessionKey });
    await requested("q-a");

    const second = await queued({ definitionId, input: { tag: "q-b" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, second.id, waitingBehind);
    const listed = await listRuns(t.request, a.apiKey, { waitingFor: "supersession", supersessionKey });
    expect(listed.data.map((run) => run.id)).toEqual([second.id]);

    const third = await queued({ definitionId, input: { tag: "q-c" }, supersessionKey });
    const superseded = await getRun(t.request, a.apiKey, second.id);
    expect(superseded).toMatchObject({ status: "SUPERSEDED", steps: [] });
    expect(await eventsOf(second.id)).toEqual([["WORKFLOW_SUPERSEDED", { supersededBy: third.id }]]);
    await waitForRun(t.request, a.apiKey, third.id, waitingBehind);
    const running = await getRun(t.request, a.apiKey, first.id);
    expect(running.status).toBe("RUNNING");
    expect(running.steps.map((step) => step.status)).toEqual(["RUNNING"]);

    releases.get("/slow/q-a")?.();
    const ended = await waitForRun(t.request, a.apiKey, first.id, withStatus("COMPLETED"));
    await requested("q-c");
    releases.get("/slow/q-c")?.();
    await waitForRun(t.request, a.apiKey, third.id, withStatus("COMPLETED"));

    expect(await typesOf(first.id)).toEqual([
      "WORKFLOW_STARTED",
      "STEP_STARTED",
      "STEP_COMPLETED",
      "WORKFLOW_COMPLETED",
    ]);
    expect((await startedAt(third.id)) >= ended.updatedAt).toBe(true);
    expect([hits.get("/slow/q-a"), hits.get("/slow/q-b"), hits.get("/slow/q-c")]).toEqual([1, undefined, 1]);
  });

  it("waits behind a run of its key created with another mode; a cancel_running creation supersedes both kinds", async () => {
    const definitionId = await define([http("slow", "/slow/{{input.tag}}")]);
    const supersessionKey = `mixed-${randomBytes(3).toString("hex")}`;
    const plain = await startHeld(definitionId, supersessionKey, "m-p");
    const behindPlain = await queued({ definitionId, input: { tag: "m-q" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, behindPlain.id, waitingBehind);
    expect((await getRun(t.request, a.apiKey, plain.id)).status).toBe("RUNNING");

    // The plain run holds no queue_latest place: its end rings the waiting run all the same.
    releases.get("/slow/m-p")?.();
    await waitForRun(t.request, a.apiKey, plain.id, withStatus("COMPLETED"));
    await requested("m-q");

    const waiting = await queued({ definitionId, input: { tag: "m-q2" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, waiting.id, waitingBehind);
    const cancelling = await startRun(t.request, a.apiKey, {
      definitionId,
      input: { tag: "m-x" },
      supersessionKey,
      supersedeExisting: true,
    });
    for (const runId of [behindPlain.id, waiting.id]) {
      expect((await getRun(t.request, a.apiKey, runId)).status).toBe("SUPERSEDED");
      expect((await eventsOf(runId)).at(-1)).toEqual([
        "WORKFLOW_SUPERSEDED",
        { supersededBy: cancelling.id },
      ]);
    }
    releases.get("/slow/m-q")?.();
    await requested("m-x");

    // The superseded queue_latest run gave its place back; the next one waits only for the running run.
    const last = await queued({ definitionId, input: { tag: "m-l" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, last.id, waitingBehind);
    releases.get("/slow/m-x")?.();
    await waitForRun(t.request, a.apiKey, cancelling.id, withStatus("COMPLETED"));
    await requested("m-l");
    releases.get("/slow/m-l")?.();
    await waitForRun(t.request, a.apiKey, last.id, withStatus("COMPLETED"));
    expect(hits.get("/slow/m-q2")).toBeUndefined();
  });

  it("retries a FAILED run only while no other queue_latest run of its key runs (409 until then)", async () => {
    const definitionId = await define([http("slow", "/{{input.path}}")]);
    const supersessionKey = `retry-${randomBytes(3).toString("hex")}`;
    const failed = await queued({ definitionId, input: { path: "fail/r-a" }, supersessionKey });
    await waitForRun(t.request, a.apiKey, failed.id, withStatus("FAILED"));
    // A FAILED run is not started any more: the next one starts at once.
    const next = await queued({ definitionId, input: { path: "slow/r-b" }, supersessionKey });
    await requested("r-b");

    const refused = await expectError(
      await send("POST", `/v1/workflow-runs/${failed.id}/retry`),
      409,
      "CONFLICT",
    );
    expect(refused.message).toContain("queue_latest");
    releases.get("/slow/r-b")?.();
    await waitForRun(t.request, a.apiKey, next.id, withStatus("COMPLETED"));
    await expectData(await send("POST", `/v1/workflow-runs/${failed.id}/retry`), 200);
    await waitForRun(t.request, a.apiKey, failed.id, withStatus("FAILED"));
    expect(hits.get("/fail/r-a")).toBe(2);
  });

  it("refuses a definition with a concurrency limit before writing anything", async () => {
    const body = {
      name: `modes-${randomBytes(3).toString("hex")}`,
      version: "1",
      steps: [{ type: "task", name: "n", handler: "noop" }],
      concurrency: { limit: 2 },
    };
    const { id: definitionId } = await expectData<{ id: string }>(
      await send("POST", "/v1/workflow-definitions", body),
      201,
    );
    const supersessionKey = `refused-${randomBytes(3).toString("hex")}`;
    const error = await expectError(
      await send("POST", "/v1/workflow-runs", {
        definitionId,
        supersessionKey,
        supersedeExisting: true,
        supersedeMode: "queue_latest",
      }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(error)).toEqual(["supersedeMode"]);
    expect((await listRuns(t.request, a.apiKey, { supersessionKey })).meta.total).toBe(0);
  });
});
