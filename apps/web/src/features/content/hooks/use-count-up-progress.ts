import { useEffect, useState } from 'react';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

/**
 * Eased progress from 0 to 1 over `durationMs`, starting once `running` turns true.
 * Visitors who ask for reduced motion get 1 straight away instead of a 15 s animation.
 */
export function useCountUpProgress(running: boolean, durationMs: number): number {
  // On the server and while hydrating: false, so the count renders at 0 there and in the browser's first render.
  const reducedMotion = usePrefersReducedMotion();
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
