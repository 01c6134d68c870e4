import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { setUpOpenApi, t } from "./openapi-fixtures";

setUpOpenApi();

const EXTERNAL_URL = /\b(src|href|url)\s*[=:(]\s*["']?(https?:)?\/\//i;

/** The files a page loads: the paths of its `src` and `href` attributes (not its empty data: icon). */
const linked = (html: string) =>
  [...html.matchAll(/\b(?:src|href)="([^"]+)"/g)]
    .map((match) => match[1] ?? "")
    .filter((url) => url !== "data:,");

describe("GET /docs", () => {
  it("serves Swagger UI's page, its files and its start script from this service, each with its content type", async () => {
    const response = await t.request("GET", "/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('id="swagger-ui"');
    const files = linked(html);
    expect(files.sort()).toEqual([
      "/docs/assets/start.js",
      "/docs/assets/swagger-ui-bundle.js",
      "/docs/assets/swagger-ui.css",
    ]);

    const types = { js: /^text\/javascript/, css: /^text\/css/ };
    for (const path of files) {
      const file = await t.request("GET", path);
      expect(file.status, path).toBe(200);
      expect(file.headers.get("content-type"), path).toMatch(path.endsWith(".css") ? types.css : types.js);
      expect(file.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await file.text()).length).toBeGreaterThan(0);
    }
    // The package's own files, byte for byte.
    const bundle = await (await t.request("GET", "/docs/assets/swagger-ui-bundle.js")).text();
    expect(bundle).toBe(readFileSync("node_modules/swagger-ui-dist/swagger-ui-bundle.js", "utf8"));
    const start = await (await t.request("GET", "/docs/assets/start.js")).text();
    expect(start).toContain('url: "/openapi.json"');
  });

  it("names no other site: the page, its start script and its stylesheet load nothing from elsewhere", async () => {
    for (const path of ["/docs", "/docs/assets/start.js", "/docs/assets/swagger-ui.css"]) {
      const text = await (await t.request("GET", path)).text();
      expect(text, path).not.toMatch(EXTERNAL_URL);
      expect(text, path).not.toMatch(/@import/i);
    }
  });

  it("holds the page to this origin with its Content-Security-Policy: no inline script, no other host", async () => {
    const response = await t.request("GET", "/docs");
    const policy = response.headers.get("content-security-policy") ?? "";
    const directives = new Map(
      policy.split(";").map((directive) => {
        const [name = "", ...values] = directive.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("style-src")).toEqual(["'self'"]);
    expect(directives.get("connect-src")).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
    expect((await response.text()).match(/<script>/g)).toBeNull();
  });

  it("answers 404 for a file it does not serve", async () => {
    for (const name of ["index.html", "package.json", "constructor", "..%2Fpackage.json"]) {
      expect((await t.request("GET", `/docs/assets/${name}`)).status, name).toBe(404);
    }
  });
});
