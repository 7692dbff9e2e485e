import { useSyncExternalStore } from 'react';
import { CART_MAX_LINES, type StoredCartLine } from '@voltline/shared/cart-rules';

/**
 * A visitor's cart, kept in the browser's localStorage so it survives a reload and a closed tab,
 * until it joins the account's cart at sign-in (docs/decisions/034). Another tab's change shows
 * here too (the storage event).
 */
const STORAGE_KEY = 'VOLTLINE_CART';
const listeners = new Set<() => void>();
const NO_LINES: StoredCartLine[] = [];

const isStoredLine = (line: unknown): line is StoredCartLine => {
  const candidate = line as StoredCartLine;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof candidate.toolId === 'string' &&
    Number.isSafeInteger(candidate.quantity) &&
    candidate.quantity > 0 &&
    typeof candidate.addedUnitPrice === 'number' &&
    typeof candidate.toolName === 'string' &&
    typeof candidate.img === 'string'
  );
};

// The snapshot must stay the same object while the stored text does (useSyncExternalStore).
let cached: { text: string | null; lines: StoredCartLine[] } = { text: null, lines: NO_LINES };

function storedText(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window's quota, a policy): the cart is empty, not broken.
    return null;
  }
}

/** The lines kept in this browser; anything else found under the key (an older or edited value) is dropped. */
export function readBrowserCart(): StoredCartLine[] {
  const text = storedText();
  if (text === cached.text) return cached.lines;
  let lines = NO_LINES;
  try {
    const parsed: unknown = text === null ? [] : JSON.parse(text);
    if (Array.isArray(parsed)) lines = parsed.filter(isStoredLine).slice(0, CART_MAX_LINES);
  } catch {
    lines = NO_LINES;
  }
  cached = { text, lines };
  return lines;
}

function writeBrowserCart(lines: StoredCartLine[]) {
  try {
    if (lines.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  } finally {
    for (const listener of listeners) listener();
  }
}

/** Sets a line's quantity, adding it at the end when the cart has none for the tool; the price it was added at stays. */
export function storeBrowserLine(line: StoredCartLine) {
  const lines = readBrowserCart();
  const held = lines.find((stored) => stored.toolId === line.toolId);
  writeBrowserCart(
    held ? lines.map((stored) => (stored === held ? { ...line, addedUnitPrice: held.addedUnitPrice } : stored)) : [...lines, line],
  );
}

export const removeBrowserLine = (toolId: string) => writeBrowserCart(readBrowserCart().filter((line) => line.toolId !== toolId));
export const clearBrowserCart = () => writeBrowserCart([]);

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The browser's cart, kept up to date; empty in the server's render, which has no browser storage. */
export function useBrowserCart(): StoredCartLine[] {
  return useSyncExternalStore(subscribe, readBrowserCart, () => NO_LINES);
}
