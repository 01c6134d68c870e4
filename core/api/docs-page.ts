// Self-contained API reference for GET /docs: no CDN, script, font or external stylesheet, so it works
// where the browser has no internet access and adds nothing to the Lambda bundle.
import {
  constraintsHtml,
  escapeHtml,
  type JsonSchema,
  renderSchema,
  type SchemaContext,
  typeHtml,
} from "./docs-schema";

type Parameter = {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: JsonSchema;
};
type Content = Readonly<Record<string, { schema?: JsonSchema }>>;
type RequestBody = { $ref?: string; description?: string; required?: boolean; content?: Content };
type ResponseObject = { $ref?: string; description?: string; content?: Content };
type SecurityRequirement = Readonly<Record<string, readonly string[]>>;
type SecurityScheme = { type?: string; name?: string; in?: string; scheme?: string; description?: string };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: readonly string[];
  deprecated?: boolean;
  parameters?: readonly Parameter[];
  requestBody?: RequestBody;
  responses?: Readonly<Record<string, ResponseObject>>;
  security?: readonly SecurityRequirement[];
};
type PathItem = { parameters?: readonly Parameter[] } & Partial<Record<Method, Operation>>;

// Only the parts the page reads; a full OpenAPI 3.1 object (e.g. from @hono/zod-openapi) is assignable.
export type OpenApiDocument = {
  openapi?: string;
  info: { title: string; version: string; description?: string };
  tags?: readonly { name: string; description?: string }[];
  paths?: Readonly<Record<string, PathItem>>;
  security?: readonly SecurityRequirement[];
  components?: {
    schemas?: Readonly<Record<string, JsonSchema>>;
    securitySchemes?: Readonly<Record<string, SecurityScheme>>;
    parameters?: Readonly<Record<string, Parameter>>;
    requestBodies?: Readonly<Record<string, RequestBody>>;
    responses?: Readonly<Record<string, ResponseObject>>;
  };
};

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace"] as const;
type Method = (typeof METHODS)[number];
const UNTAGGED = "Other";

type Entry = { id: string; method: Method; path: string; op: Operation; params: Parameter[] };

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--border:#d1d9e0;--soft:#f6f8fa;--link:#0969da;--get:#1a7f37;--post:#0969da;--put:#9a6700;--patch:#8250df;--delete:#cf222e;--other:#59636e}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--border:#3d444d;--soft:#151b23;--link:#4493f8;--get:#3fb950;--post:#4493f8;--put:#d29922;--patch:#ab7df8;--delete:#f85149;--other:#9198a1}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--link)}
:focus-visible{outline:3px solid var(--link);outline-offset:2px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875em;overflow-wrap:anywhere}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;z-index:1;background:var(--bg);padding:.5rem}
.layout{display:grid;grid-template-columns:minmax(0,1fr);max-width:84rem;margin:0 auto}
.toc{padding:1rem 1.25rem;font-size:.9rem;border-bottom:1px solid var(--border)}
.toc ul{list-style:none;margin:0;padding:0}.toc li{margin:.2rem 0}.toc ul ul{margin:.25rem 0 .75rem .5rem}
.toc a{text-decoration:none}.toc a:hover{text-decoration:underline}
@media (min-width:62rem){.layout{grid-template-columns:19rem minmax(0,1fr)}.toc{position:sticky;top:0;height:100vh;overflow-y:auto;border-bottom:0;border-right:1px solid var(--border)}}
main{padding:1rem 1.5rem 3rem;min-width:0}
.desc,.lead{white-space:pre-line;margin:.25rem 0}.lead{color:var(--muted)}
.op,.component{border:1px solid var(--border);border-radius:8px;padding:0 1rem 1rem;margin:1.25rem 0;scroll-margin-top:1rem}
.op h3{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.anchor{color:var(--muted);text-decoration:none;font-weight:400}
.m{--c:var(--other);display:inline-block;min-width:4.2em;text-align:center;font:700 .72rem/1.7 ui-monospace,monospace;color:var(--c);border:1px solid var(--c);border-radius:4px;padding:0 .35em;text-transform:uppercase}
.m-get{--c:var(--get)}.m-post{--c:var(--post)}.m-put{--c:var(--put)}.m-patch{--c:var(--patch)}.m-delete{--c:var(--delete)}
.auth{font-size:.9rem;padding:.35rem .6rem;background:var(--soft);border-radius:6px}
.req,.dep{font-size:.7rem;font-weight:700;text-transform:uppercase;letter-spacing:.03em;color:var(--delete)}.dep{color:var(--put)}
.type,.fmt{color:var(--muted);font-family:ui-monospace,monospace;font-size:.85em}
.c{display:inline-block;font-size:.8rem;background:var(--soft);border:1px solid var(--border);border-radius:4px;padding:0 .35em;margin:.1rem 0}.ck{color:var(--muted)}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;vertical-align:top;padding:.4rem .5rem;border-bottom:1px solid var(--border)}
.props{list-style:none;margin:.3rem 0;padding-left:1rem;border-left:2px solid var(--border)}.props li{margin:.4rem 0}
.variants ol{margin:.2rem 0;padding-left:1.5rem}.vlabel,.note{margin:.3rem 0;font-size:.85rem;color:var(--muted)}
.status{font-family:ui-monospace,monospace;font-weight:700}.s2{color:var(--get)}.s4,.s5{color:var(--delete)}
.media{margin:.5rem 0 .2rem;font-size:.85rem;color:var(--muted)}
`;

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "x"
  );
}

function idAllocator(): (base: string) => string {
  const used = new Set<string>();
  return (base) => {
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  };
}

// One hop only: components that are themselves $refs to other components are not used by zod-openapi.
function deref<T extends { $ref?: string }>(
  item: T,
  pool: Readonly<Record<string, T>> | undefined,
  kind: string,
): T {
  const prefix = `#/components/${kind}/`;
  return item.$ref?.startsWith(prefix) ? (pool?.[item.$ref.slice(prefix.length)] ?? item) : item;
}

