import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { signInOverHttp, type ApiSession } from './api-client.ts';

export const ADMIN = { email: 'admin@voltline.test', password: 'Admin#2026' };
/** Environment that gives a started shop a known admin. */
export const ADMIN_ENV = { SHOP_ADMIN_EMAIL: ADMIN.email, SHOP_ADMIN_PASSWORD: ADMIN.password };

export interface Customer {
  name: string;
  email: string;
  password: string;
}

/** A customer no other test has used: the address carries a random part. */
export function newCustomer(): Customer {
  const id = randomBytes(3).toString('hex');
  return { name: `Casey ${id}`, email: `casey-${id}@example.com`, password: 'Volt#2026' };
}

/** Registers the customer over HTTP, as the register form does; answers their API session. */
export function signUpOverHttp(shopUrl: string, customer: Customer = newCustomer()): Promise<ApiSession> {
  return signInOverHttp(shopUrl, customer.email, customer.password, { signUpAs: customer.name });
}

/** Signs up through the API in this browser context, so the page starts signed in. */
export async function signUpInContext(context: BrowserContext, shopUrl: string, customer: Customer): Promise<void> {
  const response = await context.request.post(`${shopUrl}/api/auth/sign-up/email`, {
    headers: { origin: shopUrl },
    data: { name: customer.name, email: customer.email, password: customer.password },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

export async function signInInContext(context: BrowserContext, shopUrl: string, email: string, password: string): Promise<void> {
  const response = await context.request.post(`${shopUrl}/api/auth/sign-in/email`, {
    headers: { origin: shopUrl },
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
