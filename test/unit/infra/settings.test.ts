import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { approvalLinksKeyContext } from "../../../core/approvals/links/link-keys";
import { loadConfig } from "../../../core/config";
import { LIMITS } from "../../../core/domain/limits";
import { providerKeyContext } from "../../../core/domain/provider-config";
import { toolSecretContext } from "../../../core/domain/remote-tool";
import { SECRET_PURPOSES } from "../../../core/ports/key-vault";
import { MAX_QUEUE_DELAY_MS } from "../../../core/ports/queue";
import { webhookSecretContext } from "../../../core/webhooks/secret";
import { AWS_PLATFORM_SETTINGS } from "../../../functions/aws-platform";
import { schedulerDeliveryPolicy, schedulerTrustPolicy } from "../../../infra/policies";
import {
  ACCOUNT_CONCURRENCY,
  ALARMS,
  BLOB_PERMISSIONS,
  DEAD_LETTER_RETENTION_SECONDS,
  ENGINE_ENVIRONMENT_KEYS,
  ENGINE_PERMISSIONS,
  FUNCTIONS,
  QUEUES,
  SCHEDULER_SERVICE,
  VISIBILITY_TIMEOUT_FACTOR,
} from "../../../infra/settings";
import { kmsConditions, kmsContextAllowed } from "../../helpers/kms-conditions";

const root = join(__dirname, "../../..");
const source = (path: string) => readFileSync(join(root, path), "utf8");
const infraSources = () =>
  readdirSync(join(root, "infra")).map((name) => ({ name, text: source(`infra/${name}`) }));

const schedulerDocuments = [
  schedulerTrustPolicy("123456789012", "arn:aws:scheduler:eu-west-1:123456789012:schedule-group/weft-prod"),
  schedulerDeliveryPolicy("arn:aws:sqs:eu-west-1:123456789012:step"),
];

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

  it("keeps dead letters 14 days, SQS's maximum, not its default 4", () => {
    expect(DEAD_LETTER_RETENTION_SECONDS).toBe(14 * 24 * 60 * 60);
    expect(source("infra/queues.ts")).toMatch(/messageRetentionSeconds: DEAD_LETTER_RETENTION_SECONDS/);
  });

  it("points every function at an entry file that exports its handler", () => {
    for (const settings of Object.values(FUNCTIONS)) {
      const [file, exported] = settings.handler.split(".");
      const path = `${file}.ts`;

      expect(existsSync(join(root, path))).toBe(true);
      expect(source(path)).toMatch(new RegExp(`export (const|async function|function) ${exported}\\b`));
    }
  });

  it("streams the API's function URL (RESPONSE_STREAM) and closes a live stream before the function times out", () => {
    expect(FUNCTIONS.api.trigger).toEqual({ url: true, streaming: true });
    expect(source("infra/api.ts")).toMatch(/streaming: FUNCTIONS\.api\.trigger\.streaming/);
    expect(source("functions/api.ts")).toMatch(/return streamHandle\(app\)/);
    // Room for the last write and the response's end within the invocation.
    expect(LIMITS.streamConnectionMs).toBeLessThanOrEqual(FUNCTIONS.api.timeoutSeconds * 1000 - 5000);
  });

  it("reserves the worker's concurrency and caps the API's, within what the account leaves reservable", () => {
    const reserved = Object.values(FUNCTIONS).map((settings): number =>
      "reservedConcurrency" in settings ? settings.reservedConcurrency : 0,
    );
    const total = reserved.reduce((sum, each) => sum + each, 0);

    expect(FUNCTIONS.worker.reservedConcurrency).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(ACCOUNT_CONCURRENCY.default - ACCOUNT_CONCURRENCY.unreservedMinimum);
    expect(source("infra/engine-access.ts")).toMatch(
      /concurrency: \{ reserved: settings\.reservedConcurrency \}/,
    );
    // The queue's pollers invoke no more workers than are reserved, so none is throttled.
    expect(source("infra/worker.ts")).toMatch(/maximumConcurrency: FUNCTIONS\.worker\.reservedConcurrency/);
    // One workspace's streams, each an API invocation on AWS, take at most a tenth of the API's ceiling.
    const { MAX_STREAMS_PER_WORKSPACE } = loadConfig({});
    expect(MAX_STREAMS_PER_WORKSPACE * 10).toBeLessThanOrEqual(FUNCTIONS.api.reservedConcurrency);
  });

  it("never turns on the development model: no function's environment and no infra file names DEV_MODELS", () => {
    const given: readonly string[] = ENGINE_ENVIRONMENT_KEYS;

    expect(given).not.toContain("DEV_MODELS");
    for (const { name, text } of infraSources()) expect(text, name).not.toMatch(/DEV_MODELS|dev-models/);
  });

  it("reads the environment only through loadConfig in every entry", () => {
    for (const name of readdirSync(join(root, "functions"))) {
      const reads = source(`functions/${name}`).match(/process\.env(\.\w+|\[)/g) ?? [];

      expect(reads, `functions/${name}`).toEqual([]);
    }
  });
});

