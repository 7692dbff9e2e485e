import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which `X-Forwarded-For` entries the shop believes (TRUST_PROXY). A client can write any entries it
 * likes at the left of that header; only those the shop's own proxies appended on the right are
 * true. So the shop trusts a fixed number of hops counted from its side, or only hops whose address
 * is one of its proxies', and never the whole header (Fastify's `trustProxy: true` would take the
 * client's own left-most entry as its address).
 */
export type ProxyTrust = false | { hops: number } | { proxies: readonly string[] };

/** Whole ranges proxy-addr (Fastify's) knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const MAX_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** TRUST_PROXY: unset/false/0 trusts nobody, true is one hop, a number that many, else proxy addresses. */
export const proxyTrustSetting = z
  .string()
  .optional()
  .transform((raw, context): ProxyTrust => {
    const value = raw?.trim() ?? '';
    if (value === '' || value === 'false') return false;
    if (value === 'true') return { hops: 1 };
    if (/^\d+$/.test(value) && Number(value) <= MAX_HOPS) return Number(value) === 0 ? false : { hops: Number(value) };
    const proxies = value.split(',').map((entry) => entry.trim());
    const wrong = proxies.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, true (one proxy), the number of proxies in front of the shop (up to ${MAX_HOPS}), or a comma-separated list of their IP addresses or CIDR ranges; "${wrong.join(', ')}" is none of these`,
      });
      return z.NEVER;
    }
    return { proxies };
  });

/**
 * The setting as Fastify takes it. Fastify no longer accepts a bare hop count (it cannot check who the
 * nearest hop is), so the count becomes a trust function: sound only when every request reaches the
 * shop through the same chain of proxies, which README's production table says.
 */
export function fastifyTrustProxy(trust: ProxyTrust): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('proxies' in trust) return [...trust.proxies];
  return (_address, hop) => hop < trust.hops;
}
