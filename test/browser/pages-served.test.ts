import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dashboardRoutes } from "../../core/dashboard/server/routes";

/** How the service serves the built dashboard (no browser needed): the shell, the assets, and their headers. */
const dir = mkdtempSync(join(tmpdir(), "weft-dashboard-dist-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function build(): void {
  mkdirSync(join(dir, "assets"), { recursive: true });
  writeFileSync(join(dir, "assets/app-ABC123.js"), "console.log('app')");
  writeFileSync(join(dir, "assets/style-DEF456.css"), "body{margin:0}");
  const manifest = { script: "/assets/app-ABC123.js", style: "/assets/style-DEF456.css", sourceHash: "x" };
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
}

describe("dashboard pages", () => {
  it("explains how to build the dashboard when it is not built", async () => {
    const response = await dashboardRoutes({ dir: join(dir, "missing") }).request("/");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("npm run build:dashboard");
  });

  it("serves the HTML shell linking the hashed bundle, under a strict content security policy", async () => {
    build();
    const response = await dashboardRoutes({ dir }).request("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain('<script type="module" src="/assets/app-ABC123.js">');
    expect(html).toContain('href="/assets/style-DEF456.css"');
    expect(html).toContain('<div id="app">');
  });

  it("serves assets with their type and a long cache, and nothing else", async () => {
    build();
    const app = dashboardRoutes({ dir });
    const script = await app.request("/assets/app-ABC123.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.headers.get("cache-control")).toContain("immutable");
    expect(await script.text()).toBe("console.log('app')");
    const style = await app.request("/assets/style-DEF456.css");
    expect(style.headers.get("content-type")).toBe("text/css; charset=utf-8");

    for (const path of [
      "/assets/missing-1.js",
      "/assets/notes.txt",
      "/assets/..%2Fmanifest.json",
      "/assets/.env",
    ]) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
