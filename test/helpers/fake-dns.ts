import dns, { type LookupAddress } from "node:dns";
import { isIP } from "node:net";
import { vi } from "vitest";

/**
 * Makes `dns.lookup`, through which the outbound guard resolves host names, answer each of `names` with its
 * address, as a DNS server the test controls would; other names resolve for real. Undone by
 * `vi.restoreAllMocks()`.
 */
export function resolveNames(names: Record<string, string>): void {
  const realLookup = dns.lookup;
  vi.spyOn(dns, "lookup").mockImplementation(((
    hostname: string,
    options: object,
    callback: (error: Error | null, addresses: LookupAddress[]) => void,
  ) => {
    const address = names[hostname];
    if (address === undefined)
      return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
    // The guard always asks for every address (`all: true`), so only that form is answered.
    process.nextTick(() => callback(null, [{ address, family: isIP(address) }]));
  }) as unknown as typeof dns.lookup);
}
