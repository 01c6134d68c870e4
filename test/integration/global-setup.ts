import type { TestProject } from "vitest/node";
import { type DynamoDbLocal, startDynamoDbLocal } from "../../core/adapters/local/dynamodb-local";

/**
 * Where the integration suite runs, decided once for the whole run:
 * - "aws": AWS_ENDPOINT_URL when set, else LocalStack when it answers on its default port. The suite creates
 *   the table, queues, schedule group and key there with the SDK and uses the real AWS adapters throughout.
 * - "local": no AWS endpoint. DynamoDB Local (or DYNAMODB_ENDPOINT) with the real DynamoDB adapter; SQS,
 *   EventBridge Scheduler and KMS are stand-ins behind the real adapters' SDK clients (./local-aws.ts).
 */
export type IntegrationMode =
  | { kind: "aws"; endpoint: string; foundBy: "AWS_ENDPOINT_URL" | "LocalStack health check"; region: string }
  | { kind: "local"; dynamoEndpoint: string; region: string };

declare module "vitest" {
  export interface ProvidedContext {
    integrationMode: IntegrationMode;
  }
}

export const LOCALSTACK_URL = "http://localhost:4566";
const PROBE_TIMEOUT_MS = 500;
/** The services the suite uses; LocalStack lists each as "available" (not started yet) or "running". */
const SERVICES = { dynamodb: "DynamoDB", sqs: "SQS", scheduler: "EventBridge Scheduler", kms: "KMS" };

let dynamoLocal: DynamoDbLocal | undefined;

export async function setup(project: TestProject): Promise<void> {
  const region = process.env.AWS_REGION || "us-east-1";
  const explicit = process.env.AWS_ENDPOINT_URL;
  let mode: IntegrationMode;
  if (explicit) {
    mode = { kind: "aws", endpoint: explicit, foundBy: "AWS_ENDPOINT_URL", region };
  } else if (await localStackAnswers()) {
    mode = { kind: "aws", endpoint: LOCALSTACK_URL, foundBy: "LocalStack health check", region };
  } else {
    const external = process.env.DYNAMODB_ENDPOINT;
    if (!external) dynamoLocal = await startDynamoDbLocal({});
    mode = { kind: "local", dynamoEndpoint: external ?? dynamoLocal?.endpoint ?? "", region };
  }
  // Said once, plainly, at the top of the run: what was exercised for real and what was not.
  console.log(describeMode(mode));
  project.provide("integrationMode", mode);
}

export async function teardown(): Promise<void> {
  await dynamoLocal?.stop();
}

/**
 * What an AWS endpoint's run does in the emulator's place: its EventBridge Scheduler (LocalStack's, moto's)
 * stores schedules and answers for them but fires none, so the suite fires the due ones it reads back
 * (endpoint-schedules.ts), as the local mode's stand-in fires its own; the cron triggers' tests run there.
 */
export const FIRED_BY_THE_SUITE_ON_AN_ENDPOINT =
  "an emulator's EventBridge Scheduler fires no schedule: the suite reads the due ones back and sends their input to their queue, as the local stand-in does";

export function describeMode(mode: IntegrationMode): string {
  if (mode.kind === "aws") {
    return (
      `integration: AWS endpoint ${mode.endpoint} (from ${mode.foundBy}); DynamoDB, SQS, EventBridge ` +
      `Scheduler and KMS used through the SDK; skipped: none (${FIRED_BY_THE_SUITE_ON_AN_ENDPOINT})`
    );
  }
  return (
    `integration: no AWS endpoint (AWS_ENDPOINT_URL unset, no LocalStack at ${LOCALSTACK_URL}); ` +
    `DynamoDB Local used (${mode.dynamoEndpoint}); skipped: SQS, EventBridge Scheduler and KMS, ` +
    "replaced by local stand-ins behind the real adapters"
  );
}

/**
 * Whether LocalStack answers its health check within PROBE_TIMEOUT_MS. If it does but lacks a service the
 * suite needs, that is an error, not a quiet fallback: the developer started LocalStack to test against it.
 */
async function localStackAnswers(): Promise<boolean> {
  let health: { services?: Record<string, string> };
  try {
    const response = await fetch(`${LOCALSTACK_URL}/_localstack/health`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    health = (await response.json()) as { services?: Record<string, string> };
  } catch {
    return false;
  }
  const missing = Object.entries(SERVICES)
    .filter(([id]) => {
      const status = health.services?.[id];
      return status === undefined || status === "disabled" || status === "error";
    })
    .map(([, name]) => name);
  if (missing.length > 0) {
    throw new Error(
      `LocalStack answers at ${LOCALSTACK_URL} but does not offer ${missing.join(", ")}; enable them or stop it`,
    );
  }
  return true;
}
