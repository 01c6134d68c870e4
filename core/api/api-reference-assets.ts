import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The files of swagger-ui-dist that /docs serves, with their content types: the renderer's one script
 * (React and all included) and its stylesheet. They are read from the installed package on their first
 * request and kept, never bundled: nearly 2 MB that a cold start of the API function never reads. On
 * Lambda the package's copies travel beside the handler (infra/api.ts copies these files and
 * package.json into the function's node_modules), where Node resolves the package as it does locally.
 */
export const SWAGGER_UI_PACKAGE = "swagger-ui-dist";
export const SWAGGER_UI_FILES: ReadonlyMap<string, string> = new Map([
  ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
  ["swagger-ui.css", "text/css; charset=utf-8"],
]);

/** What the API function carries of the package: these files, and package.json for Node to resolve it. */
export const SWAGGER_UI_SHIPPED = ["package.json", ...SWAGGER_UI_FILES.keys()].map(
  (file) => `node_modules/${SWAGGER_UI_PACKAGE}/${file}`,
);

const read = new Map<string, Promise<string>>();

/** One of SWAGGER_UI_FILES' text, read once (a failed read is tried again by the next request). */
export function swaggerUiFile(name: string): Promise<string> {
  let text = read.get(name);
  if (text === undefined) {
    // The name as a literal, so that test/architecture/unused-code.test.ts sees the dependency used.
    const dir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
    text = readFile(join(dir, name), "utf8");
    text.catch(() => read.delete(name));
    read.set(name, text);
  }
  return text;
}
