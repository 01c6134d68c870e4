import { describe, expect, it } from "vitest";
import { signUp } from "../helpers/accounts";
import type { RunBody } from "../helpers/api-types";
import { expectData } from "../helpers/requests";
import { createDefinition, listRuns } from "../helpers/runs";
import {
  a,
  b,
  noopDefinition,
  post,
  postRun,
  setUpWorkflowRuns,
  t,
  threeNoops,
  uniqueKey,
} from "./workflow-runs-fixtures";

/**
 * The idempotencyKey of POST /v1/workflow-runs: a repeat answers the original run, per workspace, and POSTs
 * that arrive at once create one run per key (or every run, without a key).
 */
setUpWorkflowRuns();

describe("idempotencyKey", () => {
  it("answers 200 with the same run when a second POST carries the same key", async () => {
    const idempotencyKey = uniqueKey("again");
    const first = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey }, 201);
    await t.idle();

    const second = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey }, 200);
    expect(second.id).toBe(first.id);
    expect(second.idempotencyKey).toBe(idempotencyKey);
    expect(second.status).toBe("COMPLETED");
  });

  it("returns the original run unchanged when the repeat carries a different input", async () => {
    const idempotencyKey = uniqueKey("input");
    const first = await postRun(
      a.apiKey,
      { definitionId: noopDefinition, idempotencyKey, input: { n: 1 } },
      201,
    );

    const second = await postRun(
      a.apiKey,
      { definitionId: noopDefinition, idempotencyKey, input: { n: 2 } },
      200,
    );
    expect(second.id).toBe(first.id);
    expect(second.input).toEqual({ n: 1 });
    await t.idle();
  });

  it("creates a separate run when another workspace uses the same key", async () => {
    const idempotencyKey = uniqueKey("shared");
    const bDefinition = await createDefinition(t.request, b.apiKey, threeNoops, "b-noops");
    const inA = await postRun(a.apiKey, { definitionId: noopDefinition, idempotencyKey }, 201);

    const inB = await postRun(b.apiKey, { definitionId: bDefinition.id, idempotencyKey }, 201);
    expect(inB.id).not.toBe(inA.id);
    expect(inB.workspaceId).toBe(b.workspaceId);
    await t.idle();
  });

  it("creates exactly one run when 10 POSTs with one key arrive at once", async () => {
    const fresh = await signUp(t);
    const definition = await createDefinition(t.request, fresh.apiKey, threeNoops, "concurrent");
    const idempotencyKey = uniqueKey("burst");

    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post(fresh.apiKey, { definitionId: definition.id, idempotencyKey })),
    );
    const statuses = responses.map((response) => response.status).sort();
    const bodies = await Promise.all(
      responses.map((response) => expectData<RunBody>(response, response.status)),
    );
    await t.idle();

    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(bodies.map((run) => run.id));
    expect(ids.size).toBe(1);
    const list = await listRuns(t.request, fresh.apiKey);
    expect(list.meta.total).toBe(1);
    expect(list.data.map((run) => run.id)).toEqual([...ids]);
  });

  it("creates every run when 60 POSTs arrive at once in one workspace, and pages each exactly once", async () => {
    const fresh = await signUp(t);
    const definition = await createDefinition(t.request, fresh.apiKey, threeNoops, "burst");

    const responses = await Promise.all(
      Array.from({ length: 60 }, () => post(fresh.apiKey, { definitionId: definition.id })),
    );
    const created = await Promise.all(responses.map((response) => expectData<RunBody>(response, 201)));
    await t.idle();

    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => listRuns(t.request, fresh.apiKey, { page, pageSize: 20 })),
    );
    expect(pages.map((listed) => [listed.data.length, listed.meta.total])).toEqual([
      [20, 60],
      [20, 60],
      [20, 60],
      [0, 60],
    ]);
    const listed = pages.flatMap((listed) => listed.data.map((run) => run.id));
    expect(listed.sort()).toEqual(created.map((run) => run.id).sort());
  });
});
