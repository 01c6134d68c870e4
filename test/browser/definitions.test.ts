import { describe, expect, it } from "vitest";
import { PHONE, screenshot, screenshotDir } from "./browser";
import { signUpThroughApi } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

const WAIT = { timeout: 20_000 };

/**
 * The definitions pages in Chromium (a definition's steps drawn as a graph, a run started from an input typed
 * as JSON), and what a run's page offers beyond the spec's: finding a run by id, each step's timing, input,
 * output and model calls, Retry only where it can help, sending a signal, and the run's child runs.
 */
reportSkip("dashboard definitions browser test");

const TRIAGE = {
  name: "triage",
  version: "2",
  steps: [
    {
      type: "task",
      name: "classify",
      handler: "set_state",
      config: { values: { urgent: "{{input.urgent}}" } },
    },
    { type: "condition", name: "urgent?", expression: "urgent", trueStep: "page", falseStep: "file" },
    { type: "task", name: "file", handler: "noop" },
    { type: "task", name: "page", handler: "noop" },
  ],
};

describe.skipIf(!available)("dashboard definitions in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();
  const shots = screenshotDir();

  it("draws a definition and starts a run of it; a run's page: found by id, its steps' details, Retry where it helps, a signal, child runs", async () => {
    const api = await signUpThroughApi(env.service, {
      email: "lin@example.com",
      password: "a long enough password",
      workspaceName: "Lin",
    });
    const definition = await api.createDefinition(TRIAGE);
    const { page, problems } = await openPage(env.browser);

    await page.goto(`${env.service.url}/#/definitions`);
    await page.getByLabel("Email").fill("lin@example.com");
    await page.getByLabel("Password").fill("a long enough password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "triage v2" }).click();
    await page.getByRole("heading", { name: "triage v2" }).waitFor();

    // The graph: a box per step, the condition's two branches labelled.
    const graph = page.getByRole("img", { name: /4 steps/ });
    await graph.waitFor();
    expect(
      await graph
        .locator("[data-step]")
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-step"))),
    ).toEqual(["classify", "urgent?", "file", "page"]);
    expect(await graph.locator(".edge text").allTextContents()).toEqual(
      expect.arrayContaining(["true", "false"]),
    );
    await screenshot(page, shots, "definition");
    await screenshot(page, shots, "definition-phone", { viewport: PHONE });

    // A malformed input is refused on the page, before any request.
    const input = page.getByLabel("Input (JSON)");
    await input.fill("{urgent: true");
    await page.getByRole("button", { name: "Start run" }).click();
    await expect.poll(() => page.getByRole("alert").textContent(), WAIT).toContain("not JSON");

    // A good one starts the run, and the run's page follows it to the branch the input chose.
    await input.fill('{"urgent": true}');
    await page.getByRole("button", { name: "Start run" }).click();
    await page.waitForURL(/#\/runs\/run_/);
    const runId = decodeURIComponent(new URL(page.url()).hash.replace("#/runs/", ""));
    await api.waitForStatus(runId, "COMPLETED");
    const run = await api.call<{ definitionId: string; steps: { stepName: string }[] }>(
      "GET",
      `/v1/workflow-runs/${runId}`,
    );
    expect(run.definitionId).toBe(definition.id);
    expect(run.steps.map((step) => step.stepName)).toEqual(["classify", "urgent?", "page"]);

    // The runs page finds a run by its id.
    await page.goto(`${env.service.url}/#/runs`);
    await page.getByLabel("Run id").fill(runId);
    await page.getByRole("button", { name: "Go to run" }).click();
    await page.waitForURL(new RegExp(`#/runs/${runId}$`));
    await expect.poll(() => page.getByTestId("run-status").textContent(), WAIT).toContain("COMPLETED");

    // Retry is offered only where it can help: not after the fail handler, whose step fails every time,
    // but after a signal that never came, which may come another time.
    const hopeless = await api.createDefinition({
      name: "always-fails",
      version: "1",
      steps: [{ type: "task", name: "boom", handler: "fail", config: { error: "nope" } }],
    });
    const timedOut = await api.createDefinition({
      name: "times-out",
      version: "1",
      steps: [{ type: "external_event", name: "ping", signalType: "ping", timeoutMs: 1000 }],
    });
    const failed = await api.startRun(hopeless.id, {});
    const late = await api.startRun(timedOut.id, {});
    await api.waitForStatus(failed.id, "FAILED");
    await api.waitForStatus(late.id, "FAILED");
    await page.goto(`${env.service.url}/#/runs/${failed.id}`);
    await expect.poll(() => page.getByTestId("retry-hopeless").textContent(), WAIT).toContain("FAIL_HANDLER");
    expect(await page.getByRole("button", { name: "Retry" }).count()).toBe(0);
    await page.goto(`${env.service.url}/#/runs/${late.id}`);
    await page.getByRole("button", { name: "Retry" }).waitFor();
    expect(await page.getByTestId("retry-hopeless").count()).toBe(0);

    // Each step's timing bar, input and output, and an llm step's model calls with tokens and cost.
    env.openai.reply({ text: "Filed under billing.", usage: { input: 1000, output: 100 } });
    const summarise = await api.createDefinition({
      name: "summarise",
      version: "1",
      steps: [
        { type: "llm", name: "sum", model: "gpt-4o-mini", messages: [{ role: "user", content: "Hi" }] },
      ],
    });
    const llmRun = await api.startRun(summarise.id, {});
    await api.waitForStatus(llmRun.id, "COMPLETED");
    await page.goto(`${env.service.url}/#/runs/${llmRun.id}`);
    const details = page.locator(".step-details").first();
    await details.locator("summary").click();
    await expect.poll(() => details.textContent(), WAIT).toContain("gpt-4o-mini: 1,000 in / 100 out");
    expect(await details.textContent()).toContain("Filed under billing.");
    expect(await page.locator(".waterfall-bar").count()).toBe(1);

    // A live run takes a signal sent from its page.
    const waits = await api.createDefinition({
      name: "waits-for-go",
      version: "1",
      steps: [{ type: "external_event", name: "gate", signalType: "go" }],
    });
    const waiting = await api.startRun(waits.id, {});
    await api.waitForStatus(waiting.id, "WAITING");
    await page.goto(`${env.service.url}/#/runs/${waiting.id}`);
    await page.getByLabel("Signal type").fill("go");
    await page.getByLabel("Payload (JSON, optional)").fill('{"by": "lin"}');
    await page.getByRole("button", { name: "Send signal" }).click();
    await api.waitForStatus(waiting.id, "COMPLETED");
    await expect.poll(() => page.getByTestId("run-status").textContent(), WAIT).toContain("COMPLETED");
    const signalled = await api.call<{ output: unknown }>("GET", `/v1/workflow-runs/${waiting.id}`);
    expect(signalled.output).toMatchObject({ gate: { by: "lin" } });

    // A parallel step's branches are child runs: the parent's page lists them, each links back.
    const fanOut = await api.createDefinition({
      name: "fan-out",
      version: "1",
      steps: [
        {
          type: "parallel",
          name: "together",
          join: "all",
          outputKey: "both",
          branches: [
            { name: "left", steps: [{ type: "task", name: "l", handler: "noop" }] },
            { name: "right", steps: [{ type: "task", name: "r", handler: "noop" }] },
          ],
        },
      ],
    });
    const parent = await api.startRun(fanOut.id, {});
    await api.waitForStatus(parent.id, "COMPLETED");
    await page.goto(`${env.service.url}/#/runs/${parent.id}`);
    const children = page.getByTestId("child-runs");
    await expect.poll(() => children.locator("tbody tr").count(), WAIT).toBe(2);
    await expect
      .poll(() => children.textContent(), WAIT)
      .toMatch(/branch left.*COMPLETED.*branch right.*COMPLETED/s);
    await children.locator("tbody tr").first().getByRole("link").click();
    await page.getByText("Started by run").waitFor();

    expect(problems).toEqual([]);
  });
});
