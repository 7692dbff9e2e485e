import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True from the first time the element scrolls into view (or within `rootMargin` of it); it never
 * turns false again.
 */
export function useSeenOnce<T extends Element>({ threshold = 0.25, rootMargin = '0px' } = {}): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setSeen(true);
        observer.disconnect();
      },
      { threshold, rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold, rootMargin]);

  return [ref, seen];
}
