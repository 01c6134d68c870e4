import { beforeAll, describe, it } from "vitest";
import type { SignedUp } from "../helpers/accounts";
import type { PageBody, RunBody } from "../helpers/api-types";
import { expectQueryRejected, listRuns } from "../helpers/runs";
import {
  define,
  expectListed,
  freshWorkspace,
  idsOf,
  listPages,
  newestFirst,
  oneNoop,
  setUpRunLists,
  startRuns,
  t,
} from "./run-lists-fixtures";

/**
 * GET /v1/workflow-runs by creation date: the createdAfter/createdBefore window, timestamps with an offset
 * and bare dates, the window combined with a definition and a status, and a window that ends before it starts.
 */
setUpRunLists();

describe("GET /v1/workflow-runs by creation date", () => {
  let ws: SignedUp;
  let runs: RunBody[];
  let otherDefinition: string;

  /** Five runs a few milliseconds apart, the middle one of another definition. */
  beforeAll(async () => {
    ws = await freshWorkspace();
    const definition = await define(ws, oneNoop, "dated");
    otherDefinition = await define(ws, oneNoop, "dated-other");
    runs = [];
    for (const definitionId of [definition, definition, otherDefinition, definition, definition]) {
      runs.push(...(await startRuns(ws.apiKey, 1, { definitionId })));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  const createdAt = (i: number) => runs[i]?.createdAt ?? "";

  it("lists the runs created from createdAfter (inclusive) to createdBefore (exclusive), newest first", async () => {
    const window = { createdAfter: createdAt(1), createdBefore: createdAt(4) };
    const [first, second] = await listPages(ws.apiKey, window, 2, 2);

    expectListed(first as PageBody<RunBody>, newestFirst(runs.slice(2, 4)), 3);
    expectListed(second as PageBody<RunBody>, newestFirst(runs.slice(1, 2)), 3);
  });

  it("reads a timestamp with an offset and a bare date as the instants they name", async () => {
    const shifted = new Date(Date.parse(createdAt(3)) + 2 * 3_600_000).toISOString().replace("Z", "+02:00");
    const today = createdAt(0).slice(0, 10);
    const tomorrow = new Date(Date.parse(createdAt(4).slice(0, 10)) + 86_400_000).toISOString().slice(0, 10);

    expectListed(await listRuns(t.request, ws.apiKey, { createdAfter: shifted }), newestFirst(runs.slice(3)));
    expectListed(await listRuns(t.request, ws.apiKey, { createdAfter: today }), newestFirst(runs));
    expectListed(await listRuns(t.request, ws.apiKey, { createdAfter: tomorrow }), []);
  });

  it("combines a date window with a definition and a status", async () => {
    const after = { createdAfter: createdAt(2) };

    expectListed(
      await listRuns(t.request, ws.apiKey, { ...after, definitionId: otherDefinition }),
      idsOf(runs.slice(2, 3)),
    );
    expectListed(
      await listRuns(t.request, ws.apiKey, { ...after, status: "COMPLETED" }),
      newestFirst(runs.slice(2)),
    );
  });

  it("answers 400 naming createdBefore when the window ends before it starts", async () => {
    const query = `createdAfter=${createdAt(3)}&createdBefore=${createdAt(1)}`;
    await expectQueryRejected(t.request, ws.apiKey, `/v1/workflow-runs?${query}`, "createdBefore");
  });
});
