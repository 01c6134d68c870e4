import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, screenshot, screenshotDir } from "./browser";
import { SUMMARIZE, signUpThroughApi, WELCOME_EMAIL } from "./service";
import { available, openPage, reportSkip, useDashboardEnv } from "./setup";

const WAIT = { timeout: 20_000 };
const EMAIL = "mae@example.com";
const PASSWORD = "a long enough password";

/**
 * Every page of the dashboard's router, opened at a desktop and a phone width with a workspace that has
 * something to show on each: its data renders, the page never scrolls sideways, and nothing is logged as an
 * error. Then what a phone and a second tab need: the cost chart's labels legible and apart at 390 px, runs
 * filtered by the day they were created, and a link pasted into a new tab opening signed in.
 */
reportSkip("dashboard pages browser test");

/**
 * The elements that stick out past the page's right edge (so the page scrolls sideways), named by tag and
 * class; none inside a scrolling box, which scrolls in place. Browser-side code as a string: this file is
 * type-checked without the DOM library.
 */
const OVERFLOW = `(() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  return [...document.body.querySelectorAll("*")]
    .filter((element) => element.getBoundingClientRect().right > width + 0.5)
    .map((element) => element.tagName.toLowerCase() + (element.className ? "." + element.className : ""))
    .slice(0, 8);
})()`;

