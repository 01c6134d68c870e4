import { randomBytes } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";

/** A Lambda function URL request (payload format 2.0), as AWS delivers it. */
export function functionUrlEvent(
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string>; base64?: boolean } = {},
): APIGatewayProxyEventV2 {
  const [rawPath = path, rawQueryString = ""] = path.split("?");
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath,
    rawQueryString,
    headers: { host: "abc123.lambda-url.us-east-1.on.aws", "user-agent": "curl/8.5.0", ...init.headers },
    requestContext: {
      accountId: "anonymous",
      apiId: "abc123",
      domainName: "abc123.lambda-url.us-east-1.on.aws",
      domainPrefix: "abc123",
      http: {
        method,
        path: rawPath,
        protocol: "HTTP/1.1",
        sourceIp: "198.51.100.23",
        userAgent: "curl/8.5.0",
      },
      requestId: randomBytes(8).toString("hex"),
      routeKey: "$default",
      stage: "$default",
      time: "20/Nov/2026:12:00:00 +0000",
      timeEpoch: Date.parse("2026-11-20T12:00:00Z"),
    },
    body:
      init.body === undefined
        ? undefined
        : init.base64
          ? Buffer.from(init.body).toString("base64")
          : init.body,
    isBase64Encoded: init.base64 ?? false,
  };
}
