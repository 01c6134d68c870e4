import { beforeAll, describe, expect, it } from "vitest";
import type { SignedUp } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { listRuns } from "../helpers/runs";
import {
  define,
  expectListed,
  freshWorkspace,
  idsOf,
  newestFirst,
  oneNoop,
  setUpRunLists,
  startRuns,
  t,
} from "./run-lists-fixtures";

/**
 * GET /v1/workflow-runs?supersessionKey: only the runs with that key, newest first, alone or with a status.
 */
setUpRunLists();

describe("GET /v1/workflow-runs?supersessionKey", () => {
  let ws: SignedUp;
  let definition: string;
  let withX: RunBody[];
  let withY: RunBody[];

  beforeAll(async () => {
    ws = await freshWorkspace();
    definition = await define(ws, oneNoop, "noop");
    const [x1] = await startRuns(ws.apiKey, 1, { definitionId: definition, supersessionKey: "x" });
    withY = await startRuns(ws.apiKey, 1, { definitionId: definition, supersessionKey: "y" });
    await startRuns(ws.apiKey, 1, { definitionId: definition });
    const [x2] = await startRuns(ws.apiKey, 1, { definitionId: definition, supersessionKey: "x" });
    if (!x1 || !x2) throw new Error("runs not created");
    withX = [x1, x2];
  });

  it("lists only the runs with that key, newest first, when supersessionKey is given", async () => {
    const x = await listRuns(t.request, ws.apiKey, { supersessionKey: "x" });
    const y = await listRuns(t.request, ws.apiKey, { supersessionKey: "y" });

    expect(idsOf(x.data)).toEqual(newestFirst(withX));
    expect(x.meta).toEqual({ page: 1, pageSize: 20, total: 2, totalPages: 1 });
    expectListed(y, idsOf(withY));
  });

  it("answers an empty list when no run has the key", async () => {
    expectListed(await listRuns(t.request, ws.apiKey, { supersessionKey: "nobody" }), []);
  });

  it("lists the runs with that key and status when supersessionKey and status are both given", async () => {
    const completed = await listRuns(t.request, ws.apiKey, {
      supersessionKey: "x",
      status: "COMPLETED",
    });
    const waiting = await listRuns(t.request, ws.apiKey, { supersessionKey: "x", status: "WAITING" });

    expectListed(completed, newestFirst(withX));
    expectListed(waiting, []);
  });
});
