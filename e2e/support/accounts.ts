import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ACCESS_TOKEN_STORAGE_KEY } from '@voltline/shared/shop-constants';

export const ADMIN = { email: 'admin@voltline.test', password: 'Admin#2026' };
/** Environment that gives an e2e shop a known admin. */
export const ADMIN_ENV = { SHOP_ADMIN_EMAIL: ADMIN.email, SHOP_ADMIN_PASSWORD: ADMIN.password };

export interface Customer {
  name: string;
  email: string;
  password: string;
}

export function newCustomer(): Customer {
  const id = randomBytes(3).toString('hex');
  return { name: `Casey ${id}`, email: `casey-${id}@example.com`, password: 'Volt#2026' };
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

/** Logs in through the login form. */
export async function logInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Fills in and submits the register form (the page must be on /register). */
export async function registerThroughForm(page: Page, customer: Customer, confirmPassword = customer.password): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(customer.name);
  await page.getByLabel('Email', { exact: true }).fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(customer.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(confirmPassword);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

/** The API token the web app keeps in local storage (product.md, "States"), or null. */
export function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), ACCESS_TOKEN_STORAGE_KEY);
}

/** The signed-in name in the top navigation (the visible copy: the phone menu holds a hidden twin). */
export function signedInName(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByTestId('signed-in-name').filter({ visible: true });
}
