import { randomBytes } from "node:crypto";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { type BillingProxy, type ObservedCommit, startBillingProxy } from "../../../bench/lib/billing-proxy";
import { type Counts, since } from "../../../bench/lib/tally";
import { ensureTable } from "../../../core/adapters/dynamodb/table/create-table";
import {
  createDocumentClient,
  createDynamoClient,
} from "../../../core/adapters/dynamodb/table/dynamo-client";
import { itemSizeBytes } from "../../../core/adapters/dynamodb/table/item-size";

/**
 * The billing proxy between a document client and the test run's DynamoDB Local, on a table of the test
 * file's own: each request billed as DynamoDB bills it, whatever DynamoDB Local reports.
 */
export function useBillingProxy() {
  const tableName = `bill-${unique()}`;
  let proxy: BillingProxy | undefined;
  let raw: DynamoDBClient | undefined;
  let db: DynamoDBDocumentClient | undefined;
  const commits: ObservedCommit[] = [];
  let mark: Counts = {};

  beforeAll(async () => {
    const endpoint = inject("dynamoEndpoint");
    await ensureTable(createDynamoClient({ region: "us-east-1", endpoint }), tableName);
    proxy = await startBillingProxy({ target: endpoint, onCommit: (commit) => commits.push(commit) });
    raw = createDynamoClient({ region: "us-east-1", endpoint: proxy.endpoint });
    db = createDocumentClient(raw);
  });

  afterAll(async () => {
    raw?.destroy();
    await proxy?.stop();
  });

  const started = () => {
    if (proxy === undefined || db === undefined) throw new Error("the billing proxy starts in beforeAll");
    return { proxy, db };
  };
  const countFromHere = () => {
    mark = started().proxy.tally.snapshot();
  };

  beforeEach(() => {
    countFromHere();
    commits.length = 0;
  });

  return {
    tableName,
    commits,
    get db() {
      return started().db;
    },
    /** What the proxy counted since the test began, or since `countFromHere`. */
    counted: () => since(mark, started().proxy.tally.snapshot()),
    countFromHere,
  };
}

export const unique = () => randomBytes(6).toString("hex");

/** An item of exactly `bytes` as DynamoDB counts it. */
export function itemOf(bytes: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const base = { pk: `P#${unique()}`, sk: "S", filler: "", ...fields };
  return { ...base, filler: "x".repeat(bytes - itemSizeBytes(base)) };
}
