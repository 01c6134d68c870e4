#!/usr/bin/env node
// In the repository (and where `npm i -g ./sdk` links it from a clone) the TypeScript source runs through tsx,
// a dev dependency of the repository, with the sdk's own tsconfig rather than the one of the directory it
// is run from, so a dist/ left by `npm pack` never shadows it; the packed package has only the compiled dist/.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = new URL("../src/cli.ts", import.meta.url);
if (existsSync(source)) {
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
  await import(source.href);
} else {
  await import(new URL("../dist/cli.js", import.meta.url).href);
}
