import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { type OpenAiFake, startOpenAiFake } from "../fakes/openai-server";
import { type LocalService, startLocalService } from "../helpers/local-service";
import { CHROMIUM_PATH, chromiumAvailable, DESKTOP, launchChromium } from "./browser";

export const available = chromiumAvailable();

/** Says why the browser tests do not run, once per file, where the test output shows it. */
export function reportSkip(file: string): void {
  if (available) return;
  process.stderr.write(
    `\n[${file}] SKIPPED: ${CHROMIUM_PATH} is missing. Install Debian's chromium ` +
      "(apt-get install -y chromium; .ci/run does this) to run the dashboard's browser tests.\n\n",
  );
}

export interface DashboardEnv {
  openai: OpenAiFake;
  service: LocalService;
  browser: Browser;
}

/**
 * The real `npm start` (its own DATA_DIR) with OpenAI pointed at the fake server, so llm steps answer and
 * cost money; and one Chromium. Registers the hooks of the calling file; read the fields inside tests.
 */
export function useDashboardEnv(): DashboardEnv {
  const env = {} as DashboardEnv;
  const dataDir = mkdtempSync(join(tmpdir(), "weft-browser-"));
  beforeAll(async () => {
    env.openai = await startOpenAiFake();
    env.service = await startLocalService({
      DATA_DIR: dataDir,
      OPENAI_BASE_URL: env.openai.baseUrl,
      OPENAI_API_KEY: "sk-fake-browser-test-key",
      // Remote tools on loopback servers the tests start (an agent's turns).
      ALLOW_PRIVATE_URLS: "true",
    });
    env.browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.service?.stop();
    await env.openai?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return env;
}

/** A desktop-sized tab that records page errors and console errors (a 401 answer is expected in places). */
export async function openPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("401")) problems.push(message.text());
  });
  return { context, page, problems };
}
