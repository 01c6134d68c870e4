import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { asMailed } from "../helpers/approval-deciders";
import { expectData, expectError } from "../helpers/requests";
import { createDefinition, getRun, startRun } from "../helpers/runs";
import { createTestApp, type TestApp } from "../helpers/test-app";

interface Links {
  assignee: string;
  expiresAt: string;
  approve: string;
  reject: string;
  review: string;
}

interface Approval {
  id: string;
  workflowRunId: string;
  decision: string | null;
  decidedBy: string | null;
  votes: { decidedBy: string }[];
}

let t: TestApp;
let a: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUp(t);
  await expectData(
    await send("PUT", "/v1/approval-groups/legal", { members: ["bob@example.com", "cy@example.com"] }),
    200,
  );
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

/** A run paused at a review of its input, by the step's policy. */
async function pausedAt(step: Record<string, unknown>, name: string): Promise<Approval> {
  const steps = [{ type: "approval", name: "review", contentKey: "input", prompt: "Publish this?", ...step }];
  const definition = await createDefinition(t.request, a.apiKey, steps, name);
  const run = await startRun(t.request, a.apiKey, {
    definitionId: definition.id,
    input: { title: "Q3 <report>" },
  });
  await t.idle();
  const pending = await expectData<Approval[]>(await send("GET", "/v1/approval-requests?pending=true"), 200);
  const approval = pending.find((request) => request.workflowRunId === run.id);
  if (!approval) throw new Error("no pending approval");
  return approval;
}

const linksFor = async (approvalId: string, body?: Record<string, unknown>) =>
  expectData<Links[]>(await send("POST", `/v1/approval-requests/${approvalId}/links`, body ?? {}), 201);

/** A link as a browser follows it: the path of its URL, on the app. */
const open = (link: string) => t.app.request(new URL(link).pathname);

/** Opens the link's page and submits its form with `fields`, as a person clicking a button would. */
async function submit(link: string, fields: Record<string, string>): Promise<Response> {
  return post(link, { proof: proofOf(await (await open(link)).text()), ...fields });
}

const proofOf = (page: string) => /name="proof" value="([^"]+)"/.exec(page)?.[1] ?? "";

