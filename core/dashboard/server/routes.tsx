import { readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import { Hono } from "hono";
import type { DashboardManifest } from "./manifest";
import { NotBuilt, Shell } from "./shell";

/**
 * The dashboard's pages: `/` answers the HTML shell, `/assets/*` the bundle and stylesheet built into
 * `dist/dashboard/` by `npm run build:dashboard`. They are files read at request time, never imported, so the
 * API function's own code stays as it was. On Lambda the folder is copied next to the handler (SST copyFiles).
 */
export interface DashboardOptions {
  /** The build's output folder; default `dist/dashboard` under the working directory (`/var/task` on Lambda). */
  dir?: string;
}

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};
const ASSET_NAME = /^[A-Za-z0-9_-]+\.(js|css|svg)$/;

// The client only ever talks to this origin; nothing inline runs, and no other site may frame the page.
const PAGE_HEADERS = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cache-control": "no-cache",
};

export function dashboardRoutes(options: DashboardOptions = {}) {
  const dir = resolve(options.dir ?? "dist/dashboard");
  // Asset names carry their content hash, so a file once read never changes.
  const assets = new Map<string, string>();

  return new Hono()
    .get("/", async (c) => {
      let manifest: DashboardManifest;
      try {
        manifest = JSON.parse(await readFile(resolve(dir, "manifest.json"), "utf8")) as DashboardManifest;
      } catch {
        return c.html(`<!doctype html>${<NotBuilt />}`, 503, PAGE_HEADERS);
      }
      return c.html(`<!doctype html>${<Shell manifest={manifest} />}`, 200, PAGE_HEADERS);
    })
    .get("/assets/:name", async (c) => {
      const name = c.req.param("name");
      if (!ASSET_NAME.test(name)) return c.notFound();
      let body = assets.get(name);
      if (body === undefined) {
        try {
          body = await readFile(resolve(dir, "assets", name), "utf8");
        } catch {
          return c.notFound();
        }
        assets.set(name, body);
      }
      return c.body(body, 200, {
        "content-type": TYPES[extname(name)] ?? "application/octet-stream",
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      });
    });
}
