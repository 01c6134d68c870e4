import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../core/api/app";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * The signed approval links' pages (`/a/<token>`) are public: each client address may make
 * LINK_PAGE_RATE_LIMIT_PER_MINUTE requests a minute to them, and tokens naming a workspace with no link key
 * cost one store read per workspace a minute (docs/limits.md).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LINK_PAGE_RATE_LIMIT_PER_MINUTE: "3" });
});

/** A well-formed token for a workspace that does not exist; its signature cannot be checked. */
const unknownWorkspaceToken = () => {
  const claims = JSON.stringify(["wsp_nowhere", "apr_none", "eve@example.com", "approve", 9e15, "n"]);
  return `${Buffer.from(claims).toString("base64url")}.c2lnbmF0dXJl`;
};

describe("LINK_PAGE_RATE_LIMIT_PER_MINUTE", () => {
  it("answers an address past the limit 429 with Retry-After and a page, while another address gets its page", async () => {
    let address = "198.51.100.1";
    const app = createApp(t.deps, { clientAddress: () => address });
    for (let i = 0; i < 3; i++) expect((await app.request("/a/not-a-token")).status).toBe(404);

    const refused = await app.request("/a/not-a-token");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toContain("Too many requests");
    const posted = await app.request("/a/not-a-token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "decision=approved",
    });
    expect(posted.status).toBe(429);

    address = "198.51.100.2";
    const other = await app.request("/a/not-a-token");
    expect(other.status).toBe(404);
    expect(await other.text()).toContain("This link is not valid");
  });
});

describe("tokens naming an unknown workspace", () => {
  it("read the store once per workspace within a minute, then again", async () => {
    let addresses = 0;
    const app = createApp(t.deps, { clientAddress: () => `203.0.113.${++addresses}` });
    const { approvalLinkKeys } = t.deps.store;
    const get = approvalLinkKeys.get;
    let reads = 0;
    approvalLinkKeys.get = (workspaceId) => {
      reads++;
      return get.call(approvalLinkKeys, workspaceId);
    };
    try {
      for (let i = 0; i < 5; i++) {
        const page = await app.request(`/a/${unknownWorkspaceToken()}`);
        expect(page.status).toBe(404);
      }
      expect(reads).toBe(1);
      t.clock.advance(61_000);
      expect((await app.request(`/a/${unknownWorkspaceToken()}`)).status).toBe(404);
      expect(reads).toBe(2);
    } finally {
      approvalLinkKeys.get = get;
    }
  });
});
