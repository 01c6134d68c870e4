import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { ALARMS } from "../../../infra/settings";

/**
 * docs/deploy.md says what a deploy makes: with the SST the repository pins, and every alarm infra/alarms.ts
 * creates from ALARMS, by the name it has in CloudWatch.
 */
const root = join(__dirname, "../../..");
const deployDoc = readFileSync(join(root, "docs/deploy.md"), "utf8");
const pascalCase = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

describe("docs/deploy.md", () => {
  it("names the SST major version package.json pins, and no other", () => {
    const pinned = (
      JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
        devDependencies: { sst: string };
      }
    ).devDependencies.sst;
    const major = semver.minVersion(pinned)?.major;

    const named = [...deployDoc.matchAll(/\bSST v?(\d+)\b/g)].map((match) => Number(match[1]));

    expect(named.length).toBeGreaterThan(0);
    expect(new Set(named)).toEqual(new Set([major]));
  });

  it("lists every alarm a stage gets", () => {
    const names = [
      ...ALARMS.deadLetters.queues.map((queue) => `${pascalCase(queue)}DlqDepth`),
      ...ALARMS.functionErrors.functions.map((name) => `${pascalCase(name)}Errors`),
      "SweeperSilent",
      ...ALARMS.queueAge.queues.map((queue) => `${pascalCase(queue)}QueueAge`),
      ...ALARMS.queueBacklog.queues.map((queue) => `${pascalCase(queue)}QueueBacklog`),
    ];

    for (const name of names) expect(deployDoc, name).toContain(`\`${name}\``);
    expect(readFileSync(join(root, "infra/alarms.ts"), "utf8")).toMatch(
      /`\$\{pascalCase\(queue\)\}QueueBacklog`/,
    );
  });
});