function text(value: string | undefined, cls = "desc"): string {
  return value ? `<p class="${cls}">${escapeHtml(value)}</p>` : "";
}

function methodBadge(method: Method): string {
  return `<span class="m m-${method}">${method}</span>`;
}

function describeScheme(name: string, scheme: SecurityScheme | undefined): string {
  if (scheme?.type === "apiKey" && scheme.name) {
    const where = scheme.in === "header" ? "header" : `${escapeHtml(scheme.in ?? "")} parameter`;
    return `${where} <code>${escapeHtml(scheme.name)}</code>`;
  }
  if (scheme?.type === "http" && scheme.scheme) return `HTTP ${escapeHtml(scheme.scheme)} authentication`;
  return `<code>${escapeHtml(name)}</code>`;
}

function securityHtml(reqs: readonly SecurityRequirement[], doc: OpenApiDocument): string {
  const schemes = doc.components?.securitySchemes;
  const alternatives = reqs
    .filter((req) => Object.keys(req).length > 0)
    .map((req) =>
      Object.keys(req)
        .map((name) => describeScheme(name, schemes?.[name]))
        .join(" and "),
    );
  if (alternatives.length === 0) return `<p class="auth">No authentication required.</p>`;
  // An empty requirement object among the alternatives means anonymous access is also allowed.
  const optional = alternatives.length < reqs.length;
  return `<p class="auth">${optional ? "Optional authentication" : "Requires"}: ${alternatives.join(" or ")}</p>`;
}

function contentHtml(content: Content | undefined, ctx: SchemaContext): string {
  return Object.entries(content ?? {})
    .map(
      ([type, media]) =>
        `<p class="media">Content type <code>${escapeHtml(type)}</code></p>${
          media.schema ? renderSchema(media.schema, ctx) : ""
        }`,
    )
    .join("");
}

