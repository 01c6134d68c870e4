import { randomBytes } from "node:crypto";
import type { Message } from "@aws-sdk/client-sqs";
import type { APIGatewayProxyEventV2, APIGatewayProxyResult, Context, SQSRecord } from "aws-lambda";

/** What Lambda hands the functions: function URL requests (payload format 2.0) and SQS batches. */

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResult>;

export const lambdaContext = (functionName: string) =>
  ({ awsRequestId: randomBytes(8).toString("hex"), functionName }) as Context;

/** A function URL request as AWS delivers it (see also test/functions/api-lambda.test.ts). */
export function functionUrlEvent(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): APIGatewayProxyEventV2 {
  const [rawPath = path, rawQueryString = ""] = path.split("?");
  const nowMs = Date.now();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString,
    headers: {
      host: "weft-it.lambda-url.us-east-1.on.aws",
      "user-agent": "weft-integration",
      ...init.headers,
    },
    requestContext: {
      accountId: "anonymous",
      apiId: "weft-it",
      domainName: "weft-it.lambda-url.us-east-1.on.aws",
      domainPrefix: "weft-it",
      http: {
        method,
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: "198.51.100.23",
        userAgent: "weft-integration",
      },
      requestId: randomBytes(8).toString("hex"),
      routeKey: "$default",
      stage: "$default",
      time: new Date(nowMs).toUTCString(),
      timeEpoch: nowMs,
    },
    body: init.body,
    isBase64Encoded: false,
  };
}

/** The handler's answer as a fetch Response, so the test helpers written for the app read it unchanged. */
export function toResponse(result: APIGatewayProxyResult): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, String(value));
  const body = result.isBase64Encoded ? Buffer.from(result.body, "base64") : result.body;
  const empty = result.statusCode === 204 || result.statusCode === 304;
  return new Response(empty ? null : body, { status: result.statusCode, headers });
}

/** An SQS event source mapping's record for a received message. */
export function sqsRecord(message: Message, queue: { arn: string }, region: string): SQSRecord {
  const attributes = message.Attributes ?? {};
  const sentAt = attributes.SentTimestamp ?? String(Date.now());
  return {
    messageId: message.MessageId ?? "",
    receiptHandle: message.ReceiptHandle ?? "",
    body: message.Body ?? "",
    attributes: {
      ApproximateReceiveCount: attributes.ApproximateReceiveCount ?? "1",
      SentTimestamp: sentAt,
      SenderId: attributes.SenderId ?? "",
      ApproximateFirstReceiveTimestamp: attributes.ApproximateFirstReceiveTimestamp ?? sentAt,
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? "",
    eventSource: "aws:sqs",
    eventSourceARN: queue.arn,
    awsRegion: region,
  };
}