const post = (link: string, fields: Record<string, string>) =>
  t.app.request(new URL(link).pathname, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const approvalNow = (id: string) =>
  send("GET", `/v1/approval-requests/${id}`).then((r) => expectData<Approval>(r, 200));

describe("signed approval links", () => {
  it("gives each assignee links whose page shows the request and decides nothing until its form is sent", async () => {
    const approval = await pausedAt({ assignees: ["ann@example.com", "group:legal"] }, "links-page");

    const links = await linksFor(approval.id);
    expect(links.map((person) => person.assignee).sort()).toEqual([
      "ann@example.com",
      "bob@example.com",
      "cy@example.com",
    ]);
    const ann = links.find((person) => person.assignee === "ann@example.com") as Links;
    expect(new Set([ann.approve, ann.reject, ann.review]).size).toBe(3);
    expect(ann.approve).toMatch(/^http:\/\/localhost:3000\/a\/[\w-]+\.[\w-]+$/);

    const page = await open(ann.review);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Publish this?");
    expect(html).toContain("Q3 &lt;report&gt;");
    expect(html).not.toContain("Q3 <report>");
    expect((await open(ann.approve)).status).toBe(200);
    expect(await approvalNow(approval.id)).toMatchObject({ decision: null });
    const bob = links.find((person) => person.assignee === "bob@example.com") as Links;
    const bobsPage = await (await open(bob.approve)).text();

    const edited = JSON.stringify({ title: "Q3 report, final" });
    const decided = await submit(ann.review, { decision: "edited", edited });
    expect(decided.status).toBe(200);
    expect(await decided.text()).toContain("Decision recorded");
    expect(await approvalNow(approval.id)).toMatchObject({
      decision: "edited",
      decidedBy: "ann@example.com",
    });
    // The link's use is in the audit trail: the decision says it came from a link.
    const audit = await expectData<{ action: string; details: Record<string, unknown> }[]>(
      await send("GET", `/v1/approval-requests/${approval.id}/audit`),
      200,
    );
    expect(audit.find((entry) => entry.action === "decided")?.details).toMatchObject({
      decision: "edited",
      via: "link",
    });
    await t.idle();
    const run = await getRun(t.request, a.apiKey, approval.workflowRunId);
    expect(run).toMatchObject({
      status: "COMPLETED",
      output: { review: { decision: "edited", content: { title: "Q3 report, final" } } },
    });

    // Used up: the decision is made, so every link of the request is refused, before and after the form.
    expect((await open(ann.approve)).status).toBe(409);
    const again = await post(ann.review, { proof: "x", decision: "approved" });
    expect(again.status).toBe(403);
    const late = await post(bob.approve, { proof: proofOf(bobsPage), decision: "approved" });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("already decided");
  });

  it("counts a link's vote once toward a quorum, and the second person's vote decides", async () => {
    const approval = await pausedAt({ assignees: ["group:legal"], quorum: { approvals: 2 } }, "links-quorum");
    const [first, second] = await linksFor(approval.id);
    if (!first || !second) throw new Error("two people expected");

    const vote = await submit(first.approve, { decision: "approved" });
    expect(vote.status).toBe(200);
    expect(await vote.text()).toContain("Your vote is recorded");
    const twice = await post(first.approve, {
      proof: proofOf(await (await open(second.approve)).text()),
      decision: "approved",
    });
    expect(twice.status).toBe(403);
    expect((await open(first.approve)).status).toBe(409);
    expect((await approvalNow(approval.id)).votes.map((v) => v.decidedBy)).toEqual([first.assignee]);

    // Links asked for with the key are one voter between them (docs/approvals.md); the mailed link is the person.
    expect((await submit(second.approve, { decision: "approved" })).status).toBe(409);
    expect((await submit(await asMailed(t, second.approve), { decision: "approved" })).status).toBe(200);
    expect(await approvalNow(approval.id)).toMatchObject({ decision: "approved" });
  });

  it("lets a reject link only reject, with a comment, and an approve link only approve", async () => {
    const approval = await pausedAt({}, "links-reject");
    const [links] = await linksFor(approval.id, { assignee: "Dee@Example.com" });
    if (!links) throw new Error("links expected");
    expect(links.assignee).toBe("dee@example.com");

    expect((await submit(links.approve, { decision: "rejected" })).status).toBe(400);
    expect((await submit(links.reject, { decision: "approved" })).status).toBe(400);
    expect((await submit(links.reject, { decision: "rejected" })).status).toBe(400);
    expect(await approvalNow(approval.id)).toMatchObject({ decision: null });

    const rejected = await submit(links.reject, { decision: "rejected", comment: "Numbers are off" });
    expect(rejected.status).toBe(200);
    expect(await approvalNow(approval.id)).toMatchObject({
      decision: "rejected",
      decidedBy: "dee@example.com",
    });
  });

  it("refuses a tampered, a forged, an expired and a formless use with a page that says so", async () => {
    const approval = await pausedAt({}, "links-refused");
    const [links] = await linksFor(approval.id, { assignee: "eve@example.com", expiresInMs: 60_000 });
    if (!links) throw new Error("links expected");
    const token = new URL(links.approve).pathname.slice("/a/".length);
    const [claims = "", signature = ""] = token.split(".");
    const flipped = `${claims}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;

    const tampered = await t.app.request(`/a/${flipped}`);
    expect(tampered.status).toBe(404);
    expect(await tampered.text()).toContain("This link is not valid");
    const forgedClaims = Buffer.from(
      JSON.stringify(["wsp_none", approval.id, "eve@example.com", "approve", 9e15, "n"]),
    );
    expect((await t.app.request(`/a/${forgedClaims.toString("base64url")}.${signature}`)).status).toBe(404);
    expect((await t.app.request("/a/not-a-token")).status).toBe(404);

    const formless = await post(links.approve, { decision: "approved" });
    expect(formless.status).toBe(403);
    expect(await approvalNow(approval.id)).toMatchObject({ decision: null });

    const page = await (await open(links.approve)).text();
    t.clock.advance(60_001);
    const expired = await post(links.approve, {
      proof: proofOf(page),
      decision: "approved",
    });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This link has expired");
    expect(await approvalNow(approval.id)).toMatchObject({ decision: null });
  });

  it("issues links only to assignees, and asks whose links they are when the request names none", async () => {
    const assigned = await pausedAt({ assignees: ["ann@example.com"] }, "links-who");
    await expectError(
      await send("POST", `/v1/approval-requests/${assigned.id}/links`, { assignee: "mallory@example.com" }),
      403,
      "FORBIDDEN",
    );
    const open = await pausedAt({}, "links-anyone");
    await expectError(
      await send("POST", `/v1/approval-requests/${open.id}/links`, {}),
      400,
      "VALIDATION_ERROR",
    );
    await expectError(await send("POST", "/v1/approval-requests/apr_missing/links", {}), 404, "NOT_FOUND");
  });

  it("asks a review link's rejection for a comment, as the reject link's", async () => {
    const approval = await pausedAt({ assignees: ["ann@example.com"] }, "review-reject");
    const [links] = await linksFor(approval.id);
    if (!links) throw new Error("no links");
    const page = await (await open(links.review)).text();
    expect(page).toContain("Comment (required to reject)");
    const bare = await submit(links.review, { decision: "rejected" });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain("Say why in the comment.");
    expect(await approvalNow(approval.id)).toMatchObject({ decision: null });
    expect((await submit(links.review, { decision: "rejected", comment: "Too long" })).status).toBe(200);
    expect(await approvalNow(approval.id)).toMatchObject({ decision: "rejected" });
  });

  it("takes the page's form only: a multipart body, well formed or not, is a 415 that decides nothing", async () => {
    const approval = await pausedAt({ assignees: ["ann@example.com"] }, "multipart");
    const [links] = await linksFor(approval.id);
    if (!links) throw new Error("no links");
    const proof = proofOf(await (await open(links.approve)).text());
    const path = new URL(links.approve).pathname;
    const malformed = await t.app.request(path, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: '--x\r\nContent-Disposition: form-data; name="decision"\r\n\r\napproved',
    });
    expect(malformed.status).toBe(415);
    const form = new FormData();
    form.set("proof", proof);
    form.set("decision", "approved");
    expect((await t.app.request(path, { method: "POST", body: form })).status).toBe(415);
    expect(await approvalNow(approval.id)).toMatchObject({ decision: null });
    expect((await post(links.approve, { proof, decision: "approved" })).status).toBe(200);
  });
});
