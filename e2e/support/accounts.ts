import type { Locator, Page } from 'playwright-core';
import type { Customer } from '@voltline/test-kit/customers';
import { ACCESS_TOKEN_STORAGE_KEY } from '@voltline/shared/shop-constants';

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
