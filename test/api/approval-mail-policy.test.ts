import { afterAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { decideByLink } from "../helpers/approval-deciders";
import { expectData } from "../helpers/requests";
import { createDefinition, getRun, startRun } from "../helpers/runs";
import { type SmtpReceiver, startSmtpReceiver } from "../helpers/smtp-receiver";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The operator's mail policy over HTTP: approval mail goes out from the operator's sender, so a workspace
 * sends no more than its quota, only to the recipients the operator allows, and only when the operator
 * lets that workspace mail at all. What is not sent is logged without addresses or links, and the request
 * stays decidable.
 */
const receivers: SmtpReceiver[] = [];
afterAll(async () => {
  for (const receiver of receivers) await receiver.close();
});

interface MailApp {
  t: TestApp;
  smtp: SmtpReceiver;
  log: string[];
}

async function mailApp(env: Record<string, string>): Promise<MailApp> {
  const smtp = await startSmtpReceiver();
  receivers.push(smtp);
  const log: string[] = [];
  const t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: "https://weft.example.com", ...env },
    { logTo: { write: (line: string) => void log.push(line) } },
  );
  return { t, smtp, log };
}

/** Starts a run paused at an approval step assigned to `assignees`, once its mail went out. */
async function askApproval(app: MailApp, account: SignedUp, assignees: string[]) {
  const definition = await createDefinition(app.t.request, account.apiKey, [
    { type: "approval", name: "check", contentKey: "input", assignees },
  ]);
  const run = await startRun(app.t.request, account.apiKey, { definitionId: definition.id, input: { a: 1 } });
  await app.t.idle();
  await app.t.runEventsIdle();
  const pending = await expectData<{ id: string; workflowRunId: string }[]>(
    await app.t.request("GET", "/v1/approval-requests?pending=true", { headers: withKey(account.apiKey) }),
    200,
  );
  const approval = pending.find((request) => request.workflowRunId === run.id);
  if (!approval) throw new Error("no pending approval");
  return { runId: run.id, approvalId: approval.id };
}

/** Decides the request as one of its assignees, from a link the API issues, and checks the run goes on. */
async function decide(
  app: MailApp,
  account: SignedUp,
  asked: { runId: string; approvalId: string },
  assignee: string,
) {
  const decided = await decideByLink(app.t, account.apiKey, asked.approvalId, assignee, {
    decision: "approved",
  });
  expect(decided.status, await decided.clone().text()).toBe(200);
  await app.t.idle();
  expect((await getRun(app.t.request, account.apiKey, asked.runId)).status).toBe("COMPLETED");
}

const mailedTo = (smtp: SmtpReceiver) => smtp.mails.flatMap((mail) => mail.to).sort();
const people = (count: number, domain = "example.com") =>
  Array.from({ length: count }, (_, i) => `person${i}@${domain}`);
const linesAbout = (log: string[], approvalId: string) =>
  log.map((line) => JSON.parse(line)).filter((line) => line.approvalId === approvalId);

describe("the per-workspace mail quota", () => {
  it("sends no more than the hour's quota, logs what it held back, and leaves the request decidable", async () => {
    const app = await mailApp({ MAIL_PER_HOUR_PER_WORKSPACE: "3" });
    const [a, b] = [await signUp(app.t), await signUp(app.t)];

    const asked = await askApproval(app, a, people(5));

    expect(mailedTo(app.smtp)).toHaveLength(3);
    const [refusal] = linesAbout(app.log, asked.approvalId).filter((line) => line.level === "warn");
    expect(refusal).toMatchObject({ quota: "hour", limit: 3, notSent: 2, workspaceId: a.workspaceId });
    expect(JSON.stringify(refusal)).not.toMatch(/@|\/a\//);
    await decide(app, a, asked, "person4@example.com");

    // Another workspace has a quota of its own.
    await askApproval(app, b, ["solo@example.com"]);
    expect(mailedTo(app.smtp)).toContain("solo@example.com");
  });

  it("counts a day's quota too, over the hours", async () => {
    const app = await mailApp({ MAIL_PER_DAY_PER_WORKSPACE: "2" });
    const a = await signUp(app.t);

    await askApproval(app, a, people(2));
    app.t.clock.advance(2 * 3_600_000);
    const later = await askApproval(app, a, people(2, "example.org"));

    expect(mailedTo(app.smtp)).toEqual(people(2));
    expect(linesAbout(app.log, later.approvalId)).toContainEqual(
      expect.objectContaining({ level: "warn", quota: "day", limit: 2 }),
    );
  });
});

describe("MAIL_RECIPIENTS", () => {
  it("mails only addresses at the operator's domains", async () => {
    const app = await mailApp({ MAIL_RECIPIENTS: "example.com" });
    const a = await signUp(app.t);

    const asked = await askApproval(app, a, ["ann@example.com", "eve@stranger.org", "bob@EXAMPLE.com"]);

    expect(mailedTo(app.smtp)).toEqual(["ann@example.com", "bob@example.com"]);
    expect(linesAbout(app.log, asked.approvalId)).toContainEqual(expect.objectContaining({ notSent: 1 }));
    await decide(app, a, asked, "eve@stranger.org");
  });

  it("mails only the workspace's members with `members`", async () => {
    const app = await mailApp({ MAIL_RECIPIENTS: "members" });
    const [a, b] = [await signUp(app.t), await signUp(app.t)];

    await askApproval(app, a, [a.email, b.email, "stranger@example.com"]);

    expect(mailedTo(app.smtp)).toEqual([a.email]);
  });
});

describe("APPROVAL_MAIL", () => {
  it("sends nothing for a workspace the operator has not allowed, and the request stays decidable", async () => {
    const app = await mailApp({ APPROVAL_MAIL: "none" });
    const a = await signUp(app.t);

    const asked = await askApproval(app, a, people(2));

    expect(app.smtp.mails).toEqual([]);
    expect(linesAbout(app.log, asked.approvalId)).toContainEqual(
      expect.objectContaining({ message: expect.stringMatching(/APPROVAL_MAIL/) }),
    );
    await decide(app, a, asked, "person0@example.com");
  });
});
