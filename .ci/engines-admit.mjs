// Exits 0 when a Node version (the argument, else the running node's) is within package.json's engines.node,
// 1 when it is not. .ci/run asks it before `npm ci`, when no semver package is installed yet, so it reads only
// the one form engines keeps, ">=MAJOR.MINOR[.PATCH] <NEXT_MAJOR"; test/unit/infra/node-engines.test.ts holds
// engines to that form and this script to semver's answers.
import { readFileSync } from "node:fs";

const range = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines.node;
const form = /^>=(\d+)\.(\d+)(?:\.(\d+))? <(\d+)$/.exec(range);
if (!form) {
  console.error(`.ci/engines-admit.mjs: engines.node "${range}" is not of the form ">=22.15 <23"`);
  process.exit(2);
}
const version = (process.argv[2] ?? process.version).replace(/^v/, "");
const [major, minor, patch] = version.split(".").map(Number);
const [lowest, below] = [[1, 2, 3].map((group) => Number(form[group] ?? 0)), Number(form[4])];
const atLeast =
  major !== lowest[0] ? major > lowest[0] : minor !== lowest[1] ? minor > lowest[1] : patch >= lowest[2];
if (atLeast && major < below) process.exit(0);
console.error(`node v${version} is outside package.json's engines.node "${range}"`);
process.exit(1);
