import { useEffect, useState } from 'react';

/**
 * The value as it was once it stopped changing for `delayMs`: what a form asks the server about
 * while someone types (a coupon code letter by letter is one question, not eight).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
