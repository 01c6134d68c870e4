import { describe, expect, it } from "vitest";
import { signUpThroughApi } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

/** Pages refresh themselves every 2 to 10 s; a busy CI machine may be slower still. */
const WAIT = { timeout: 20_000 };

/**
 * Rerun and upgrade from a run's page in Chromium: a FAILED run is rerun from its failed step on a newer
 * version with an edited input; a waiting run's upgrade is checked (refused, with the list), then made to a
 * version without the step it would go to next, once the dialog says which step it continues at; it follows
 * that version once its step ends.
 */
reportSkip("dashboard rerun and upgrade browser test");

const EMAIL = "lin@example.com";
const PASSWORD = "a long enough password";
const once = { maxAttempts: 1, backoffMs: 1000, backoffMultiplier: 1, maxBackoffMs: 1000 };

describe.skipIf(!available)("rerun and upgrade in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();

  it("reruns a failed run from a step with an edited input, and upgrades a waiting run after a check", async () => {
    const api = await signUpThroughApi(env.service, {
      email: EMAIL,
      password: PASSWORD,
      workspaceName: "Lin Ltd",
    });
    const prepare = {
      type: "task",
      name: "prepare",
      handler: "set_state",
      config: { values: { ready: true } },
    };
    const v1 = await api.createDefinition({
      name: "orders",
      version: "1",
      steps: [
        prepare,
        { type: "task", name: "charge", handler: "fail", config: { error: "card declined" }, retry: once },
      ],
    });
    await api.createDefinition({
      name: "orders",
      version: "2",
      steps: [prepare, { type: "task", name: "charge", handler: "noop", config: {} }],
    });
    const failed = await api.startRun(v1.id, { card: "old" });
    await api.waitForStatus(failed.id, "FAILED");
    const { context, page, problems } = await openPage(env.browser);

    await page.goto(`${env.service.url}/#/runs/${failed.id}`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Rerun from a step" }).waitFor(WAIT);
    await page.getByRole("combobox", { name: /^Version/ }).selectOption({ label: "orders v2" });
    await page.getByLabel("From step").selectOption("charge");
    await page.getByLabel("Input (JSON)").fill('{"card": "new"}');
    await page.getByRole("button", { name: "Rerun" }).click();

    await expect.poll(() => page.url(), WAIT).not.toContain(failed.id);
    const rerunId = page.url().split("/runs/")[1] ?? "";
    await expect.poll(() => page.getByTestId("run-status").textContent(), WAIT).toBe("COMPLETED");
    expect(await page.locator("main").textContent()).toContain("Rerun of");
    const rerun = await api.call<{
      input: unknown;
      rerunOf: string;
      steps: { stepName: string; copiedFrom?: string }[];
    }>("GET", `/v1/workflow-runs/${rerunId}`);
    expect(rerun).toMatchObject({ input: { card: "new" }, rerunOf: failed.id });
    expect(rerun.steps.map((step) => [step.stepName, step.copiedFrom !== undefined])).toEqual([
      ["prepare", true],
      ["charge", false],
    ]);

    // A waiting run: a version whose step changed type is refused with the list; a compatible one lands.
    const hold = { type: "external_event", name: "hold", signalType: "go" };
    const end = { type: "task", name: "end", handler: "noop", config: {} };
    const h1 = await api.createDefinition({ name: "holding", version: "1", steps: [hold, end] });
    await api.createDefinition({
      name: "holding",
      version: "2",
      steps: [{ type: "wait", name: "hold", durationMs: 10 }, end],
    });
    // Version 3 drops the step the run goes to next: refused until the dialog says where it continues.
    await api.createDefinition({
      name: "holding",
      version: "3",
      steps: [hold, { type: "task", name: "extra", handler: "noop", config: {} }],
    });
    const waiting = await api.startRun(h1.id, {});
    await api.waitForStatus(waiting.id, "WAITING");
    await page.goto(`${env.service.url}/#/runs/${waiting.id}`);
    await page.getByRole("heading", { name: "Upgrade to another version" }).waitFor(WAIT);
    await page.getByRole("combobox", { name: /^Version/ }).selectOption({ label: "holding v2" });
    await page.getByRole("button", { name: "Check" }).click();
    const report = page.getByTestId("upgrade-report");
    await expect.poll(() => report.textContent(), WAIT).toContain("step_type_changed");
    await page.getByRole("combobox", { name: /^Version/ }).selectOption({ label: "holding v3" });
    await page.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => report.textContent(), WAIT).toContain("next_step_missing");
    expect(await report.textContent()).toContain('"end"');
    await page.getByRole("combobox", { name: /^Continue at/ }).selectOption("extra");
    await page.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => report.textContent(), WAIT).toContain("Compatible");
    await page.getByRole("button", { name: "Upgrade", exact: true }).click();
    await expect.poll(() => report.textContent(), WAIT).toContain("pending");
    await expect.poll(() => page.locator("main").textContent(), WAIT).toContain("the run continues at extra");

    await api.call("POST", `/v1/workflow-runs/${waiting.id}/signals`, { signalType: "go" });
    await api.waitForStatus(waiting.id, "COMPLETED");
    const upgraded = await api.call<{ steps: { stepName: string }[] }>(
      "GET",
      `/v1/workflow-runs/${waiting.id}`,
    );
    expect(upgraded.steps.map((step) => step.stepName)).toEqual(["hold", "extra"]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
