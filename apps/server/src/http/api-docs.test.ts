import { beforeAll, describe, expect, it } from 'vitest';
import { scopesOpening } from '@voltline/shared/staff-roles';
import { AUTHORIZATION_MATRIX } from '../test-support/route-catalogue.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';

interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  anyOf?: JsonSchema[];
}
interface Operation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  description?: string;
  'x-api-key-scopes'?: string[];
}

const WRITE_METHODS = ['post', 'put', 'patch'];

/**
 * Bodies that are not JSON fields: the picture upload (multipart), Stripe's events (raw bytes it
 * signs) and a mail program's one-click unsubscribe (a form POST, RFC 8058; the token is in the address).
 */
const NOT_JSON_BODIES = ['POST /api/upload', 'POST /api/admin/tools/{id}/pictures', 'POST /api/webhooks/stripe', 'POST /api/stock-alerts/unsubscribe'];

/** A body that takes any fields at all: `z.record(z.string(), z.unknown())` documents nothing a client can use. */
function isLoose(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(isLoose);
  return schema.type === 'object' && schema.properties === undefined && schema.additionalProperties !== false;
}

/**
 * The OpenAPI document at /api/docs is generated from the schemas the routes validate with, so
 * what it documents is what the server checks at the edge, before any service runs.
 */
describe('API documentation', () => {
  const shop = useTestShop(testDatabaseKinds[0]!);
  let operations: [string, Operation][];
  beforeAll(async () => {
    const document = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json();
    operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation]),
    );
  });

  it('documents a JSON request body for every write route', () => {
    const writes = operations.filter(([route]) => WRITE_METHODS.includes(route.split(' ')[0]!.toLowerCase()) && !NOT_JSON_BODIES.includes(route));
    expect(writes.length).toBeGreaterThan(10);
    const undocumented = writes.filter(([, operation]) => !operation.requestBody?.content?.['application/json']?.schema).map(([route]) => route);
    expect(undocumented).toEqual([]);
  });

  it("shows every order answer's lines (issue 28, decision 037)", () => {
    const orderAnswers = operations.filter(([route]) => /^GET \/api\/(purchased|purchasedSingle\/\{[^}]+\}|adminPurchased)$/.test(route));
    expect(orderAnswers.map(([route]) => route).sort()).toHaveLength(3);
    for (const [route, operation] of orderAnswers) {
      const answer = JSON.stringify((operation as { responses?: unknown }).responses ?? {});
      for (const field of ['lines', 'toolId', 'unitPrice', 'lineTotal']) expect(answer, route).toContain(`"${field}"`);
    }
  });

  it('takes no loose record body on any route', () => {
    const loose = operations
      .filter(([, operation]) => Object.values(operation.requestBody?.content ?? {}).some(({ schema }) => schema && isLoose(schema)))
      .map(([route]) => route);
    expect(loose).toEqual([]);
  });

  // Decision 066: an ERP's developer reads which scope each route needs, from the route's own guard.
  it('shows the API key scope each guarded route needs, or that no key may call it', () => {
    const byRoute = new Map(operations);
    const scopesOf = (route: string) => byRoute.get(route)?.['x-api-key-scopes'];
    expect(scopesOf('GET /api/adminPurchased')).toEqual(['orders:read']);
    expect(byRoute.get('GET /api/adminPurchased')?.description).toBe('API keys: the orders:read scope.');
    expect(scopesOf('GET /api/adminPurchased/export.csv')).toEqual(['orders:read']);
    expect(scopesOf('PATCH /api/deliverConfirm/{id}')).toEqual(['orders:write']);
    expect(scopesOf('POST /api/addTool')).toEqual(['catalogue:write']);
    expect(scopesOf('POST /api/admin/categories')).toEqual(['catalogue:write']);
    expect(scopesOf('POST /api/admin/tools/{id}/stock-moves')).toEqual(['stock:write']);
    expect(scopesOf('GET /api/purchasedSingle/{id}/invoice.pdf')).toEqual(['invoices:read']);
    expect(scopesOf('GET /api/purchasedSingle/{id}')).toEqual(['orders:read']);
    expect(scopesOf('POST /api/admin/api-keys')).toEqual([]);
    expect(byRoute.get('POST /api/admin/api-keys')?.description).toBe('API keys: refused.');
    expect(scopesOf('POST /api/purchased')).toEqual([]);
    // Every back-office route of the catalogue says it, as its permission opens it; public routes say nothing.
    const unsaid = AUTHORIZATION_MATRIX.filter((row) => row.permission && !row.cookie)
      .filter((row) => JSON.stringify(scopesOf(`${row.method} ${row.route}`)) !== JSON.stringify(scopesOpening(row.permission!)))
      .map((row) => `${row.method} ${row.route}`);
    expect(unsaid).toEqual([]);
    expect(scopesOf('GET /api/getTools')).toBeUndefined();
  });

  // The schema runs before the handler: the door must still come first, so a stranger learns
  // nothing about a route's fields and is told to sign in, not how to fix the body.
  const guardedWrites = AUTHORIZATION_MATRIX.filter((row) => row.method !== 'GET' && row.allowed.length > 0 && !row.allowed.includes('anonymous'));
  it.each(guardedWrites.map((row) => [`${row.method} ${row.route}`, row] as const))('asks an anonymous caller of %s to sign in before it checks the body', async (_label, row) => {
    const url = row.route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
    const response = await shop.app.inject({ method: row.method, url, payload: { unexpected: 'x'.repeat(5000) } });
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized', message: expect.stringMatching(/^Sign in/) });
  });
});
