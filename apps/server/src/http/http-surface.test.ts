import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';

/** What every path of the one server answers: health, 404 JSON for the API, the SPA for the rest. */
describe('http surface', () => {
  let app: FastifyInstance;
  // A stand-in web build, written just before the shop starts.
  const shop = useTestShop(testDatabaseKinds[0]!, () => {
    const webDistDir = mkdtempSync(path.join(tmpdir(), 'voltline-web-'));
    writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Voltline SPA</title>');
    mkdirSync(path.join(webDistDir, 'assets'));
    writeFileSync(path.join(webDistDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    return { webDistDir };
  });
  beforeAll(() => {
    app = shop.app;
  });

  it('answers health', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it.each(['/api/nope', '/api', '/api/getTools/extra/segments'])(
    'answers unknown API path %s with 404 JSON, never the SPA',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not_found' });
    },
  );

  it.each(['/', '/home', '/blogs', '/purchase/123', '/dashboard/myorders', '/some/unknown/page'])(
    'serves the SPA for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('Voltline SPA');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('caches fingerprinted assets for good', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a malformed URL with 400 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/getTool/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'bad_request' });
  });

  it('refuses a non-GET to an unknown path with 404 JSON', async () => {
    const response = await app.inject({ method: 'POST', url: '/whatever', payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers malformed JSON with 400 JSON, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toHaveProperty('error');
  });

  it('sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/home' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    expect(response.headers['content-security-policy']).not.toContain('stripe');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/getTools', '/api/getTool/{toolId}', '/api/review']));
  });
});
