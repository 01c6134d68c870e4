import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { PHONE, screenshot, screenshotDir, UPDATE_SCREENSHOTS } from "./browser";
import { publicApi, SUMMARIZE, SYNC, WELCOME_EMAIL } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

/** Pages refresh themselves every 2 to 10 s; a busy CI machine may be slower still. */
const WAIT = { timeout: 20_000 };

/**
 * The dashboard end to end, in headless Chromium against the real `npm start`: sign up, start a run through
 * the API, see it pause, edit and approve its draft in the inbox, see it complete and what it cost.
 */
reportSkip("dashboard browser test");

const DRAFT = { subject: "Welcome to Weft, Ada", body: "Hi Ada,\n\nThanks for joining Acme on Weft." };
const EDITED = {
  subject: "Welcome aboard, Ada!",
  body: "Hi Ada,\n\nWelcome to Weft. Reply if you need help.",
};

describe.skipIf(!available)("dashboard in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();
  const shots = screenshotDir();
  afterAll(() => {
    if (!UPDATE_SCREENSHOTS) rmSync(shots, { recursive: true, force: true });
  });

  it("signs up, pauses at an approval, edits and approves it, and shows completion and cost", async () => {
    const { service, openai } = env;
    const { context, page, problems } = await openPage(env.browser);

    // 1. Sign-up, with the first API key shown once.
    await page.goto(`${service.url}/`);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in" }).isVisible(), WAIT).toBe(true);
    await screenshot(page, shots, "login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByLabel("Workspace name").fill("Acme");
    await page.getByRole("button", { name: "Create account" }).click();
    const keyField = page.getByTestId("secret-value");
    await keyField.waitFor();
    const key = (await keyField.textContent())?.trim() ?? "";
    expect(key).toMatch(/^svc_/);
    await expect.poll(() => page.getByRole("button", { name: "Copy" }).isVisible(), WAIT).toBe(true);
    await screenshot(page, shots, "signup-key");
    await page.getByRole("button", { name: "Continue to the dashboard" }).click();
    await page.getByRole("heading", { name: "Runs" }).waitFor();

    // 2. Definitions and runs through the public API, with that key.
    const api = publicApi(service, key);
    const summarize = await api.createDefinition(SUMMARIZE);
    const welcome = await api.createDefinition(WELCOME_EMAIL);
    const sync = await api.createDefinition(SYNC);
    openai.reply({
      text: "Customer cannot export invoices since Monday.",
      usage: { input: 2400, output: 120 },
    });
    const summary = await api.startRun(summarize.id, { ticket: "Export button does nothing" });
    await api.waitForStatus(summary.id, "COMPLETED");
    await api.waitForStatus((await api.startRun(sync.id, { contact: "ada@example.com" })).id, "COMPLETED");
    openai.reply({ text: JSON.stringify(DRAFT), usage: { input: 1800, output: 260 } });
    const run = await api.startRun(welcome.id, { name: "Ada", company: "Acme" }, { supersessionKey: "ada" });
    await api.waitForStatus(run.id, "PAUSED");

    // 3. The runs list shows it without a reload (it refreshes itself); its page says PAUSED.
    const runLink = page.locator(`a[href="#/runs/${run.id}"]`);
    await runLink.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator("tbody tr").count(), WAIT).toBe(3);
    await expect.poll(() => page.locator("main").textContent(), WAIT).toContain("welcome-email v1");
    await screenshot(page, shots, "runs");
    await screenshot(page, shots, "runs-phone", { viewport: PHONE });
    const runRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(`/workflow-runs/${run.id}`))
        runRequests.push(new URL(request.url()).pathname);
    });
    await runLink.click();
    const status = page.getByTestId("run-status");
    await expect.poll(() => status.textContent(), WAIT).toBe("PAUSED");
    await page.locator('[data-event="APPROVAL_REQUESTED"]').waitFor();
    // Browser-side code as strings: this file is type-checked without the DOM library.
    await page.evaluate("window.notReloaded = true");

    // 4. The inbox in a second tab (window.open copies the session), while the run page keeps watching.
    const [inbox] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate("void window.open('/#/approvals', '_blank')"),
    ]);
    if (!inbox) throw new Error("no inbox tab");
    await inbox.setViewportSize({ width: 1280, height: 800 });
    const card = inbox.getByTestId("approval");
    await card.waitFor();
    expect(await card.textContent()).toContain(DRAFT.subject);
    // The step names no assignees: nothing is assigned to the signed-in user, everything is in All.
    await inbox.getByRole("button", { name: "Assigned to me" }).click();
    await inbox.getByText("Nothing assigned to you waits for a decision.").waitFor();
    await inbox.getByRole("button", { name: "All" }).click();
    await card.waitFor();
    // The card says which workflow asks, and offers the run's input.
    await expect
      .poll(() => card.getByTestId("approval-context").textContent(), WAIT)
      .toContain("welcome-email v1");
    await screenshot(inbox, shots, "approvals");
    await screenshot(inbox, shots, "approvals-phone", { viewport: PHONE });
    await card.getByRole("button", { name: "Edit" }).click();
    const editor = card.getByLabel("Edit the content (JSON)");
    expect(JSON.parse(await editor.inputValue())).toEqual(DRAFT);
    await editor.fill(JSON.stringify(EDITED, null, 2));
    await card.getByRole("button", { name: "Save edits and approve" }).click();
    await inbox.getByText("Nothing waits for a decision").waitFor();
    // The history says who decided what.
    await inbox.getByRole("button", { name: "Decided" }).click();
    const history = inbox.getByTestId("decided-approvals");
    await expect.poll(() => history.textContent(), WAIT).toContain("ada@example.com");
    expect(await history.textContent()).toContain("edited");

    // 5. The first tab, never reloaded, shows the completion in its timeline, the edited output and the cost.
    await page.locator('[data-event="WORKFLOW_COMPLETED"]').waitFor({ timeout: 15_000 });
    // The stream brings the events; the run itself is read again once the stream ends.
    await expect.poll(() => status.textContent(), WAIT).toBe("COMPLETED");
    expect(await page.evaluate("window.notReloaded")).toBe(true);
    // It followed the run's live stream, not a poll of its events.
    expect(runRequests).toContain(`/dashboard/api/v1/workflow-runs/${run.id}/stream`);
    expect(runRequests.filter((path) => path.endsWith("/events"))).toEqual([]);
    expect(await page.locator('[data-event="APPROVAL_DECIDED"]').textContent()).toContain("edited");
    expect(await page.locator("main").textContent()).toContain(EDITED.subject);
    const cost = await page.getByTestId("run-cost").textContent();
    expect(cost).toMatch(/\$0\.000\d+/);
    await screenshot(page, shots, "run", { fullPage: true });

    // 6. Costs: the day's spend by model, and this run's cost in the per-run table.
    await page.getByRole("link", { name: "Costs" }).click();
    await page.getByRole("img", { name: /Spend per day by model/ }).waitFor();
    const perRun = page.getByTestId("run-costs");
    await expect.poll(() => perRun.textContent(), WAIT).toContain(cost?.split(" ")[0] ?? "missing");
    expect(await page.locator(".legend").textContent()).toMatch(/gpt-4o-mini.*gpt-4o|gpt-4o.*gpt-4o-mini/);
    // Where it went: both llm definitions and their steps, by name, none of it wasted.
    const byStep = page.getByTestId("cost-by-step");
    await expect
      .poll(() => byStep.textContent(), WAIT)
      .toMatch(/summarize-ticket v\d+summarize.*welcome-email v1write/);
    expect(await page.getByTestId("range-wasted").textContent()).toContain("Wasted: $0.00");
    await screenshot(page, shots, "costs", { fullPage: true });

    // 7. Settings: a second API key, shown once; then sign out.
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByLabel("Name").fill("CI deploys");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByRole("cell", { name: "CI deploys" }).waitFor();
    expect(await page.getByTestId("secret-value").textContent()).toMatch(/^svc_/);
    await page.locator(".toast").waitFor({ state: "hidden" });
    await screenshot(page, shots, "settings");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByText("You have signed out.").waitFor();
    expect(await page.evaluate("sessionStorage.length")).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends an expired or forged session back to the login page", async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${env.service.url}/`);
    const forged = JSON.stringify({ token: "wds_forged", workspaceId: "ws_x" });
    await page.evaluate(`sessionStorage.setItem("weft.session", ${JSON.stringify(forged)})`);
    await page.reload();
    await page.getByText("Your session has ended. Sign in again.").waitFor();
    await context.close();
  });
});
