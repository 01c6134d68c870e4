import { describe, expect, it } from "vitest";
import { doc, setUpOpenApi, t } from "./openapi-fixtures";

setUpOpenApi();

describe("GET /docs", () => {
  it("returns an HTML page naming every documented path when GET /docs is called", async () => {
    const response = await t.request("GET", "/docs");

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    for (const path of Object.keys(doc.paths)) expect(html).toContain(path);
  });

  it("references no external script or stylesheet when /docs is rendered", async () => {
    const html = await (await t.request("GET", "/docs")).text();

    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<link\b/i);
    expect(html).not.toMatch(/@import/i);
    expect(html).not.toMatch(/url\(/i);
    expect(html).not.toMatch(/\b(src|href)\s*=\s*["']?(https?:)?\/\//i);
  });
});
