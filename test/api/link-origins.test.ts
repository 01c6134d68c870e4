import { request } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { type SignedUp, signUp, withKey } from "../helpers/accounts";
import { serveTestApp } from "../helpers/http-service";
import { expectData } from "../helpers/requests";
import { createDefinition, startRun } from "../helpers/runs";
import type { TestApp } from "../helpers/test-app";

let url: string;
let t: TestApp;
let a: SignedUp;

beforeAll(async () => {
  ({ url, t } = await serveTestApp());
  a = await signUp(t);
});

/** A request over the service's port with a Host header of the sender's choosing, which fetch cannot send. */
function withHost(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: "127.0.0.1", port, method, path, headers: { ...headers, host } },
      (answer) => {
        let body = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => {
          body += chunk;
        });
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body }));
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

describe("links are built from the configured origin, never the request's Host", () => {
  it("gives approval links at the service's own address whatever Host the caller sends", async () => {
    const steps = [{ type: "approval", name: "review", contentKey: "input", assignees: ["ann@example.com"] }];
    const definition = await createDefinition(t.request, a.apiKey, steps, "hosted");
    const run = await startRun(t.request, a.apiKey, { definitionId: definition.id, input: {} });
    await t.idle();
    const pending = await expectData<{ id: string; workflowRunId: string }[]>(
      await t.request("GET", "/v1/approval-requests?pending=true", { headers: withKey(a.apiKey) }),
      200,
    );
    const approval = pending.find((request) => request.workflowRunId === run.id);

    const answer = await withHost("evil.example", "POST", `/v1/approval-requests/${approval?.id}/links`, {
      ...withKey(a.apiKey),
    });
    expect(answer.status).toBe(201);
    const [links] = (JSON.parse(answer.body) as { data: { approve: string; review: string }[] }).data;
    const own = `http://localhost:${t.deps.config.PORT}/a/`;
    expect(links?.approve.startsWith(own)).toBe(true);
    expect(links?.review.startsWith(own)).toBe(true);
    expect(answer.body).not.toContain("evil.example");
  });

  it("names the configured origin as the API document's server, to whoever asks first", async () => {
    const page = await withHost("evil.example", "GET", "/docs");
    const document = await withHost("evil.example", "GET", "/openapi.json");
    expect(page.body).not.toContain("evil.example");
    expect((JSON.parse(document.body) as { servers: { url: string }[] }).servers).toEqual([
      expect.objectContaining({ url: `http://localhost:${t.deps.config.PORT}` }),
    ]);
  });
});
