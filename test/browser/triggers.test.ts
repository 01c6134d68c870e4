import { describe, expect, it } from "vitest";
import { signUpThroughApi } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

/**
 * The triggers page in Chromium: triggers made through the API are listed with what starts them and their
 * next fire; pausing one shows it paused (and the API agrees); an event trigger's recent runs link to the
 * run and to the runs list filtered to the trigger.
 */
reportSkip("dashboard triggers browser test");

const EMAIL = "ada@example.com";
const PASSWORD = "a long enough password";

interface TriggerBody {
  id: string;
  status: string;
}

describe.skipIf(!available)("dashboard triggers in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();

  it("lists triggers with their next fire, pauses one, and shows an event trigger's runs", async () => {
    const api = await signUpThroughApi(env.service, {
      email: EMAIL,
      password: PASSWORD,
      workspaceName: "Looms",
    });
    const definition = await api.createDefinition({
      name: "nightly",
      version: "1",
      steps: [{ type: "task", name: "a", handler: "noop" }],
    });
    const cron = await api.call<TriggerBody>("POST", "/v1/triggers", {
      type: "cron",
      definitionId: definition.id,
      cron: "0 9 * * *",
      timezone: "Europe/Paris",
    });
    const event = await api.call<TriggerBody>("POST", "/v1/triggers", {
      type: "event",
      definitionId: definition.id,
      eventName: "order.paid",
    });
    const sent = await api.call<{ runs: { id: string }[] }>("POST", "/v1/events", {
      name: "order.paid",
      payload: { orderId: 7 },
    });
    const runId = sent.runs[0]?.id ?? "";
    const { context, page, problems } = await openPage(env.browser);

    await page.goto(`${env.service.url}/#/triggers`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Triggers" }).waitFor();

    const cronRow = page.locator(".rows > li", { hasText: "Cron 0 9 * * * (Europe/Paris)" });
    await cronRow.getByText(/next fire/).waitFor();
    await cronRow.getByRole("button", { name: "Pause" }).click();
    await cronRow.getByRole("button", { name: "Resume" }).waitFor();
    await cronRow.getByText("none while paused").waitFor();
    expect((await api.call<TriggerBody>("GET", `/v1/triggers/${cron.id}`)).status).toBe("paused");

    const eventRow = page.locator(".rows > li", { hasText: "Event order.paid" });
    await eventRow.getByRole("button", { name: "Recent runs" }).click();
    await eventRow.locator(`a[href="#/runs/${runId}"]`).waitFor();
    await eventRow.getByRole("link", { name: "All runs of this trigger" }).click();
    await page.getByRole("heading", { name: "Runs" }).waitFor();
    expect(page.url()).toContain(encodeURIComponent(`trigger:${event.id}`));
    await page.locator(`a[href="#/runs/${runId}"]`).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });
});
