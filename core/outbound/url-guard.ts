import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { OutboundRequestFailed, OutboundUrlRefused } from "./outbound-errors";

/*
 * The SSRF guard shared by every outbound call to a user-supplied URL (the `http` task handler, webhooks,
 * remote tools). Two checks, because Node calls `lookup` only for host names: `checkOutboundUrl` refuses
 * IP-literal hosts and local names itself, and `guardedLookup` refuses names whose addresses are forbidden.
 * Passing the guarded lookup to node:http(s) means the socket connects to the very address that was checked,
 * so a DNS answer that changes between check and connect (rebinding) gains nothing.
 */

export interface OutboundUrlOptions {
  /** ALLOW_PRIVATE_URLS: local development and self-hosting against private services; also permits http. */
  allowPrivate: boolean;
}

// ipaddr.js calls these "unicast" although they reach IPv4 space: the deprecated IPv4-compatible form
// ::a.b.c.d. Everything else non-public already has a non-unicast range name there.
const extraForbiddenRanges: [ipaddr.IPv6, number][] = [ipaddr.IPv6.parseCIDR("::/96")];

/**
 * True for every destination a user-supplied URL must not reach: private, loopback, link-local (cloud
 * metadata 169.254.169.254), CGNAT, 0.0.0.0/8, multicast, broadcast, reserved, IPv6 unique-local, NAT64,
 * 6to4/Teredo and every IPv4-mapped address. Unparseable input counts as forbidden: the guard fails closed.
 */
export function isForbiddenAddress(ip: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip.replace(/^\[(.*)\]$/, "$1"));
  } catch {
    return true;
  }
  if (address.kind() === "ipv6") {
    const v6 = address as ipaddr.IPv6;
    // The OS connects ::ffff:a.b.c.d to a.b.c.d. A public host never needs this spelling, so the whole block
    // is refused explicitly, whatever the embedded IPv4: that stays true even if the base rule is loosened.
    if (v6.isIPv4MappedAddress()) return true;
    if (extraForbiddenRanges.some((range) => v6.match(range))) return true;
  }
  return address.range() !== "unicast";
}

/**
 * Names of the local machine or of a private network, refused by name, with or without a trailing dot, in
 * any case: `localhost` and `*.localhost` (RFC 6761), `*.local` (mDNS, RFC 6762), `*.home.arpa` (RFC 8375),
 * `*.internal` (reserved by ICANN for private use; `metadata.google.internal`, `*.ec2.internal`),
 * `*.localdomain` (`localhost.localdomain`), and the private suffixes RFC 6762 appendix G finds in use.
 * None can name a public service, and what they resolve to depends on the resolver of the machine that runs
 * the request, so the URL is refused when it is registered rather than only at a lookup, much later.
 */
const LOCAL_NAME_SUFFIXES = [
  "localhost",
  "local",
  "home.arpa",
  "internal",
  "localdomain",
  "intranet",
  "private",
  "corp",
  "home",
  "lan",
];

/**
 * True for a host name (not an IP literal) that names the local machine or a private network: one of
 * LOCAL_NAME_SUFFIXES or below it, or a single label (`metadata`, `instance-data`, `router`), which the
 * resolver completes with its own search domains, i.e. inside the service's network.
 */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, "");
  if (!name.includes(".")) return true;
  return LOCAL_NAME_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * Parses and checks a URL before any connection: https only (http too when private URLs are allowed), no
 * user:password part (it would be sent as a Basic credential the workflow author may not intend to leak in
 * logs), a real port, no forbidden IP literal and no local host name. The parser has already turned every
 * IPv4 spelling (`2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`) into dotted decimal and every IPv6 one into
 * its short form, so the address check sees them all. Other names are checked at the connection, by
 * `guardedLookup`.
 */
export function checkOutboundUrl(url: string, options: OutboundUrlOptions): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundUrlRefused("not a valid absolute URL");
  }
  const allowedSchemes = options.allowPrivate ? ["https:", "http:"] : ["https:"];
  if (!allowedSchemes.includes(parsed.protocol)) {
    throw new OutboundUrlRefused(
      `scheme ${parsed.protocol.replace(/:$/, "")} is not allowed (only ${allowedSchemes.join(", ").replaceAll(":", "")})`,
    );
  }
  if (parsed.username !== "" || parsed.password !== "") {
    throw new OutboundUrlRefused("credentials in the URL are not allowed; send them in a header");
  }
  if (parsed.hostname === "") throw new OutboundUrlRefused("the URL has no host");
  if (parsed.port === "0") throw new OutboundUrlRefused("port 0 is not allowed");
  if (options.allowPrivate) return parsed;
  const literal = parsed.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(literal) !== 0) {
    if (isForbiddenAddress(literal)) {
      throw new OutboundUrlRefused(`address ${literal} is private, loopback, link-local or reserved`);
    }
  } else if (isLocalHostname(literal)) {
    throw new OutboundUrlRefused(`host ${literal} names the local machine or a private network`);
  }
  return parsed;
}

/**
 * A `dns.lookup` replacement for the `lookup` option of node:http(s) and node:net. It resolves every address
 * and refuses the name when any of them is forbidden, not only the first: with several answers Node may try
 * each in turn (autoSelectFamily), so one private answer among public ones would still be reachable.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, "");
        return;
      }
      const forbidden = allowPrivate
        ? undefined
        : addresses.find((entry) => isForbiddenAddress(entry.address));
      if (forbidden) {
        callback(
          new OutboundUrlRefused(
            `${hostname} resolves to ${forbidden.address}, a private or reserved address`,
          ),
          "",
        );
        return;
      }
      const first = addresses[0];
      if (!first) {
        callback(new OutboundRequestFailed(`${hostname} did not resolve to any address`), "");
        return;
      }
      if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}
