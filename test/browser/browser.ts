import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";

/**
 * Debian's Chromium (`apt-get install chromium`, done by .ci/run), driven by playwright-core: no browser
 * download. The flags keep it from reaching for Google's services, which this network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Screenshots go to docs/screenshots/ (shown in the README) when UPDATE_SCREENSHOTS=1, else to a temporary
 * folder: every run takes them, only a deliberate one changes the committed images.
 */
export const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === "1";

export function screenshotDir(): string {
  if (UPDATE_SCREENSHOTS) {
    const dir = resolve("docs/screenshots");
    mkdirSync(dir, { recursive: true });
    return dir;
  }
  return mkdtempSync(join(tmpdir(), "weft-screenshots-"));
}

export async function screenshot(
  page: Page,
  dir: string,
  name: string,
  { viewport = DESKTOP, fullPage = false }: { viewport?: typeof DESKTOP; fullPage?: boolean } = {},
): Promise<void> {
  const previous = page.viewportSize();
  if (previous?.width !== viewport.width || previous.height !== viewport.height) {
    await page.setViewportSize(viewport);
  }
  // Let fonts, layout and a poll settle; the toast of the last action fades on its own.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(dir, `${name}.png`), animations: "disabled", fullPage });
  if (previous && (previous.width !== viewport.width || previous.height !== viewport.height)) {
    await page.setViewportSize(previous);
  }
}
