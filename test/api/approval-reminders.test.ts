import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { decideByLink } from "../helpers/approval-deciders";
import { expectData } from "../helpers/requests";
import { allEvents, createDefinition, startRun, waitForRun, withStatus } from "../helpers/runs";
import { type SmtpReceiver, startSmtpReceiver } from "../helpers/smtp-receiver";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
let a: SignedUp;
let smtp: SmtpReceiver;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.url }, { realTime: true });
  a = await signUp(t);
});
afterAll(() => smtp.close());

const send = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { body, headers: withKey(a.apiKey) });

const eventTypes = async (runId: string) =>
  (await allEvents(t.request, a.apiKey, runId)).map((event) => event.eventType);

/** Polls until the run has recorded `eventType`; the engine's timers run for real here. */
async function eventually(runId: string, eventType: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await eventTypes(runId)).includes(eventType)) {
    if (Date.now() > deadline) throw new Error(`${eventType} not recorded`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const subjectsTo = (person: string) =>
  smtp.mails.filter((mail) => mail.to.includes(person)).map((mail) => mail.subject.split(":")[0]);

describe("approval reminders and escalation", () => {
  it("reminds, then escalates, each once and at its time, then the deadline decides", async () => {
    const steps = [
      {
        type: "approval",
        name: "review",
        contentKey: "input",
        prompt: "Refund this order?",
        assignees: ["ann@example.com"],
        reminders: [{ afterMs: 1000 }],
        escalation: { afterMs: 2000, assignees: ["boss@example.com"] },
        timeoutMs: 3500,
        onTimeout: "approve",
      },
    ];
    const definition = await createDefinition(t.request, a.apiKey, steps, "nudged");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: { order: 7 } });

    const done = await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
    expect(done.output).toMatchObject({ review: { decision: "approved" } });
    const events = await allEvents(t.request, a.apiKey, run.id);
    const nudges = events.filter((event) =>
      ["APPROVAL_REMINDER_SENT", "APPROVAL_ESCALATED", "APPROVAL_EXPIRED"].includes(event.eventType),
    );
    expect(nudges.map((event) => event.eventType)).toEqual([
      "APPROVAL_REMINDER_SENT",
      "APPROVAL_ESCALATED",
      "APPROVAL_EXPIRED",
    ]);
    expect(nudges[0]?.payload).toMatchObject({ stepName: "review", reminder: 1 });
    expect(nudges[1]?.payload).toMatchObject({ assignees: ["boss@example.com"] });
    const requestedAt = Date.parse(events.find((e) => e.eventType === "APPROVAL_REQUESTED")?.createdAt ?? "");
    const sinceRequest = (i: number) => Date.parse(nudges[i]?.createdAt ?? "") - requestedAt;
    expect(sinceRequest(0)).toBeGreaterThanOrEqual(1000);
    expect(sinceRequest(1)).toBeGreaterThanOrEqual(2000);
    expect(sinceRequest(1)).toBeLessThan(3500);

    const [request] = await expectData<{ id: string }[]>(
      await send("GET", `/v1/approval-requests?workflowRunId=${run.id}`),
      200,
    );
    const audit = await expectData<{ action: string }[]>(
      await send("GET", `/v1/approval-requests/${request?.id}/audit`),
      200,
    );
    expect(audit.map((entry) => entry.action)).toEqual(["requested", "reminder", "escalated", "expired"]);

    await t.runEventsIdle();
    expect(subjectsTo("ann@example.com")).toEqual(["Approval requested", "Reminder"]);
    expect(subjectsTo("boss@example.com")).toEqual(["Escalated to you"]);
  });

  it("lets the escalation's assignees decide only once it is due", async () => {
    const steps = [
      {
        type: "approval",
        name: "review",
        contentKey: "input",
        assignees: ["ann@example.com"],
        escalation: { afterMs: 1000, assignees: ["boss@example.com"] },
      },
    ];
    const definition = await createDefinition(t.request, a.apiKey, steps, "escalated");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: {} });
    await eventually(run.id, "APPROVAL_REQUESTED");
    const [request] = await expectData<{ id: string; escalatedTo: string[] }[]>(
      await send("GET", `/v1/approval-requests?workflowRunId=${run.id}`),
      200,
    );
    if (!request) throw new Error("no request");
    const decide = () => decideByLink(t, a.apiKey, request.id, "boss@example.com", { decision: "approved" });
    expect((await decide()).status).toBe(403);

    await eventually(run.id, "APPROVAL_ESCALATED");
    const escalated = await expectData<{ escalatedTo: string[] }>(
      await send("GET", `/v1/approval-requests/${request.id}`),
      200,
    );
    expect(escalated.escalatedTo).toEqual(["boss@example.com"]);
    const mine = await expectData<{ id: string }[]>(
      await send("GET", "/v1/approval-requests?assignee=boss@example.com"),
      200,
    );
    expect(mine.map((listed) => listed.id)).toContain(request.id);
    expect((await decide()).status).toBe(200);
    await waitForRun(t.request, a.apiKey, run.id, withStatus("COMPLETED"));
  });
});
