import { Agent, request } from "node:http";
import type { WireAttributeValue, WireItem } from "./billed-units";

/**
 * The DynamoDB JSON protocol as the billing proxy speaks it: `x-amz-target: DynamoDB_20120810.<Operation>`,
 * JSON bodies with items in AttributeValue form. A small client for the proxy's own (unbilled) requests to
 * DynamoDB Local, and the pure helpers the proxy needs to read requests.
 */
export const TARGET_PREFIX = "DynamoDB_20120810.";

export interface WireResponse {
  status: number;
  /** The parsed JSON body ({} when empty or not JSON). */
  body: Record<string, unknown>;
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Requests to DynamoDB Local, over keep-alive connections. DynamoDB Local checks that an Authorization header
 * is there, not what it signs, so a fixed one stands in for SigV4.
 */
export class DynamoWire {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 32 });
  private readonly url: URL;

  constructor(endpoint: string) {
    this.url = new URL(endpoint);
  }

  /** Sends `body` (already serialized) with the given headers; answers whatever DynamoDB Local answers. */
  send(headers: Record<string, string>, body: Buffer): Promise<WireResponse> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method: "POST",
          path: "/",
          agent: this.agent,
          headers: { ...headers, "content-length": String(body.byteLength) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            resolve({ status: res.statusCode ?? 0, body: parseJson(raw), raw, headers: res.headers });
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  /** One operation; throws with DynamoDB's error type and message unless it answered 200. */
  async call(operation: string, input: object): Promise<Record<string, unknown>> {
    const response = await this.send(
      {
        "content-type": "application/x-amz-json-1.0",
        "x-amz-target": `${TARGET_PREFIX}${operation}`,
        authorization:
          "AWS4-HMAC-SHA256 Credential=local/20200101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0",
      },
      Buffer.from(JSON.stringify(input)),
    );
    if (response.status !== 200) {
      throw new Error(`${operation}: ${errorType(response.body)} ${String(response.body.message ?? "")}`);
    }
    return response.body;
  }

  /** The item as stored now, strongly consistent; undefined when there is none. */
  async getItem(tableName: string, key: WireItem): Promise<WireItem | undefined> {
    const answer = await this.call("GetItem", { TableName: tableName, Key: key, ConsistentRead: true });
    return answer.Item as WireItem | undefined;
  }

  close(): void {
    this.agent.destroy();
  }
}

function parseJson(raw: Buffer): Record<string, unknown> {
  if (raw.byteLength === 0) return {};
  try {
    const parsed: unknown = JSON.parse(raw.toString("utf8"));
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException" → "ConditionalCheckFailedException". */
export function errorType(body: Record<string, unknown>): string {
  const type = typeof body.__type === "string" ? body.__type : "";
  return type.slice(type.lastIndexOf("#") + 1);
}

/** The primary key of an item (or of a Key), as a Key. */
export function keyOf(item: WireItem, partition: string, sort: string | undefined): WireItem {
  const key: WireItem = {};
  const pk = item[partition];
  if (pk !== undefined) key[partition] = pk;
  const sk = sort === undefined ? undefined : item[sort];
  if (sort !== undefined && sk !== undefined) key[sort] = sk;
  return key;
}

/** A string naming one item of one table, for locks and maps. */
export function itemId(tableName: string, key: WireItem): string {
  const parts = Object.keys(key)
    .sort()
    .map((name) => `${name}=${JSON.stringify(key[name])}`);
  return `${tableName}|${parts.join("|")}`;
}

const EXPRESSION_FIELDS = [
  "KeyConditionExpression",
  "FilterExpression",
  "ProjectionExpression",
  "UpdateExpression",
  "ConditionExpression",
] as const;

/**
 * The request without the named fields, and without the expression attribute names and values that only
 * they used: DynamoDB refuses a request that defines a name or value no expression uses.
 */
export function withoutFields(
  input: Record<string, unknown>,
  drop: readonly string[],
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) if (!drop.includes(field)) kept[field] = value;
  const expressions = EXPRESSION_FIELDS.map((field) => kept[field])
    .filter((value): value is string => typeof value === "string")
    .join(" ");
  const prune = (field: "ExpressionAttributeNames" | "ExpressionAttributeValues") => {
    const defined = kept[field] as Record<string, unknown> | undefined;
    if (!defined) return;
    const used = Object.fromEntries(
      Object.entries(defined).filter(([placeholder]) => referenced(expressions, placeholder)),
    );
    if (Object.keys(used).length > 0) kept[field] = used;
    else delete kept[field];
  };
  prune("ExpressionAttributeNames");
  prune("ExpressionAttributeValues");
  return kept;
}

/** Whether `#name` or `:value` occurs in the expressions as a whole token. */
function referenced(expressions: string, placeholder: string): boolean {
  const escaped = placeholder.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escaped}(?![A-Za-z0-9_])`).test(expressions);
}

/** An item in native JS values (numbers as numbers, sets as Sets), as the document client would read it. */
export function unmarshallItem(item: WireItem): Record<string, unknown> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, unmarshallValue(value)]));
}

function unmarshallValue(value: WireAttributeValue): unknown {
  if (value.S !== undefined) return value.S;
  if (value.N !== undefined) return Number(value.N);
  if (value.BOOL !== undefined) return value.BOOL;
  if (value.NULL !== undefined) return null;
  if (value.B !== undefined) return typeof value.B === "string" ? Buffer.from(value.B, "base64") : value.B;
  if (value.SS !== undefined) return new Set(value.SS);
  if (value.NS !== undefined) return new Set(value.NS.map(Number));
  if (value.BS !== undefined) return new Set(value.BS);
  if (value.L !== undefined) return value.L.map(unmarshallValue);
  if (value.M !== undefined) return unmarshallItem(value.M);
  return undefined;
}
