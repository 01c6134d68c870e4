import { beforeAll, describe, expect, it } from "vitest";
import type { SignedUp } from "../helpers/accounts";
import { expectQueryRejected, listRuns } from "../helpers/runs";
import { freshWorkspace, setUpRunLists, t } from "./run-lists-fixtures";

/**
 * GET /v1/workflow-runs with a bad query: 400 VALIDATION_ERROR naming the field for each bad status, page,
 * pageSize or date, and pageSize 100 accepted as the largest allowed.
 */
setUpRunLists();

describe("GET /v1/workflow-runs with a bad query", () => {
  let ws: SignedUp;

  beforeAll(async () => {
    ws = await freshWorkspace();
  });

  it.each([
    ["status=DONE", "status"],
    ["status=completed", "status"],
    ["status=", "status"],
    ["pageSize=101", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["page=0", "page"],
    ["page=two", "page"],
    ["createdAfter=yesterday", "createdAfter"],
    ["createdAfter=2026-11-01T10:00:00", "createdAfter"],
    ["createdBefore=2026-13-01", "createdBefore"],
  ])("answers 400 VALIDATION_ERROR naming the field when the query is %s", async (query, field) => {
    await expectQueryRejected(t.request, ws.apiKey, `/v1/workflow-runs?${query}`, field);
  });

  it("accepts pageSize 100, the largest allowed", async () => {
    const { meta } = await listRuns(t.request, ws.apiKey, { pageSize: 100 });

    expect(meta).toEqual({ page: 1, pageSize: 100, total: 0, totalPages: 0 });
  });
});
