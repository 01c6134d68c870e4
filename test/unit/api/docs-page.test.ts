import { describe, expect, it } from "vitest";
import { type OpenApiDocument, renderApiReference } from "../../../core/api/docs-page";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const doc: OpenApiDocument = {
  openapi: "3.1.0",
  info: {
    title: "Weft <API>",
    version: "1.2.3",
    description: "Durable workflows. <script>alert(1)</script>",
  },
  tags: [{ name: "Workflows", description: "Start & inspect workflows" }],
  security: [{ apiKey: [] }],
  paths: {
    "/workflows": {
      post: {
        tags: ["Workflows"],
        summary: "Start a workflow",
        requestBody: { required: true, content: { "application/json": { schema: ref("StartWorkflow") } } },
        responses: {
          "201": { description: "Created", content: { "application/json": { schema: ref("Workflow") } } },
          "400": { description: "Invalid <input>" },
        },
      },
    },
    "/workflows/{id}": {
      parameters: [
        { name: "id", in: "path", required: true, description: "Workflow id", schema: { type: "string" } },
      ],
      get: {
        tags: ["Workflows"],
        summary: "Get a workflow",
        parameters: [{ name: "verbose", in: "query", schema: { type: "boolean", default: false } }],
        responses: {
          "200": {
            description: "The workflow",
            content: { "application/json": { schema: ref("Workflow") } },
          },
        },
      },
    },
    "/health": {
      get: { summary: "Health check", security: [], responses: { "200": { description: "OK" } } },
    },
  },
  components: {
    securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "x-api-key" } },
    schemas: {
      StartWorkflow: {
        type: "object",
        required: ["name"],
        properties: {
          name: {
            type: "string",
            minLength: 1,
            maxLength: 64,
            pattern: "^[a-z-]+$",
            description: "Workflow <name>",
          },
          priority: { type: "integer", minimum: 0, maximum: 10, default: 5 },
          mode: { type: "string", enum: ["sync", "async"] },
          input: {
            oneOf: [{ type: "string" }, { type: "object", properties: { payload: { type: "string" } } }],
          },
          parent: { anyOf: [ref("Workflow"), { type: "null" }] },
        },
      },
      Workflow: {
        type: "object",
        properties: { id: { type: "string", format: "uuid" }, steps: { type: "array", items: ref("Step") } },
      },
      // Self-recursive through an array, plus a mutual cycle and an alias that points at itself.
      Step: {
        type: "object",
        properties: { name: { type: "string" }, children: { type: "array", items: ref("Step") } },
      },
      Ping: { type: "object", properties: { pong: ref("Pong") } },
      Pong: { type: "object", properties: { ping: ref("Ping") } },
      Loop: ref("Loop"),
    },
  },
};

const html = renderApiReference(doc);

// The <article> of one operation, so assertions are not satisfied by the Schemas section instead.
function article(id: string): string {
  const match = html.match(new RegExp(`<article class="op" id="${id}"[\\s\\S]*?</article>`));
  expect(match, `article ${id}`).not.toBeNull();
  return match?.[0] ?? "";
}

function paramRow(section: string, name: string): string {
  const match = section.match(new RegExp(`<tr><td><code>${name}</code>[\\s\\S]*?</tr>`));
  expect(match, `row ${name}`).not.toBeNull();
  return match?.[0] ?? "";
}

describe("renderApiReference", () => {
  it("returns a complete HTML document with title and version", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).toContain("</html>");
    expect(html).toContain("Weft &lt;API&gt;");
    expect(html).toContain("1.2.3");
  });

  it("lists every operation with an anchor, linked from a table of contents grouped by tag", () => {
    for (const id of ["op-post-workflows", "op-get-workflows-id", "op-get-health"]) {
      expect(html).toContain(`id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
    expect(html).toContain("<code>/workflows/{id}</code>");
    expect(html).toContain('<a href="#tag-workflows">Workflows</a>');
    expect(html).toContain('<a href="#tag-other">Other</a>');
    expect(html).toContain("Start &amp; inspect workflows");
  });

  it("expands a $ref'd request body schema with its properties and constraints", () => {
    const post = article("op-post-workflows");
    expect(post).toContain('<code class="prop">name</code>');
    expect(post).toMatch(
      /<code class="prop">name<\/code> <span class="type">string<\/span> <span class="req">required/,
    );
    expect(post).not.toMatch(
      /<code class="prop">priority<\/code>[^<]*<span class="type">integer<\/span> <span class="req">/,
    );
    for (const [key, value] of [
      ["minLength", "1"],
      ["maxLength", "64"],
      ["pattern", "^[a-z-]+$"],
      ["minimum", "0"],
      ["maximum", "10"],
      ["default", "5"],
      ["enum", "&quot;sync&quot; | &quot;async&quot;"],
    ]) {
      expect(post).toContain(`<span class="ck">${key}</span> <code>${value}</code>`);
    }
    expect(post).toContain("One of:");
    expect(post).toContain('<code class="prop">payload</code>');
    expect(post).toContain('<a href="#schema-workflow">Workflow</a> | null');
    expect(post).toContain('<span class="status s2">201</span> Created');
  });

  it("marks required parameters, including path-level ones", () => {
    const get = article("op-get-workflows-id");
    expect(paramRow(get, "id")).toContain('<span class="req">required</span>');
    expect(paramRow(get, "id")).toContain("<td>path</td>");
    expect(paramRow(get, "verbose")).not.toContain('class="req"');
    expect(paramRow(get, "verbose")).toContain("optional");
  });

  it("shows whether the x-api-key header is needed", () => {
    expect(article("op-post-workflows")).toContain("Requires: header <code>x-api-key</code>");
    expect(article("op-get-health")).toContain("No authentication required.");
  });

  it("stops at recursive $refs instead of looping", () => {
    expect(html).toContain('Recursive reference to <a href="#schema-step">Step</a>');
    expect(html).toContain('Recursive reference to <a href="#schema-ping">Ping</a>');
    expect(html).toContain('Recursive reference to <a href="#schema-loop">Loop</a>');
    expect(html.length).toBeLessThan(100_000);
  });

  it("caps very deep but acyclic nesting", () => {
    const schemas: Record<string, { type: string; properties: Record<string, { $ref: string }> }> = {};
    for (let i = 0; i < 30; i += 1)
      schemas[`L${i}`] = { type: "object", properties: { next: ref(`L${i + 1}`) } };
    const deep = renderApiReference({ info: { title: "t", version: "1" }, components: { schemas } });
    expect(deep).toContain("Nested too deep");
  });

  it("escapes HTML from the document's strings", () => {
    expect(html).toContain("Durable workflows. &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("Workflow &lt;name&gt;");
    expect(html).toContain("Invalid &lt;input&gt;");
    expect(html).not.toContain("<script");
  });

  it("loads nothing from the network", () => {
    expect(html).not.toMatch(/<script[^>]*\bsrc=/i);
    expect(html).not.toMatch(/<link[^>]*stylesheet/i);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(html).not.toMatch(/(?:src|href)="?https?:/i);
  });
});