function paramsHtml(params: readonly Parameter[], ctx: SchemaContext): string {
  if (params.length === 0) return "";
  const rows = params.map((p) => {
    const required = p.required === true || p.in === "path";
    const constraints = p.schema ? constraintsHtml(p.schema) : "";
    return `<tr><td><code>${escapeHtml(p.name ?? "")}</code>${p.deprecated ? ` <span class="dep">deprecated</span>` : ""}</td><td>${escapeHtml(p.in ?? "")}</td><td>${
      required ? `<span class="req">required</span>` : "optional"
    }</td><td><span class="type">${p.schema ? typeHtml(p.schema, ctx) : ""}</span></td><td>${text(p.description ?? p.schema?.description)}${constraints}</td></tr>`;
  });
  return `<h4>Parameters</h4><div class="table-wrap" role="region" aria-label="Parameters" tabindex="0"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
}

function operationHtml(entry: Entry, doc: OpenApiDocument, ctx: SchemaContext): string {
  const { op, id } = entry;
  const components = doc.components;
  const body = op.requestBody && deref(op.requestBody, components?.requestBodies, "requestBodies");
  const bodyHtml = body
    ? `<h4>Request body${body.required ? ` <span class="req">required</span>` : ""}</h4>${text(body.description)}${contentHtml(body.content, ctx)}`
    : "";
  const responses = Object.entries(op.responses ?? {}).map(([status, raw]) => {
    const res = deref(raw, components?.responses, "responses");
    return `<h5><span class="status s${escapeHtml(status.charAt(0))}">${escapeHtml(status)}</span> ${escapeHtml(res.description ?? "")}</h5>${contentHtml(res.content, ctx)}`;
  });
  return `<article class="op" id="${escapeHtml(id)}">
<h3>${methodBadge(entry.method)} <code>${escapeHtml(entry.path)}</code>${
    op.deprecated ? ` <span class="dep">deprecated</span>` : ""
  } <a class="anchor" href="#${escapeHtml(id)}" aria-label="Link to ${escapeHtml(entry.method.toUpperCase())} ${escapeHtml(entry.path)}">#</a></h3>
${text(op.summary, "lead")}${text(op.description)}${securityHtml(op.security ?? doc.security ?? [], doc)}
${paramsHtml(entry.params, ctx)}${bodyHtml}${responses.length > 0 ? `<h4>Responses</h4>${responses.join("")}` : ""}
</article>`;
}

function collectEntries(doc: OpenApiDocument, nextId: (base: string) => string): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>((doc.tags ?? []).map((tag) => [tag.name, []]));
  const pool = doc.components?.parameters;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      // Operation-level parameters override path-level ones with the same name and location.
      const byKey = new Map<string, Parameter>();
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const param = deref(raw, pool, "parameters");
        byKey.set(`${param.in}:${param.name}`, param);
      }
      const tag = op.tags?.[0] ?? UNTAGGED;
      const group = groups.get(tag) ?? [];
      group.push({
        id: nextId(`op-${slugify(`${method} ${path}`)}`),
        method,
        path,
        op,
        params: [...byKey.values()],
      });
      groups.set(tag, group);
    }
  }
  return groups;
}

export function renderApiReference(doc: OpenApiDocument): string {
  const nextId = idAllocator();
  const schemas = doc.components?.schemas ?? {};
  const schemaIds = new Map(Object.keys(schemas).map((name) => [name, nextId(`schema-${slugify(name)}`)]));
  const ctx: SchemaContext = { schemas, schemaIds };
  const tagDescriptions = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
  const groups = [...collectEntries(doc, nextId)]
    .filter(([, entries]) => entries.length > 0)
    .map(([tag, entries]) => ({ tag, id: nextId(`tag-${slugify(tag)}`), entries }));

  const toc = groups
    .map(
      (g) =>
        `<li><a href="#${escapeHtml(g.id)}">${escapeHtml(g.tag)}</a><ul>${g.entries
          .map(
            (e) =>
              `<li><a href="#${escapeHtml(e.id)}">${methodBadge(e.method)} <code>${escapeHtml(e.path)}</code></a></li>`,
          )
          .join("")}</ul></li>`,
    )
    .join("");
  const sections = groups
    .map(
      (g) =>
        `<section id="${escapeHtml(g.id)}"><h2>${escapeHtml(g.tag)}</h2>${text(tagDescriptions.get(g.tag))}${g.entries
          .map((e) => operationHtml(e, doc, ctx))
          .join("\n")}</section>`,
    )
    .join("\n");
  const components = Object.entries(schemas)
    .map(
      ([name, schema]) =>
        `<section class="component" id="${escapeHtml(schemaIds.get(name) ?? "")}"><h3>${escapeHtml(name)}</h3>${renderSchema(schema, ctx, new Set([name]))}</section>`,
    )
    .join("\n");
  const schemasToc = components ? `<li><a href="#schemas">Schemas</a></li>` : "";
  const schemasSection = components ? `<section id="schemas"><h2>Schemas</h2>${components}</section>` : "";
  const title = escapeHtml(doc.info.title);

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title} ${escapeHtml(doc.info.version)} – API reference</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<div class="layout">
<nav class="toc" aria-label="Contents"><p><strong>${title}</strong></p><ul>${toc}${schemasToc}</ul></nav>
<main id="content" tabindex="-1">
<header><h1>${title} <span class="lead">${escapeHtml(doc.info.version)}</span></h1>${text(doc.info.description)}</header>
${sections}
${schemasSection}
</main>
</div>
</body>
</html>
`;
}
