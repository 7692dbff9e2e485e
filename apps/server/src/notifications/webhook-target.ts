import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where a webhook may be sent: http(s) only, never to a link-local address (cloud metadata lives
 * at 169.254.169.254) and never to the shop itself. Checked when an endpoint is registered and
 * again, after DNS resolution, before every delivery, so a name cannot be re-pointed later.
 */
function isLinkLocal(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('169.254.') || address === '0.0.0.0';
  const lower = address.toLowerCase();
  return /^fe[89ab][0-9a-f]:/.test(lower) || lower === '::';
}

function isLoopback(address: string): boolean {
  return address.startsWith('127.') || address === '::1' || address === '::ffff:127.0.0.1';
}

export async function refusalFor(rawUrl: string, shop: { publicUrl: string; port: number }): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'The address is not a URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http(s) addresses can receive webhooks.';
  if (url.username || url.password) return 'Put credentials in the receiver, not in the address.';
  const own = new URL(shop.publicUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const ownPort = own.port || (own.protocol === 'https:' ? '443' : '80');
  if (url.hostname === own.hostname && port === ownPort) return 'A webhook cannot point at the shop itself.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return `The host ${host} could not be resolved.`;
  }
  if (addresses.some(isLinkLocal)) return 'Link-local addresses cannot receive webhooks.';
  if (addresses.some(isLoopback) && Number(port) === shop.port) return 'A webhook cannot point at the shop itself.';
  return undefined;
}
