import { beforeAll, describe, expect, it } from "vitest";
import type { RunBody, RunWithSteps } from "../helpers/api-types";
import { expectError } from "../helpers/requests";
import { createDefinition, getRun, listRuns, startRun } from "../helpers/runs";
import {
  a,
  b,
  failDefinition,
  requestAs,
  settledRun,
  setUpWorkflowRuns,
  signalDefinition,
  t,
  threeNoops,
} from "./workflow-runs-fixtures";

/**
 * Another workspace's run: B's requests on A's runs answer 404 NOT_FOUND and leave them as they were, and
 * B's run list never holds A's runs.
 */
setUpWorkflowRuns();

describe("another workspace's run", () => {
  let waiting: RunBody;
  let failed: RunBody;

  beforeAll(async () => {
    waiting = await settledRun(signalDefinition);
    failed = await settledRun(failDefinition);
  });

  /** B calls `action` (`""` for the run itself) on A's run: 404 NOT_FOUND; returns A's run afterwards. */
  async function asB(method: string, run: RunBody, action: string, body?: unknown): Promise<RunWithSteps> {
    const path = `/v1/workflow-runs/${run.id}${action ? `/${action}` : ""}`;
    await expectError(await requestAs(b, method, path, body), 404, "NOT_FOUND");
    await t.idle();
    return getRun(t.request, a.apiKey, run.id);
  }

  it.each([
    ["get", "GET", "", undefined],
    ["cancel", "POST", "cancel", undefined],
    ["resume", "POST", "resume", { signalType: "go" }],
    ["events", "GET", "events", undefined],
  ])(
    "answers 404 NOT_FOUND and leaves the run as it was when B calls %s on A's waiting run",
    async (_name, method, action, body) => {
      const after = await asB(method, waiting, action, body);
      expect(after.status).toBe("WAITING");
      expect(after.currentStepName).toBe("await-go");
    },
  );

  it("answers 404 NOT_FOUND and leaves the run FAILED when B calls retry on A's failed run", async () => {
    const after = await asB("POST", failed, "retry");
    expect(after.status).toBe("FAILED");
    expect(after.steps).toHaveLength(1);
  });

  it("never lists A's runs when B lists its runs", async () => {
    const definition = await createDefinition(t.request, b.apiKey, threeNoops, "b-own");
    const own = await startRun(t.request, b.apiKey, { definitionId: definition.id });
    const listed = await listRuns(t.request, b.apiKey, { pageSize: 100 });
    expect(listed.data.map((run) => run.id)).toEqual([own.id]);
    expect(listed.data.map((run) => run.workspaceId)).toEqual([b.workspaceId]);
    expect(listed.meta.total).toBe(1);
  });
});
