import { describe, expect, it } from "vitest";
import { signUpThroughApi } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

/**
 * Runs held back by a concurrency limit, in Chromium: the runs list and the run's page say the run waits for a
 * slot beside its PENDING status, the list filters to such runs, and the note goes once the run starts. A
 * `queue_latest` run says it is queued behind the running run of its key.
 */
reportSkip("dashboard waiting runs browser test");

const EMAIL = "ada@example.com";
const PASSWORD = "a long enough password";
const WAIT = { timeout: 20_000 };

describe.skipIf(!available)("runs waiting for a slot in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();

  it("shows a run past its concurrency limit as waiting for a slot until the one ahead ends", async () => {
    const api = await signUpThroughApi(env.service, {
      email: EMAIL,
      password: PASSWORD,
      workspaceName: "Slots",
    });
    const definition = await api.createDefinition({
      name: "one-at-a-time",
      version: "1",
      concurrency: { limit: 1 },
      steps: [{ type: "external_event", name: "go", signalType: "go" }],
    });
    const first = await api.startRun(definition.id, {});
    await api.waitForStatus(first.id, "WAITING");
    const second = await api.startRun(definition.id, {});
    const { context, page, problems } = await openPage(env.browser);

    await page.goto(`${env.service.url}/#/runs`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Runs" }).waitFor();
    const secondRow = page.locator("tbody tr", { has: page.locator(`a[href="#/runs/${second.id}"]`) });
    await expect.poll(() => secondRow.textContent(), WAIT).toContain("PENDING Waiting for a slot");
    const firstRow = page.locator("tbody tr", { has: page.locator(`a[href="#/runs/${first.id}"]`) });
    expect(await firstRow.getByTestId("waiting-for").count()).toBe(0);

    await page.getByLabel("Waiting for").selectOption("concurrency");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => page.locator("tbody tr").count(), WAIT).toBe(1);
    expect(page.url()).toContain("waitingFor=concurrency");

    await page.locator(`a[href="#/runs/${second.id}"]`).click();
    const status = page.getByTestId("run-status");
    await expect.poll(() => status.textContent(), WAIT).toBe("PENDING Waiting for a slot");
    await api.call("POST", `/v1/workflow-runs/${first.id}/resume`, { signalType: "go", payload: {} });
    await api.waitForStatus(second.id, "WAITING");
    await page.reload();
    await expect.poll(() => status.textContent(), WAIT).toBe("WAITING");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a queue_latest run as queued behind the running run of its key, and filters to it", async () => {
    const api = await signUpThroughApi(env.service, {
      email: "grace@example.com",
      password: PASSWORD,
      workspaceName: "Latest",
    });
    const definition = await api.createDefinition({
      name: "latest-only",
      version: "1",
      steps: [{ type: "external_event", name: "go", signalType: "go" }],
    });
    const latest = { supersessionKey: "doc-1", supersedeExisting: true, supersedeMode: "queue_latest" };
    const running = await api.startRun(definition.id, {}, latest);
    await api.waitForStatus(running.id, "WAITING");
    const queued = await api.startRun(definition.id, {}, latest);
    const { context, page, problems } = await openPage(env.browser);

    await page.goto(`${env.service.url}/#/runs`);
    await page.getByLabel("Email").fill("grace@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Runs" }).waitFor();
    const queuedRow = page.locator("tbody tr", { has: page.locator(`a[href="#/runs/${queued.id}"]`) });
    await expect.poll(() => queuedRow.textContent(), WAIT).toContain("PENDING Queued behind the running run");

    await page.getByLabel("Waiting for").selectOption("supersession");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => page.locator("tbody tr").count(), WAIT).toBe(1);
    expect(page.url()).toContain("waitingFor=supersession");

    await api.call("POST", `/v1/workflow-runs/${running.id}/resume`, { signalType: "go", payload: {} });
    await api.waitForStatus(queued.id, "WAITING");
    expect(problems).toEqual([]);
    await context.close();
  });
});
