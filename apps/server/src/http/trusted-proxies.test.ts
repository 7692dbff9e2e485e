import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { fastifyTrustProxy } from './trusted-proxies.ts';

const trustProxyOf = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['true', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['10.0.0.1', { proxies: ['10.0.0.1'] }],
    [' 10.0.0.0/8 , fd00::/8, loopback', { proxies: ['10.0.0.0/8', 'fd00::/8', 'loopback'] }],
  ])('reads %j', (value, expected) => {
    expect(trustProxyOf(value)).toEqual(expected);
  });

  it.each(['yes', '11', '10.0.0.1/33', '10.0.0.300', 'proxy.internal', '10.0.0.1,', '10.0.0.0/8/1'])('refuses %j in words', (value) => {
    expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY must be false, true \(one proxy\), the number of proxies/);
  });

  it('never trusts the whole header: true is the one hop nearest the shop', () => {
    const trust = fastifyTrustProxy(trustProxyOf('true'));
    expect(trust).toBeTypeOf('function');
    const trusts = trust as (address: string, hop: number) => boolean;
    expect([trusts('10.0.0.9', 0), trusts('203.0.113.7', 1), trusts('198.51.100.1', 2)]).toEqual([true, false, false]);
  });
});
