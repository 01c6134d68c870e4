#!/usr/bin/env node
// The published package runs its compiled dist/; in the repository, with no build, the TypeScript
// source runs through tsx (a dev dependency of the repository).
import { existsSync } from "node:fs";

const built = new URL("../dist/cli.js", import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(new URL("../src/cli.ts", import.meta.url).href);
}
