import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkKeys } from "../../core/approvals/links/link-keys";
import { mailAssignees } from "../../core/approvals/mail/mail-assignees";
import type { StoredEvent } from "../../core/domain/run-history";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { type Entry, head, trailVerifies } from "../helpers/audit-chain";
import { expectData } from "../helpers/requests";
import { allEvents, createDefinition, getRun, startRun } from "../helpers/runs";
import { type ReceivedMail, type SmtpReceiver, startSmtpReceiver } from "../helpers/smtp-receiver";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let a: SignedUp;
let smtp: SmtpReceiver;
let openai: OpenAiFake;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  openai = await startOpenAiFake();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: "https://weft.example.com",
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: "sk-server-openai-000000000",
  });
  a = await signUp(t);
});
afterAll(async () => {
  await smtp.close();
  await openai.close();
});

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

/** Lets the engine, then the outbox's dispatch (webhooks and mail), finish. */
async function settle(): Promise<void> {
  await t.idle();
  await t.runEventsIdle();
}

/** The link of `kind` in the newest mail to `person`. */
function linkIn(person: string, kind: "Approve" | "Reject with a comment" | "Review and edit"): string {
  const mail = smtp.mails.findLast((received) => received.to.includes(person));
  const link = mail && new RegExp(`${kind}: (\\S+)`).exec(mail.text)?.[1];
  if (!link) throw new Error(`no "${kind}" link mailed to ${person}`);
  return link;
}

/** Follows a mailed link as a person would: opens its page, then sends the page's form. */
async function follow(link: string, fields: Record<string, string>): Promise<Response> {
  expect(link.startsWith("https://weft.example.com/a/")).toBe(true);
  const path = new URL(link).pathname;
  const page = await (await t.app.request(path)).text();
  const proof = /name="proof" value="([^"]+)"/.exec(page)?.[1] ?? "";
  return t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ proof, ...fields }).toString(),
  });
}

const mailsTo = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.to).sort();

describe("approval e-mail", () => {
  it("mails each assignee their links; a rejection from a mail sends the model's draft back, two approvals from mails complete", async () => {
    await expectData(
      await send("PUT", "/v1/approval-groups/legal", { members: ["bob@example.com", "cy@example.com"] }),
      200,
    );
    const steps = [
      {
        type: "llm",
        name: "draft",
        model: "gpt-4o-mini",
        systemPrompt:
          "You write greetings. Reviewer's feedback on the last draft, if any: {{state.feedback.comment}}",
        messages: [{ role: "user", content: "Greet {{input.name}}" }],
      },
      {
        type: "approval",
        name: "review",
        contentKey: "draft",
        prompt: "Send this greeting?",
        assignees: ["ann@example.com", "group:legal"],
        quorum: { approvals: 2 },
        onReject: { gotoStep: "draft", feedbackKey: "feedback", maxRevisions: 2 },
      },
    ];
    openai.reply({ text: "Hello Ada" }, { text: "Dear Ada, a warm welcome!" });
    const definition = await createDefinition(t.request, a.apiKey, steps, "mailed");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { name: "Ada" } });
    await settle();

    expect(mailsTo(smtp.mails)).toEqual(["ann@example.com", "bob@example.com", "cy@example.com"]);
    const first = smtp.mails.find((mail) => mail.to.includes("ann@example.com"));
    expect(first?.subject).toBe("Approval requested: Send this greeting?");
    expect(first?.text).toContain('"text": "Hello Ada"');

    const rejected = await follow(linkIn("ann@example.com", "Reject with a comment"), {
      decision: "rejected",
      comment: "Warmer, please",
    });
    expect(rejected.status).toBe(200);
    await settle();

    // The model was asked again with the comment in its prompt; everyone is mailed the new draft and new links.
    const rerun = openai.requests[1]?.body as { messages: { role: string; content: string }[] };
    expect(rerun.messages[0]).toEqual({
      role: "system",
      content: "You write greetings. Reviewer's feedback on the last draft, if any: Warmer, please",
    });
    expect(smtp.mails).toHaveLength(6);
    const second = smtp.mails.slice(3);
    expect(mailsTo(second)).toEqual(["ann@example.com", "bob@example.com", "cy@example.com"]);
    expect(second[0]?.text).toContain('"text": "Dear Ada, a warm welcome!"');
    expect(second[0]?.text).toContain("(revision 2)");

    expect((await follow(linkIn("bob@example.com", "Approve"), { decision: "approved" })).status).toBe(200);
    expect((await follow(linkIn("cy@example.com", "Review and edit"), { decision: "approved" })).status).toBe(
      200,
    );
    await settle();
    expect((await getRun(t.request, a.apiKey, run.id)).status).toBe("COMPLETED");

    // A third use, of a link whose request the two votes decided, is refused.
    const late = await t.app.request(new URL(linkIn("ann@example.com", "Approve")).pathname);
    expect(late.status).toBe(409);
    expect(await late.text()).toContain("This request was approved");
    const votes = (await allEvents(t.request, a.apiKey, run.id)).filter(
      (event) => event.eventType === "APPROVAL_VOTE_RECORDED",
    );
    expect(votes.map((event) => event.payload.decidedBy)).toEqual([
      "ann@example.com",
      "bob@example.com",
      "cy@example.com",
    ]);
    expect(votes.map((event) => event.payload.via)).toEqual(["link", "link", "link"]);
    // The second request's audit trail verifies.
    const pending = await expectData<{ id: string; revision: number }[]>(
      await send("GET", `/v1/approval-requests?workflowRunId=${run.id}`),
      200,
    );
    const revised = pending.find((request) => request.revision === 2);
    const audit = await expectData<Entry[]>(
      await send("GET", `/v1/approval-requests/${revised?.id}/audit`),
      200,
    );
    expect(audit.map((entry) => entry.action)).toEqual(["requested", "vote", "vote", "decided"]);
    expect(trailVerifies(audit, head(2, a.workspaceId, String(revised?.id), run.id))).toBe(true);
  });

  it("mails nobody twice when the outbox's dispatch runs again for the same event", async () => {
    const before = smtp.mails.length;
    const definition = await createDefinition(
      t.request,
      a.apiKey,
      [{ type: "approval", name: "ok", contentKey: "input", assignees: ["dee@example.com"] }],
      "mailed-once",
    );
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: {} });
    await settle();
    expect(smtp.mails.length - before).toBe(1);

    // As a dispatch repeated after a crash before the outbox entry was cleared would.
    const requested = (await allEvents(t.request, a.apiKey, run.id)).find(
      (event) => event.eventType === "APPROVAL_REQUESTED",
    );
    const mailer = t.deps.mailer;
    if (!requested || !mailer) throw new Error("an APPROVAL_REQUESTED event and a mailer expected");
    await mailAssignees(
      { ...t.deps, mailer },
      linkKeys(t.deps),
      a.workspaceId,
      requested as unknown as StoredEvent,
    );
    expect(smtp.mails.length - before).toBe(1);
  });
});
