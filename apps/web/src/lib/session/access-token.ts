import { ACCESS_TOKEN_STORAGE_KEY } from '@voltline/shared/shop-constants';

/** product.md, "States": the shop API token lives in local storage under ACCESS_TOKEN. */
export function readAccessToken(): string | null {
  // While the server renders a public page there is no storage, and no user: its calls go unsigned.
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY);
}

export function storeAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
}

export function removeAccessToken(): void {
  localStorage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
}
