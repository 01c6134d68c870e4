import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resolveNames } from "../helpers/fake-dns";
import { expectError } from "../helpers/requests";
import { noop, startReceiver, type WebhookHarness, webhookHarness } from "./harness";

/**
 * The outbound URL guard (core/outbound/url-guard.ts, shared with remote tools and the http handler) as webhooks
 * meet it, with private URLs not allowed, as in production: IP literals and local names are refused at
 * registration, other names at delivery once resolved. (Redirects: retries.test.ts; they are never followed.)
 */
const FORBIDDEN_LITERALS = [
  ["loopback", "127.0.0.1"],
  ["private 10/8", "10.0.0.7"],
  ["private 172.16/12", "172.16.0.1"],
  ["private 192.168/16", "192.168.1.10"],
  ["link-local, cloud metadata", "169.254.169.254"],
  ["CGNAT", "100.64.0.1"],
  ["this network", "0.0.0.0"],
  ["multicast", "224.0.0.1"],
  ["broadcast", "255.255.255.255"],
  ["reserved", "240.0.0.1"],
  ["IPv6 loopback", "[::1]"],
  ["IPv6 unique-local", "[fd00::1]"],
  ["IPv6 link-local", "[fe80::1]"],
  ["IPv4-mapped IPv6", "[::ffff:127.0.0.1]"],
  ["NAT64", "[64:ff9b::a00:1]"],
  ["loopback, decimal", "2130706433"],
  ["loopback, hex and short", "0x7f.1"],
  ["loopback, octal", "0177.0.0.1"],
];

const LOCAL_NAMES = [
  "localhost.:443",
  "LOCALHOST",
  "api.localhost.",
  "localhost.localdomain",
  "metadata",
  "metadata.google.internal",
  "printer.local",
];

/** Names this test resolves itself, one per forbidden class. */
const RESOLVED: Record<string, string> = {
  "loopback.webhooks.test": "127.0.0.1",
  "metadata.webhooks.test": "169.254.169.254",
  "intranet.webhooks.test": "10.1.2.3",
  "cgnat.webhooks.test": "100.64.9.9",
  "ula.webhooks.test": "fd12:3456::1",
  "mapped.webhooks.test": "::ffff:192.168.0.1",
};

let h: WebhookHarness;

beforeAll(async () => {
  h = await webhookHarness({ ALLOW_PRIVATE_URLS: "false" });
  resolveNames(RESOLVED);
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe("webhook URLs and the outbound URL guard", () => {
  it.each(FORBIDDEN_LITERALS)("refuses a %s address at registration (%s)", async (_name, host) => {
    const error = await expectError(
      await h.call("POST", "/v1/webhooks", { url: `https://${host}/hooks`, events: ["workflow.completed"] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.details?.issues).toEqual([
      { path: "url", message: expect.stringMatching(/private|reserved/) },
    ]);
  });

  it.each(LOCAL_NAMES)("refuses the local host name in https://%s/hooks at registration", async (host) => {
    const error = await expectError(
      await h.call("POST", "/v1/webhooks", { url: `https://${host}/hooks`, events: ["workflow.completed"] }),
      400,
      "VALIDATION_ERROR",
    );
    expect(error.details?.issues).toEqual([
      { path: "url", message: expect.stringMatching(/names the local machine or a private network/) },
    ]);
  });

  it("refuses plain http when private URLs are not allowed", async () => {
    await expectError(
      await h.call("POST", "/v1/webhooks", {
        url: "http://hooks.example.com/x",
        events: ["workflow.failed"],
      }),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("refuses at delivery every name that resolves to a forbidden address, with no retry", async () => {
    const receiver = await startReceiver();
    const port = new URL(receiver.url).port;
    const hosts = Object.keys(RESOLVED);
    const webhooks = await Promise.all(
      hosts.map((host) => h.register(`https://${host}:${port}/hooks`, ["workflow.completed"])),
    );

    const runId = await h.run([noop("only")]);
    await h.waitForRun(runId, ["COMPLETED"]);

    for (const [index, webhook] of webhooks.entries()) {
      const [delivery] = await h.settled(webhook.id, 1);
      expect(delivery).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: null });
      const host = hosts[index] ?? "";
      const address = RESOLVED[host];
      expect(delivery?.lastError).toContain(`Outbound URL refused: ${host} resolves to ${address}`);
    }
    expect(receiver.requests).toHaveLength(0);
  });
});
