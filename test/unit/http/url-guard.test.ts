import type { LookupAddress, LookupOptions } from "node:dns";
import { describe, expect, it } from "vitest";
import { OutboundUrlRefused } from "../../../core/outbound/outbound-errors";
import { checkOutboundUrl, guardedLookup, isForbiddenAddress } from "../../../core/outbound/url-guard";

function lookupAll(
  allowPrivate: boolean,
  hostname: string,
  options: LookupOptions,
): Promise<string | LookupAddress[]> {
  return new Promise((resolve, reject) => {
    guardedLookup(allowPrivate)(hostname, options, (error, address) =>
      error ? reject(error) : resolve(address),
    );
  });
}

function refusal(action: () => unknown): OutboundUrlRefused {
  try {
    action();
  } catch (error) {
    if (error instanceof OutboundUrlRefused) return error;
    throw error;
  }
  throw new Error("expected OutboundUrlRefused");
}

describe("isForbiddenAddress", () => {
  const forbidden = [
    ["loopback", "127.0.0.1"],
    ["private 10/8", "10.1.2.3"],
    ["private 172.16/12", "172.16.5.4"],
    ["private 192.168/16", "192.168.1.1"],
    ["cloud metadata", "169.254.169.254"],
    ["CGNAT", "100.64.0.1"],
    ["this network", "0.0.0.0"],
    ["multicast", "224.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["reserved", "240.0.0.1"],
    ["IPv6 loopback", "::1"],
    ["IPv6 unspecified", "::"],
    ["IPv6 unique-local", "fc00::1"],
    ["IPv6 unique-local fd", "fd12:3456::1"],
    ["IPv6 link-local", "fe80::1"],
    ["IPv6 multicast", "ff02::1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped metadata", "::ffff:169.254.169.254"],
    ["IPv4-mapped, hex form", "::ffff:7f00:1"],
    ["IPv4-mapped public", "::ffff:8.8.8.8"],
    ["IPv4-compatible loopback", "::7f00:1"],
    ["NAT64", "64:ff9b::7f00:1"],
    ["bracketed IPv6", "[::1]"],
    ["not an address", "example.com"],
  ];

  it.each(forbidden)("refuses %s (%s)", (_name, ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each([["8.8.8.8"], ["1.1.1.1"], ["2606:4700::1111"], ["2a00:1450:4001:80b::200e"]])(
    "allows public %s",
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(false);
    },
  );
});

describe("checkOutboundUrl", () => {
  it("accepts a public https URL and returns it parsed", () => {
    const url = checkOutboundUrl("https://api.example.com:8443/hooks?x=1", { allowPrivate: false });

    expect(url.hostname).toBe("api.example.com");
    expect(url.port).toBe("8443");
  });

  it("refuses http unless private URLs are allowed, and other schemes always", () => {
    expect(refusal(() => checkOutboundUrl("http://example.com/", { allowPrivate: false })).reason).toMatch(
      /scheme http/,
    );
    expect(checkOutboundUrl("http://example.com/", { allowPrivate: true }).protocol).toBe("http:");
    expect(() => checkOutboundUrl("file:///etc/passwd", { allowPrivate: true })).toThrow(OutboundUrlRefused);
    expect(() => checkOutboundUrl("ftp://example.com/", { allowPrivate: true })).toThrow(OutboundUrlRefused);
  });

  it("refuses credentials in the URL", () => {
    expect(
      refusal(() => checkOutboundUrl("https://user:pw@example.com/", { allowPrivate: false })).reason,
    ).toMatch(/credentials/);
    expect(() => checkOutboundUrl("https://user@example.com/", { allowPrivate: true })).toThrow(
      OutboundUrlRefused,
    );
  });

  it("refuses what is not a URL, and port 0", () => {
    expect(() => checkOutboundUrl("not a url", { allowPrivate: true })).toThrow(OutboundUrlRefused);
    expect(() => checkOutboundUrl("https://example.com:0/", { allowPrivate: true })).toThrow(
      OutboundUrlRefused,
    );
  });

  it.each([
    ["https://127.0.0.1/"],
    ["https://169.254.169.254/latest/meta-data/"],
    ["https://2130706433/"],
    ["https://0x7f000001/"],
    ["https://0x7f.1/"],
    ["https://0177.0.0.1/"],
    ["https://127.1/"],
    ["https://0/"],
    ["https://127.0.0.1./"],
    ["https://[::1]/"],
    ["https://[::ffff:127.0.0.1]/"],
    ["https://[0:0:0:0:0:ffff:7f00:1]/"],
    ["https://[::ffff:169.254.169.254]/"],
    ["https://[fd00::1]:8443/"],
  ])("refuses the forbidden IP literal in %s before any lookup", (url) => {
    expect(refusal(() => checkOutboundUrl(url, { allowPrivate: false })).reason).toMatch(/private/);
  });

  it.each([
    ["https://localhost/"],
    ["https://localhost.:443/"],
    ["https://LocalHost../"],
    ["https://api.localhost/"],
    ["https://%6Cocalhost/"],
    ["https://ｌｏｃａｌｈｏｓｔ/"],
    ["https://localhost.localdomain/"],
    ["https://metadata/computeMetadata/v1/"],
    ["https://metadata.google.internal./"],
    ["https://ip-10-0-0-1.ec2.internal/"],
    ["https://printer.local/"],
    ["https://router.home.arpa/"],
    ["https://wiki.corp/"],
    ["https://nas.lan/"],
  ])("refuses the local host name in %s before any lookup", (url) => {
    expect(refusal(() => checkOutboundUrl(url, { allowPrivate: false })).reason).toMatch(
      /^host \S+ names the local machine or a private network$/,
    );
  });

  it("allows public names that merely contain a local word, and local names when private URLs are allowed", () => {
    for (const url of [
      "https://example.com./",
      "https://localhost.example.com/",
      "https://internal.example.com/",
      "https://mylocal.dev/",
    ]) {
      expect(checkOutboundUrl(url, { allowPrivate: false }).protocol).toBe("https:");
    }
    expect(checkOutboundUrl("http://localhost:3000/", { allowPrivate: true }).hostname).toBe("localhost");
    expect(checkOutboundUrl("https://metadata.google.internal/", { allowPrivate: true }).port).toBe("");
  });

  it("allows public IP literals, and private ones when private URLs are allowed", () => {
    expect(checkOutboundUrl("https://8.8.8.8/", { allowPrivate: false }).hostname).toBe("8.8.8.8");
    expect(checkOutboundUrl("https://[2606:4700::1111]/", { allowPrivate: false }).hostname).toBe(
      "[2606:4700::1111]",
    );
    expect(checkOutboundUrl("http://127.0.0.1:3000/", { allowPrivate: true }).port).toBe("3000");
  });
});

describe("guardedLookup", () => {
  it("refuses a name that resolves to a loopback address", async () => {
    await expect(lookupAll(false, "localhost", {})).rejects.toBeInstanceOf(OutboundUrlRefused);
    await expect(lookupAll(false, "localhost", { all: true })).rejects.toThrow(/localhost resolves to/);
  });

  it("resolves it when private URLs are allowed, in both the single and the all form", async () => {
    const single = await lookupAll(true, "localhost", {});
    const all = await lookupAll(true, "localhost", { all: true });

    expect(typeof single).toBe("string");
    expect(isForbiddenAddress(String(single))).toBe(true);
    expect(Array.isArray(all)).toBe(true);
    expect((all as LookupAddress[]).length).toBeGreaterThan(0);
  });
});
