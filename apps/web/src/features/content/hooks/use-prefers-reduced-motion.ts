import { useSyncExternalStore } from 'react';

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;
const watchReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
// The server cannot know the visitor's setting: it renders as if motion were fine, and the browser
// hydrates that same page before it reads the setting (React re-renders with the browser's answer right after).
const serverPrefersReducedMotion = () => false;

/** Whether the visitor asked their system for less motion; follows the setting as it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(watchReducedMotion, prefersReducedMotion, serverPrefersReducedMotion);
}
