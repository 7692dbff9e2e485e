import type { StaffRole } from '@voltline/shared/staff-roles';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import type { ApiSession } from '@voltline/test-kit/api-client';
import { userProfiles } from '../db/schema.ts';
import { TEST_PUBLIC_URL, type TestShop } from './test-app.ts';

export interface TestUser {
  name: string;
  email: string;
  password: string;
  /** The session cookie better-auth set. */
  cookie: string;
  /** The API token from PATCH /api/user/{email}. */
  token: string;
  profileId: string;
}

/** Headers a browser on the shop's own page would send. */
export const browserHeaders = (cookie?: string) => ({ origin: TEST_PUBLIC_URL, ...(cookie ? { cookie } : {}) });

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookies = response.cookies.filter((cookie) => cookie.name.includes('session_token'));
  if (cookies.length === 0) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** A POST to the identity service under /api/auth, as the shop's own pages send it (same origin, with the session cookie if given). */
export function postToAuth(app: FastifyInstance, path: string, payload: object, cookie?: string) {
  return app.inject({ method: 'POST', url: `/api/auth${path}`, headers: browserHeaders(cookie), payload });
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await postToAuth(app, '/sign-in/email', { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookieOf(response);
}

export async function exchangeToken(app: FastifyInstance, email: string, cookie: string): Promise<string> {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: browserHeaders(cookie),
    payload: { email },
  });
  if (response.statusCode !== 200) throw new Error(`token exchange failed: ${response.statusCode} ${response.body}`);
  return response.json().token;
}

/** Every registered test user's password. */
export const TEST_USER_PASSWORD = 'Abc#1234';

/** Registers through the real sign-up endpoint and exchanges the session for an API token. */
export async function registerUser(shop: TestShop, options: { name?: string; role?: 'admin'; staffRoles?: Exclude<StaffRole, 'admin'>[] } = {}): Promise<TestUser> {
  const id = randomBytes(4).toString('hex');
  const name = options.name ?? `User ${id}`;
  const email = `user-${id}@example.com`;
  const password = TEST_USER_PASSWORD;
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: browserHeaders(),
    payload: { name, email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookieOf(response);
  const token = await exchangeToken(shop.app, email, cookie);
  if (options.role === 'admin' || options.staffRoles) {
    await shop.database.db
      .update(userProfiles)
      .set({ ...(options.role === 'admin' && { role: 'admin' }), ...(options.staffRoles && { staffRoles: options.staffRoles }) })
      .where(eq(userProfiles.email, email));
  }
  const [profile] = await shop.database.db.select().from(userProfiles).where(eq(userProfiles.email, email));
  return { name, email, password, cookie, token, profileId: profile!.id };
}

export const bearer = (user: Pick<TestUser, 'token'>) => ({ authorization: `Bearer ${user.token}` });

/** The user's API calls in process (app.inject), in the shape test-kit's factories take. */
export function apiSessionOf(shop: TestShop, user: TestUser): ApiSession {
  return {
    token: user.token,
    async call(method, url, body) {
      const response = await shop.app.inject({ method: method as HTTPMethods, url, headers: bearer(user), payload: body as object | undefined });
      return { status: response.statusCode, body: response.body ? response.json() : null };
    },
  };
}

/** The two callers most suites need: a customer and an admin, each with a token. */
export async function registerCustomerAndAdmin(shop: TestShop): Promise<{ customer: TestUser; admin: TestUser }> {
  return { customer: await registerUser(shop), admin: await registerUser(shop, { role: 'admin' }) };
}

/**
 * The user applies for a business account over the API (issue 39), as a company in Paris whose VAT id
 * the offline checker knows as registered; answers the account's id.
 */
export async function applyForBusinessAccount(shop: TestShop, user: TestUser, companyName: string): Promise<string> {
  const payload = { companyName, vatId: 'FR40303265045', billingStreet: '1 Rue Volta', billingPostcode: '75003', billingCity: 'Paris', billingCountry: 'FR' };
  const applied = await shop.app.inject({ method: 'POST', url: '/api/business-account', headers: bearer(user), payload });
  if (applied.statusCode !== 200) throw new Error(`business account application failed: ${applied.statusCode} ${applied.body}`);
  return applied.json<{ _id: string }>()._id;
}
