import { lookup as dnsLookup } from 'node:dns';
import { lookup as resolveAll } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent: http(s) only, to public internet addresses, never to the shop
 * itself. Addresses are compared as bytes (ipaddr.js), never as text: `[::ffff:127.0.0.1]`,
 * `[::ffff:7f00:1]` and `http://2130706433/` are all 127.0.0.1. Checked when an endpoint is
 * registered, and again while each delivery connects: the lookup that picks the address checks
 * it, so a name re-pointed after registration (DNS rebinding) reaches nothing it should not.
 */
export interface WebhookTargetPolicy {
  /** The shop's own address (PUBLIC_URL) and listen port: never a receiver. */
  publicUrl: string;
  port: number;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: receivers on loopback or the operator's private network are accepted. */
  allowPrivateTargets: boolean;
}

/** What a receiver on the operator's own network lives at; accepted only when the operator says so. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);

/** The delivery gives up with this when the address it was about to connect to is refused. */
class WebhookTargetRefused extends Error {}

/** Bytes of an address, with IPv4-mapped IPv6 (`::ffff:a.b.c.d`) turned into the IPv4 it stands for. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  return ipaddr.process(address.replace(/^\[|\]$/g, ''));
}

/**
 * ipaddr.js's name for the range, with one addition: the deprecated IPv4-compatible form `::a.b.c.d`
 * that it calls unicast, although some stacks still route it to the IPv4 address inside.
 */
function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  const range = address.range();
  if (address.kind() === 'ipv6' && range === 'unicast' && (address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return 'reserved';
  }
  return range;
}

/** The port a URL connects to, written or implied by its scheme. */
function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

const sameAddress = (a: ipaddr.IPv4 | ipaddr.IPv6, b: ipaddr.IPv4 | ipaddr.IPv6) => a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();

/** The shop listens on its port on every loopback and unspecified spelling and on each of this host's interfaces. */
function isOwnListener(address: ipaddr.IPv4 | ipaddr.IPv6, port: number, policy: WebhookTargetPolicy): boolean {
  const publicUrl = new URL(policy.publicUrl);
  const publicHost = publicUrl.hostname.replace(/^\[|\]$/g, '');
  if (isIP(publicHost) && port === portOf(publicUrl) && sameAddress(address, parseAddress(publicHost))) return true;
  if (port !== policy.port) return false;
  if (['loopback', 'unspecified'].includes(rangeOf(address))) return true;
  return Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .some((entry) => sameAddress(address, parseAddress(entry.address.replace(/%.*$/, ''))));
}

function refusalForAddress(text: string, port: number, policy: WebhookTargetPolicy): string | undefined {
  const address = parseAddress(text);
  if (isOwnListener(address, port, policy)) return 'A webhook cannot point at the shop itself.';
  const range = rangeOf(address);
  if (range === 'unicast') return undefined;
  // Cloud metadata lives at 169.254.169.254: refused even on the operator's own network.
  if (range === 'linkLocal') return 'Link-local addresses cannot receive webhooks.';
  if (PRIVATE_RANGES.has(range)) {
    return policy.allowPrivateTargets ? undefined : 'Loopback and private-network addresses cannot receive webhooks.';
  }
  return 'Only public internet addresses can receive webhooks (not unspecified, multicast, broadcast or reserved ones).';
}

/** A name may resolve to several addresses, and a connection may try any of them: every one must pass. */
function refusalForAddresses(addresses: string[], port: number, policy: WebhookTargetPolicy): string | undefined {
  for (const address of addresses) {
    const refusal = refusalForAddress(address, port, policy);
    if (refusal) return refusal;
  }
  return undefined;
}

/** What is known without DNS: the scheme, credentials, the shop's own name, and an address written as one. */
function checkUrl(rawUrl: string, policy: WebhookTargetPolicy): { url: URL; host: string; port: number } | { refusal: string } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { refusal: 'The address is not a URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refusal: 'Only http(s) addresses can receive webhooks.' };
  if (url.username || url.password) return { refusal: 'Put credentials in the receiver, not in the address.' };
  const port = portOf(url);
  // WHATWG URL has lower-cased the names and written every IPv4 spelling (2130706433, 0x7f.1) as dotted decimal.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const own = new URL(policy.publicUrl);
  if (host === own.hostname.replace(/\.$/, '') && port === portOf(own)) return { refusal: 'A webhook cannot point at the shop itself.' };
  if (isIP(host)) {
    const refusal = refusalForAddress(host, port, policy);
    if (refusal) return { refusal };
  }
  return { url, host, port };
}

/** At registration: the address as written, then everything its name resolves to now. */
export async function refusalFor(rawUrl: string, policy: WebhookTargetPolicy): Promise<string | undefined> {
  const checked = checkUrl(rawUrl, policy);
  if ('refusal' in checked) return checked.refusal;
  if (isIP(checked.host)) return undefined;
  let addresses: string[];
  try {
    addresses = (await resolveAll(checked.host, { all: true })).map((entry) => entry.address);
  } catch {
    return `The host ${checked.host} could not be resolved.`;
  }
  return refusalForAddresses(addresses, checked.port, policy);
}

/**
 * At delivery: the URL to post to and the DNS lookup the connection must use. Node calls `lookup`
 * for names only, so an address written in the URL is checked here and a name is checked on the
 * very answer the socket connects to.
 */
export function connectionFor(rawUrl: string, policy: WebhookTargetPolicy): { url: URL; lookup: LookupFunction } | { refusal: string } {
  const checked = checkUrl(rawUrl, policy);
  if ('refusal' in checked) return checked;
  const lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, entries) => {
      if (error) return callback(error, []);
      const refusal = refusalForAddresses(entries.map((entry) => entry.address), checked.port, policy);
      if (refusal) return callback(new WebhookTargetRefused(refusal), []);
      if (options.all) return callback(null, entries);
      return callback(null, entries[0]!.address, entries[0]!.family);
    });
  };
  return { url: checked.url, lookup };
}
