import type { ProxyTrust } from '../config.ts';

/**
 * The TRUST_PROXY setting (read and checked in config.ts, with what it means) as Fastify takes it. Fastify no longer accepts a bare hop count (it cannot check who the
 * nearest hop is), so the count becomes a trust function: sound only when every request reaches the
 * shop through the same chain of proxies, which README's production table says.
 */
export function fastifyTrustProxy(trust: ProxyTrust): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('proxies' in trust) return [...trust.proxies];
  return (_address, hop) => hop < trust.hops;
}
