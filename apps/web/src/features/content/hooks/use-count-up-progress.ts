import { useEffect, useState, useSyncExternalStore } from 'react';

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => window.matchMedia(reducedMotionQuery).matches;
const watchReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
// The server cannot know the visitor's setting: it renders the count at 0, and the browser hydrates
// that same 0 before it reads the setting (React re-renders with the browser's answer right after).
const serverPrefersReducedMotion = () => false;

/**
 * Eased progress from 0 to 1 over `durationMs`, starting once `running` turns true.
 * Visitors who ask for reduced motion get 1 straight away instead of a 15 s animation.
 */
export function useCountUpProgress(running: boolean, durationMs: number): number {
  const reducedMotion = useSyncExternalStore(watchReducedMotion, prefersReducedMotion, serverPrefersReducedMotion);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!running || reducedMotion) return;
    let frame = 0;
    let startedAt: number | undefined;
    const tick = (now: number) => {
      startedAt ??= now;
      const elapsed = Math.min((now - startedAt) / durationMs, 1);
      setProgress(easeOutCubic(elapsed));
      if (elapsed < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [running, reducedMotion, durationMs]);

  return reducedMotion ? 1 : progress;
}