async function signIn(page: Page): Promise<void> {
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe.skipIf(!available)("every dashboard page in Chromium", { timeout: 300_000 }, () => {
  const env = useDashboardEnv();
  const shots = screenshotDir();
  let runId = "";
  let definitionId = "";

  it("renders each page's data at desktop and phone widths, without sideways scrolling or console errors", async () => {
    const api = await signUpThroughApi(env.service, {
      email: EMAIL,
      password: PASSWORD,
      workspaceName: "Mae's shop",
    });
    const summarize = await api.createDefinition(SUMMARIZE);
    const welcome = await api.createDefinition(WELCOME_EMAIL);
    definitionId = welcome.id;
    env.openai.reply({ text: "Refund asked for order 7.", usage: { input: 2400, output: 120 } });
    await api.waitForStatus((await api.startRun(summarize.id, { ticket: "Refund?" })).id, "COMPLETED");
    env.openai.reply({
      text: JSON.stringify({ subject: "Welcome, Mae", body: "Glad you are here." }),
      usage: { input: 1800, output: 260 },
    });
    runId = (await api.startRun(welcome.id, { name: "Mae", company: "Shop" })).id;
    await api.waitForStatus(runId, "PAUSED");
    await api.call("POST", "/v1/triggers", {
      type: "cron",
      definitionId: summarize.id,
      cron: "0 9 * * *",
      timezone: "Europe/Paris",
    });
    await api.call("PUT", "/v1/llm-providers", { provider: "anthropic", apiKey: "sk-ant-0123456789abcdef" });
    await api.call("POST", "/v1/remote-tools", { name: "lookup_order", url: "https://tools.example.com/x" });
    await api.call("POST", "/v1/webhooks", {
      url: "https://hooks.example.com/weft",
      events: ["workflow.failed"],
    });

    const { page, problems } = await openPage(env.browser);
    await page.goto(`${env.service.url}/#/runs`);
    await signIn(page);

    // Each route of the client's router (app.tsx), with what shows that it rendered its data.
    const pages: [hash: string, heading: string | RegExp, shows: (page: Page) => Promise<unknown>][] = [
      ["#/runs", "Runs", (p) => p.locator(`a[href="#/runs/${runId}"]`).waitFor()],
      [
        `#/runs/${runId}`,
        /^Run /,
        async (p) => {
          await expect.poll(() => p.getByTestId("run-status").textContent(), WAIT).toBe("PAUSED");
          await p.locator('[data-event="APPROVAL_REQUESTED"]').waitFor();
        },
      ],
      ["#/definitions", "Definitions", (p) => p.getByRole("link", { name: "welcome-email v1" }).waitFor()],
      [
        `#/definitions/${definitionId}`,
        "welcome-email v1",
        (p) => p.getByRole("img", { name: /2 steps/ }).waitFor(),
      ],
      [
        "#/approvals",
        /Approvals/,
        (p) => expect.poll(() => p.getByTestId("approval").textContent(), WAIT).toContain("Welcome, Mae"),
      ],
      ["#/triggers", "Triggers", (p) => p.getByText("0 9 * * *").first().waitFor()],
      [
        "#/costs",
        "Costs",
        async (p) => {
          await p.getByRole("img", { name: /Spend per day by model/ }).waitFor();
          await expect.poll(() => p.locator(".legend").textContent(), WAIT).toMatch(/gpt-4o/);
        },
      ],
      ["#/settings/api-keys", "Settings", (p) => p.locator("main tbody tr").first().waitFor()],
      ["#/settings/providers", "Settings", (p) => p.locator("main").getByText("anthropic").first().waitFor()],
      ["#/settings/tools", "Settings", (p) => p.getByRole("row", { name: /lookup_order/ }).waitFor()],
      [
        "#/settings/webhooks",
        "Settings",
        (p) => p.getByText("https://hooks.example.com/weft").first().waitFor(),
      ],
      [
        "#/settings/workspaces",
        "Settings",
        (p) => p.locator("main").getByText("Mae's shop").first().waitFor(),
      ],
      ["#/nowhere", "Page not found", (p) => p.getByRole("link", { name: "Go to the runs" }).waitFor()],
    ];
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const [hash, heading, shows] of pages) {
        await page.goto(`${env.service.url}/${hash}`);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor(WAIT);
        await shows(page);
        expect(await page.evaluate(OVERFLOW), `${hash} at ${viewport.width} px scrolls sideways`).toEqual([]);
      }
    }

    // Signed out, the sign-in and sign-up pages, at both widths.
    await page.getByRole("button", { name: "Sign out" }).click();
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto(`${env.service.url}/#/login`);
      await page.getByRole("heading", { name: "Sign in" }).waitFor();
      expect(await page.evaluate(OVERFLOW)).toEqual([]);
      await page.goto(`${env.service.url}/#/signup`);
      await page.getByRole("heading", { name: "Create an account" }).waitFor();
      expect(await page.evaluate(OVERFLOW)).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  it("draws the cost chart at a phone's width with labels of at least 10 px that never overlap", async () => {
    const { page, problems } = await openPage(env.browser);
    await page.setViewportSize(PHONE);
    await page.goto(`${env.service.url}/#/costs`);
    await signIn(page);
    // The page opens on 14 days; the presets show 7, 30 and 90.
    for (const range of ["14 days", "7 days", "30 days", "90 days"]) {
      if (range !== "14 days") await page.getByRole("link", { name: range }).click();
      const chart = page.getByRole("img", { name: /Spend per day by model/ });
      await expect.poll(() => chart.getAttribute("aria-label"), WAIT).toContain(`over ${range}`);
      const svg = await chart.boundingBox();
      expect(svg && svg.x >= 0 && svg.x + svg.width <= PHONE.width, `${range}: ${JSON.stringify(svg)}`).toBe(
        true,
      );
      const labels = (await chart.locator("text").evaluateAll((nodes) =>
        nodes.map((node) => {
          const box = node.getBoundingClientRect();
          return { x: box.x, y: box.y, width: box.width, height: box.height, text: node.textContent };
        }),
      )) as (Box & { text: string })[];
      expect(labels.length).toBeGreaterThan(3);
      for (const [i, label] of labels.entries()) {
        expect(label.height, `${range}: "${label.text}" is ${label.height} px tall`).toBeGreaterThanOrEqual(
          10,
        );
        for (const other of labels.slice(i + 1)) {
          expect(overlap(label, other), `${range}: "${label.text}" overlaps "${other.text}"`).toBe(false);
        }
      }
      expect(await page.evaluate(OVERFLOW)).toEqual([]);
    }
    await page.goto(`${env.service.url}/#/costs`);
    await page.getByRole("img", { name: /over 14 days/ }).waitFor();
    await screenshot(page, shots, "costs-phone", { viewport: PHONE, fullPage: true });
    expect(problems).toEqual([]);
  });

  it("filters the runs list by the days runs were created", async () => {
    const { page, problems } = await openPage(env.browser);
    await page.goto(`${env.service.url}/#/runs`);
    await signIn(page);
    await page.locator(`a[href="#/runs/${runId}"]`).waitFor();
    // The browser's own calendar day, as the date inputs read it.
    const today = String(await page.evaluate("new Date().toLocaleDateString('sv')"));
    const yesterday = String(await page.evaluate("new Date(Date.now() - 86400000).toLocaleDateString('sv')"));

    await page.getByLabel("Created to").fill(yesterday);
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByText("No run matches these filters.").waitFor();
    expect(page.url()).toContain(`to=${yesterday}`);

    await page.getByLabel("Created from").fill(today);
    await page.getByLabel("Created to").fill(today);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect.poll(() => page.locator("main tbody tr").count(), WAIT).toBe(2);
    expect(problems).toEqual([]);
  });

  it("opens a link pasted into a new tab signed in while another tab is, and returns to it after sign-in when none is", async () => {
    const { context, page: first, problems } = await openPage(env.browser);
    await first.goto(`${env.service.url}/#/runs`);
    await signIn(first);
    await first.getByRole("heading", { name: "Runs" }).waitFor();

    // A new tab of the same browser (not opened by the first: its sessionStorage starts empty).
    const second = await context.newPage();
    await second.goto(`${env.service.url}/#/runs/${runId}`);
    await expect.poll(() => second.getByTestId("run-status").textContent(), WAIT).toBe("PAUSED");
    expect(await second.evaluate("Boolean(sessionStorage.getItem('weft.session'))")).toBe(true);
    // Nothing is kept beyond the tabs' own sessionStorage.
    expect(await second.evaluate("localStorage.length")).toBe(0);

    // Signing out in one tab signs out the other, which keeps its link for the next sign-in.
    await first.getByRole("button", { name: "Sign out" }).click();
    await second.getByText("You signed out in another tab.").waitFor(WAIT);
    expect(second.url()).toContain(`#/runs/${runId}`);
    await signIn(second);
    await expect.poll(() => second.getByTestId("run-status").textContent(), WAIT).toBe("PAUSED");
    // The first tab, on its sign-in page, is signed in by that sign-in too.
    await first.getByRole("heading", { name: "Runs" }).waitFor(WAIT);

    // With no tab of the dashboard open (another browser profile), the link asks to sign in, then opens.
    const { context: fresh, page: alone } = await openPage(env.browser);
    await alone.goto(`${env.service.url}/#/definitions/${definitionId}`);
    await alone.getByRole("heading", { name: "Sign in" }).waitFor();
    await signIn(alone);
    await alone.getByRole("heading", { name: "welcome-email v1" }).waitFor();
    await fresh.close();
    expect(problems).toEqual([]);
  });
});
