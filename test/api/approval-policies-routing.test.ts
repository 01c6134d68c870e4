import { describe, expect, it } from "vitest";
import { asSession } from "../helpers/approval-deciders";
import { expectData, expectError, issuePaths } from "../helpers/requests";
import { createDefinition, getRun, startRun } from "../helpers/runs";
import {
  type Approval,
  a,
  decide,
  decideAs,
  pendingFor,
  send,
  setUpApprovalPolicies,
  t,
} from "./approval-policies-fixtures";

/**
 * Routing approvals: only assignees decide, directly or through an approval group; the run's starter
 * refused with allowRequester: false; the request list filtered by assignee and paged when asked; and
 * managing approval groups.
 */
setUpApprovalPolicies();

describe("routing: assignees, groups and the requester", () => {
  const assigned = (extra: Record<string, unknown>) => [
    { type: "approval", name: "review", contentKey: "input", ...extra },
  ];

  it("lets only an assignee decide, directly or through a group, and lists a person's requests", async () => {
    const group = await expectData<{ name: string; members: string[] }>(
      await send("PUT", "/v1/approval-groups/legal", { members: ["Lea@Example.com", "max@example.com"] }),
      200,
    );
    expect(group).toMatchObject({ name: "legal", members: ["lea@example.com", "max@example.com"] });
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      assigned({ assignees: ["ana@example.com", "group:legal"] }),
      "routed",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { n: 1 } });
    const pending = await pendingFor(run.id);
    expect(pending).toMatchObject({
      assignees: ["ana@example.com", "group:legal"],
      definitionId: definition.id,
    });

    await expectError(await decide(pending.id, { decision: "approved" }), 403, "FORBIDDEN");
    await expectError(
      await decide(pending.id, { decision: "approved", decidedBy: "eve@example.com" }),
      403,
      "FORBIDDEN",
    );
    const forLea = await expectData<Approval[]>(
      await send(
        "GET",
        `/v1/approval-requests?pending=true&assignee=lea@example.com&workflowRunId=${run.id}`,
      ),
      200,
    );
    expect(forLea.map((request) => request.id)).toEqual([pending.id]);
    const forEve = await expectData<Approval[]>(
      await send("GET", `/v1/approval-requests?assignee=eve@example.com&workflowRunId=${run.id}`),
      200,
    );
    expect(forEve).toEqual([]);

    expect((await decideAs(pending.id, "LEA@example.com", { decision: "approved" })).status).toBe(200);
    await t.idle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");
  });

  it("refuses the run's own starter when the step says allowRequester: false", async () => {
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      assigned({ allowRequester: false }),
      "no-self",
    );
    const started = (startedBy: string) =>
      startRun(t.request, a.apiKey, { definitionId: definition.id, startedBy });
    const bySession = (approvalId: string) =>
      asSession(t, a, "POST", `/v1/approval-requests/${approvalId}/decide`, { decision: "approved" });

    const run = await started(a.email.toUpperCase());
    expect(run).toMatchObject({ startedBy: a.email.toUpperCase() });
    await expectError(await bySession((await pendingFor(run.id)).id), 403, "FORBIDDEN");

    const other = await started("sam@example.com");
    await expectData(await bySession((await pendingFor(other.id)).id), 200);
  });

  it("pages the list when asked, and keeps the spec's plain array otherwise", async () => {
    const definition = await createDefinition(t.request, a.apiKey, assigned({}), "paged");
    const runs = await Promise.all(
      [1, 2, 3].map(() => startRun(t.request, a.apiKey, { definitionId: definition.id })),
    );
    await t.idle();
    const query = `pending=true&definitionId=${definition.id}`;
    const all = await expectData<Approval[]>(await send("GET", `/v1/approval-requests?${query}`), 200);
    expect(all.map((request) => request.workflowRunId).sort()).toEqual(runs.map((run) => run.id).sort());

    const response = await send("GET", `/v1/approval-requests?${query}&page=2&pageSize=2`);
    const body = (await response.json()) as { data: Approval[]; meta: Record<string, number> };
    expect(body.meta).toEqual({ page: 2, pageSize: 2, total: 3, totalPages: 2 });
    expect(body.data.map((request) => request.id)).toEqual([all[2]?.id]);
  });

  it("manages groups: read one, list, delete, and refuse a bad name or member", async () => {
    await expectData(await send("PUT", "/v1/approval-groups/ops", { members: ["a@example.com"] }), 200);
    const groups = await expectData<{ name: string }[]>(await send("GET", "/v1/approval-groups"), 200);
    expect(groups.map((group) => group.name)).toContain("ops");
    await expectData(await send("DELETE", "/v1/approval-groups/ops"), 200);
    await expectError(await send("GET", "/v1/approval-groups/ops"), 404, "NOT_FOUND");
    await expectError(await send("DELETE", "/v1/approval-groups/ops"), 404, "NOT_FOUND");
    // A name no group can have is answered like any impossible path: 404.
    await expectError(
      await send("PUT", "/v1/approval-groups/Bad%20Name", { members: ["a@example.com"] }),
      404,
      "NOT_FOUND",
    );
    const refused = await expectError(
      await send("PUT", "/v1/approval-groups/ops", { members: ["not-an-email"] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(issuePaths(refused)).toEqual(["members.0"]);
  });
});
