#!/usr/bin/env node
// In the repository the TypeScript source runs through tsx (a dev dependency of the repository), so a
// dist/ left by `npm pack` never shadows it; the published package has only the compiled dist/.
import { existsSync } from "node:fs";

const source = new URL("../src/cli.ts", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register();
  await import(source.href);
} else {
  await import(new URL("../dist/cli.js", import.meta.url).href);
}
