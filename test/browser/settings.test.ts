import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SYNC, signUpThroughApi } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

/** Pages refresh themselves every 2 to 10 s; a busy CI machine may be slower still. */
const WAIT = { timeout: 20_000 };

/**
 * The settings pages in Chromium: sign in with an account made through the API, then manage provider keys
 * (set, reorder, disable), a remote tool, a webhook and its delivery log, a workspace, and API keys.
 */
reportSkip("dashboard settings browser test");

const EMAIL = "grace@example.com";
const PASSWORD = "another long password";

/** The providers in the order the page lists them. */
async function providerOrder(page: Page): Promise<string[]> {
  return page.locator(".rows li strong").allTextContents();
}

async function saveProvider(page: Page, provider: string, options: { priority?: number; enabled?: boolean }) {
  await page.getByRole("combobox", { name: /^Provider/ }).selectOption(provider);
  await page.getByLabel("API key").fill(`sk-${provider}-0123456789`);
  if (options.priority !== undefined) await page.getByLabel(/^Priority/).fill(String(options.priority));
  if (options.enabled === false) await page.getByLabel("Enabled").uncheck();
  await page.getByRole("button", { name: "Save provider key" }).click();
}

describe.skipIf(!available)("dashboard settings in Chromium", { timeout: 240_000 }, () => {
  const env = useDashboardEnv();

  it("signs in and manages providers, tools, webhooks, workspaces and API keys", async () => {
    const api = await signUpThroughApi(env.service, {
      email: EMAIL,
      password: PASSWORD,
      workspaceName: "Analytical Engines",
    });
    const { context, page, problems } = await openPage(env.browser);

    // Login, by keyboard: the form's fields and its button are reachable with Tab.
    await page.goto(`${env.service.url}/#/settings/providers`);
    await page.getByLabel("Email").fill(EMAIL);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Model providers" }).waitFor();

    // Provider keys: set two, move the second first, then disable one (keys are write-only: re-entered).
    await saveProvider(page, "openai", { priority: 0 });
    await page.locator(".rows li", { hasText: "openai" }).waitFor();
    await saveProvider(page, "anthropic", { priority: 1 });
    await expect.poll(() => providerOrder(page), WAIT).toEqual(["openai", "anthropic"]);
    await page.getByRole("button", { name: "Move anthropic up" }).click();
    await expect.poll(() => providerOrder(page), WAIT).toEqual(["anthropic", "openai"]);
    await page.locator(".rows li", { hasText: "openai" }).getByRole("button", { name: "Disable…" }).click();
    expect(await page.getByLabel("Enabled").isChecked()).toBe(false);
    await page.getByLabel("API key").fill("sk-openai-0123456789");
    await page.getByRole("button", { name: "Save provider key" }).click();
    await page.locator(".rows li", { hasText: "openai" }).getByText("disabled").waitFor();
    expect(await providerOrder(page)).toEqual(["anthropic", "openai"]);

    // Remote tools: register (secret shown once), then delete with the two-step button, by keyboard.
    await page.getByRole("link", { name: "Remote tools" }).click();
    await page.getByLabel("Name").fill("lookup_order");
    await page.getByLabel("URL").fill("https://tools.example.com/lookup");
    await page.getByRole("button", { name: "Register tool" }).click();
    expect(await page.getByTestId("secret-value").textContent()).toMatch(/^tsec_/);
    const toolRow = page.getByRole("row", { name: /lookup_order/ });
    await toolRow.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await toolRow.getByRole("button", { name: "Delete lookup_order?" }).waitFor();
    await page.keyboard.press("Enter");
    await page.getByText("No remote tools.").waitFor();

    // Webhooks: register one, finish a run, and read the delivery it caused in the log.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByLabel("URL").fill("https://hooks.example.com/weft");
    await page.getByRole("button", { name: "Register webhook" }).click();
    expect(await page.getByTestId("secret-value").textContent()).toMatch(/^whsec_/);
    const definition = await api.createDefinition(SYNC);
    const run = await api.startRun(definition.id, {});
    await api.waitForStatus(run.id, "COMPLETED");
    await page.getByRole("button", { name: "Deliveries" }).click();
    await page.getByRole("cell", { name: "workflow.completed" }).waitFor({ timeout: 15_000 });
    expect(await page.locator(".deliveries").textContent()).toContain(run.id.slice(-8));

    // Workspaces: create one; it appears in the switcher, and switching shows its (empty) runs.
    await page.getByRole("link", { name: "Workspaces" }).click();
    await page.getByLabel("Name").fill("Difference Engine");
    await page.getByLabel("Slug").fill("difference-engine");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await page.getByRole("button", { name: "Switch to Difference Engine" }).click();
    await page.getByRole("link", { name: "Runs", exact: true }).click();
    await page.getByText("No runs yet.").waitFor();
    await page.getByLabel("Workspace").selectOption({ label: "Analytical Engines" });
    await page.locator(`a[href="#/runs/${run.id}"]`).waitFor();

    // API keys: revoking the key used above makes the API refuse it at once.
    await page.getByRole("link", { name: "Settings" }).click();
    const keyRow = page.getByRole("row", { name: /Default key/ });
    await keyRow.getByRole("button", { name: "Revoke" }).click();
    await keyRow.getByRole("button", { name: "Revoke Default key?" }).click();
    await page.getByText("No active keys.").waitFor();
    const refused = await fetch(`${env.service.url}/v1/workflow-runs`, {
      headers: { "x-api-key": api.key },
    });
    expect(refused.status).toBe(401);

    expect(problems).toEqual([]);
    await context.close();
  });
});