describe("infra permissions", () => {
  const statementActions = (document: { Statement: { Action: string | string[] }[] }) =>
    document.Statement.flatMap((statement) => [statement.Action].flat());

  it("grants only named actions, never a wildcard, in every statement", () => {
    const actions = [
      ...[...ENGINE_PERMISSIONS, ...BLOB_PERMISSIONS].flatMap((statement) => statement.actions),
      ...schedulerDocuments.flatMap(statementActions),
    ];

    for (const action of actions) expect(action).toMatch(/^[a-z0-9-]+:[A-Za-z]+$/);
  });

  it("links nothing (an SST link adds dynamodb:* or sqs:*) and names no wildcard action in infra/", () => {
    for (const { name, text } of infraSources()) {
      expect(text, name).not.toMatch(/\blink\s*:/);
      expect(text, name).not.toMatch(/["'`]\*["'`]/);
      expect(text, name).not.toMatch(/["'`][a-z0-9-]+:\*["'`]/);
    }
  });

  it("lets the engine query the table and each of its indexes by name", () => {
    const queries = ENGINE_PERMISSIONS.filter((statement) => statement.actions.includes("dynamodb:Query"));

    expect(queries.flatMap((statement) => statement.resources).sort()).toEqual(["table", "tableIndexes"]);
    expect(source("infra/engine-access.ts")).toMatch(/table\.arn\}\/index\/\$\{index\.name\}/);
  });

  it("lets KMS be asked only with the encryption context every secret of the service is bound to", () => {
    const conditions = kmsConditions(ENGINE_PERMISSIONS);
    const contexts = [
      providerKeyContext("wsp_1", "openai"),
      webhookSecretContext("wsp_1", "whk_1"),
      toolSecretContext("wsp_1", "tol_1"),
      approvalLinksKeyContext("wsp_1"),
    ];

    for (const context of contexts)
      expect(kmsContextAllowed(conditions, context), context.purpose).toBe(true);
    // Every purpose the statement admits is one the service uses, and the other way round.
    expect(new Set(contexts.map((context) => context.purpose))).toEqual(new Set(SECRET_PURPOSES));
    expect(kmsContextAllowed(conditions, {})).toBe(false);
    expect(kmsContextAllowed(conditions, { purpose: "webhook-secret", webhookId: "whk_1" })).toBe(false);
    expect(kmsContextAllowed(conditions, { workspaceId: "wsp_1", purpose: "anything" })).toBe(false);
    expect(kmsContextAllowed(conditions, { ...approvalLinksKeyContext("wsp_1"), extra: "x" })).toBe(false);
  });

  it("passes the Scheduler role only to the Scheduler", () => {
    const passRole = ENGINE_PERMISSIONS.filter((statement) => statement.actions.includes("iam:PassRole"));

    expect(passRole).toHaveLength(1);
    expect(passRole[0]?.actions).toEqual(["iam:PassRole"]);
    expect(passRole[0]?.resources).toEqual(["schedulerRole"]);
    expect(passRole[0]?.conditions).toEqual([
      { test: "StringEquals", variable: "iam:PassedToService", values: ["scheduler.amazonaws.com"] },
    ]);
  });

  it("lets the Scheduler assume its role only for this account's schedule group", () => {
    const group = "arn:aws:scheduler:eu-west-1:123456789012:schedule-group/weft-prod";
    const [statement, ...others] = schedulerTrustPolicy("123456789012", group).Statement;

    expect(others).toEqual([]);
    expect(statement).toMatchObject({ Principal: { Service: SCHEDULER_SERVICE }, Action: "sts:AssumeRole" });
    expect(statement?.Condition).toEqual({
      StringEquals: { "aws:SourceAccount": "123456789012" },
      ArnEquals: { "aws:SourceArn": group },
    });
    expect(source("infra/worker.ts")).toMatch(/assumeRolePolicy: schedulerTrust\(/);
  });
});

describe("infra alarms", () => {
  it("watches the dead-letter queue of every queue", () => {
    expect([...ALARMS.deadLetters.queues].sort()).toEqual(Object.keys(QUEUES).sort());
    expect(ALARMS.deadLetters).toMatchObject({
      metric: "ApproximateNumberOfMessagesVisible",
      comparison: "GreaterThanThreshold",
      threshold: 0,
    });
  });

  it("watches the errors of every function no caller waits on", () => {
    const background = Object.entries(FUNCTIONS)
      .filter(([, settings]) => !("url" in settings.trigger))
      .map(([name]) => name);

    expect([...ALARMS.functionErrors.functions].sort()).toEqual(background.sort());
    expect(ALARMS.functionErrors).toMatchObject({
      metric: "Errors",
      comparison: "GreaterThanThreshold",
      threshold: 0,
    });
  });

  it("watches how old the oldest message of every work queue is, above the longest delay one may carry", () => {
    expect([...ALARMS.queueAge.queues].sort()).toEqual(Object.keys(QUEUES).sort());
    expect(ALARMS.queueAge).toMatchObject({
      namespace: "AWS/SQS",
      metric: "ApproximateAgeOfOldestMessage",
      comparison: "GreaterThanThreshold",
    });
    expect(ALARMS.queueAge.threshold).toBeGreaterThan(MAX_QUEUE_DELAY_MS / 1000);
    expect(source("infra/alarms.ts")).toMatch(
      /for \(const queue of ALARMS\.queueAge\.queues\) \{[\s\S]*?QueueName: workQueues\[queue\]/,
    );
  });

  it("watches a backlog of ready messages on every work queue that outlasts a burst", () => {
    expect([...ALARMS.queueBacklog.queues].sort()).toEqual(Object.keys(QUEUES).sort());
    expect(ALARMS.queueBacklog).toMatchObject({
      namespace: "AWS/SQS",
      metric: "ApproximateNumberOfMessagesVisible",
      comparison: "GreaterThanThreshold",
    });
    expect(ALARMS.queueBacklog.periodSeconds * ALARMS.queueBacklog.evaluationPeriods).toBeGreaterThanOrEqual(
      600,
    );
    expect(source("infra/alarms.ts")).toMatch(
      /for \(const queue of ALARMS\.queueBacklog\.queues\) \{[\s\S]*?QueueName: workQueues\[queue\]/,
    );
    expect(source("infra/queues.ts")).toMatch(
      /workQueues[^=]*= \{ step: step\.queue, runEvent: runEvent\.queue \}/,
    );
  });

  it("notices a sweeper that stopped running before its first missed period is long gone", () => {
    const { sweeperSilent } = ALARMS;
    const schedule = FUNCTIONS[sweeperSilent.function].trigger.schedule;

    expect(schedule).toBe("rate(1 minute)");
    expect(sweeperSilent).toMatchObject({
      metric: "Invocations",
      comparison: "LessThanThreshold",
      threshold: 1,
    });
    expect(sweeperSilent.missingData).toBe("breaching");
  });
});
