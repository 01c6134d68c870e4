import { beforeAll, describe, expect, it } from "vitest";
import type { EventBody } from "../helpers/api-types";
import { expectError, ISO_UTC_MS } from "../helpers/requests";
import { expectQueryRejected, listEvents } from "../helpers/runs";
import { a, noopDefinition, requestAs, settledRun, setUpWorkflowRuns, t } from "./workflow-runs-fixtures";

/**
 * GET /v1/workflow-runs/:id/events: a run's events oldest first with their fields, their pages, the query
 * refused, and a run that is not there.
 */
setUpWorkflowRuns();

const EVENT_FIELDS = ["id", "workflowRunId", "stepRunId", "eventType", "payload", "createdAt"].sort();

describe("GET /v1/workflow-runs/:id/events", () => {
  let runId: string;
  let everything: EventBody[];

  beforeAll(async () => {
    runId = (await settledRun(noopDefinition)).id;
    everything = (await listEvents(t.request, a.apiKey, runId, { pageSize: 100 })).data;
  });

  it("lists the run's events oldest first with the fields of spec 2.7", async () => {
    expect(everything.map((event) => [event.eventType, event.payload.stepName ?? null])).toEqual([
      ["WORKFLOW_STARTED", null],
      ["STEP_STARTED", "one"],
      ["STEP_COMPLETED", "one"],
      ["STEP_STARTED", "two"],
      ["STEP_COMPLETED", "two"],
      ["STEP_STARTED", "three"],
      ["STEP_COMPLETED", "three"],
      ["WORKFLOW_COMPLETED", null],
    ]);
    for (const event of everything) {
      expect(Object.keys(event).sort()).toEqual(EVENT_FIELDS);
      expect(event.workflowRunId).toBe(runId);
      expect(event.createdAt).toMatch(ISO_UTC_MS);
      if (event.eventType.startsWith("WORKFLOW_")) expect(event.stepRunId).toBeNull();
      else expect(event.stepRunId).toEqual(expect.any(String));
    }
    const times = everything.map((event) => event.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(new Set(everything.map((event) => event.id)).size).toBe(everything.length);
  });

  it("pages the events so that the pages put together equal the whole list when pageSize is 3", async () => {
    expect(everything.length).toBeGreaterThanOrEqual(7);
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(await listEvents(t.request, a.apiKey, runId, { page, pageSize: 3 }));
    }

    expect(pages.map((page) => page.meta)).toEqual(
      [1, 2, 3].map((page) => ({
        page,
        pageSize: 3,
        total: everything.length,
        totalPages: Math.ceil(everything.length / 3),
      })),
    );
    expect(pages.map((page) => page.data.length)).toEqual([3, 3, everything.length - 6]);
    expect(pages.flatMap((page) => page.data)).toEqual(everything);
  });

  it("answers an empty page with the right total when the page is beyond the end", async () => {
    const beyond = await listEvents(t.request, a.apiKey, runId, { page: 4, pageSize: 3 });

    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toEqual({
      page: 4,
      pageSize: 3,
      total: everything.length,
      totalPages: Math.ceil(everything.length / 3),
    });
  });

  it("uses page 1 and pageSize 20 when no query is given", async () => {
    const page = await listEvents(t.request, a.apiKey, runId);

    expect(page.meta).toEqual({ page: 1, pageSize: 20, total: everything.length, totalPages: 1 });
    expect(page.data).toEqual(everything);
  });

  it.each([
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["pageSize=0", "pageSize"],
    ["pageSize=101", "pageSize"],
    ["pageSize=ten", "pageSize"],
  ])("answers 400 VALIDATION_ERROR when the query is %s", async (query, field) => {
    await expectQueryRejected(t.request, a.apiKey, `/v1/workflow-runs/${runId}/events?${query}`, field);
  });

  it("answers 404 NOT_FOUND when the id names no run", async () => {
    await expectError(
      await requestAs(a, "GET", "/v1/workflow-runs/run_does_not_exist/events"),
      404,
      "NOT_FOUND",
    );
  });
});
