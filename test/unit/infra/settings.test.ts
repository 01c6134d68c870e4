import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AWS_PLATFORM_SETTINGS } from "../../../functions/aws-platform";
import {
  ENGINE_ACTIONS,
  ENGINE_ENVIRONMENT_KEYS,
  FUNCTIONS,
  QUEUES,
  SCHEDULER_ROLE_ACTIONS,
  VISIBILITY_TIMEOUT_FACTOR,
} from "../../../infra/settings";

const root = join(__dirname, "../../..");
const source = (path: string) => readFileSync(join(root, path), "utf8");

describe("infra settings", () => {
  it("gives every function each setting the AWS adapters require, and the table's name", () => {
    const given: readonly string[] = ENGINE_ENVIRONMENT_KEYS;

    for (const setting of [...AWS_PLATFORM_SETTINGS, "TABLE_NAME"]) expect(given).toContain(setting);
  });

  it("keeps each queue's visibility timeout at least six times its consumer's timeout", () => {
    for (const settings of Object.values(FUNCTIONS)) {
      if (!("queue" in settings.trigger)) continue;
      const queue = QUEUES[settings.trigger.queue];
      expect(queue.visibilityTimeoutSeconds).toBeGreaterThanOrEqual(
        settings.timeoutSeconds * VISIBILITY_TIMEOUT_FACTOR,
      );
    }
  });

  it("keeps every function within Lambda's 15-minute limit", () => {
    for (const settings of Object.values(FUNCTIONS)) expect(settings.timeoutSeconds).toBeLessThanOrEqual(900);
  });

  it("grants only named actions, never a wildcard", () => {
    const actions = [...Object.values(ENGINE_ACTIONS).flat(), ...SCHEDULER_ROLE_ACTIONS];

    for (const action of actions) expect(action).toMatch(/^[a-z0-9-]+:[A-Za-z]+$/);
  });

  it("names no wildcard action or whole-account resource anywhere in infra/", () => {
    const files = readdirSync(join(root, "infra")).map((name) => source(`infra/${name}`));

    for (const text of files) {
      expect(text).not.toMatch(/["'`]\*["'`]/);
      expect(text).not.toMatch(/Action["']?\s*:\s*["'][a-z0-9-]+:\*["']/);
    }
  });

  it("points every function at an entry file that exports its handler", () => {
    for (const settings of Object.values(FUNCTIONS)) {
      const [file, exported] = settings.handler.split(".");
      const path = `${file}.ts`;

      expect(existsSync(join(root, path))).toBe(true);
      expect(source(path)).toMatch(new RegExp(`export (const|async function|function) ${exported}\\b`));
    }
  });

  it("reads the environment only through loadConfig in every entry", () => {
    for (const name of readdirSync(join(root, "functions"))) {
      const reads = source(`functions/${name}`).match(/process\.env(\.\w+|\[)/g) ?? [];

      expect(reads, `functions/${name}`).toEqual([]);
    }
  });
});
