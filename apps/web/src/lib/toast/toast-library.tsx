// Loaded on demand by toast.ts. react-toastify 11 injects its own stylesheet when the container
// mounts, so no CSS file is imported here (nor in the app's main stylesheet).
import { useEffect, useState } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@voltline/shared/shop-constants';

export { toast };

let markMounted: () => void = () => undefined;
/** Settles once the container listens, so no toast is handed to a container that is not there yet. */
export const containerMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/**
 * The height of the shop's sticky header (the first <header> of the page), followed as it changes
 * (a menu that wraps, a phone's): toasts show below it, so for their 5 s they never cover the
 * navigation and Logout (issue 43).
 */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const header = document.querySelector('header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(header.getBoundingClientRect().height));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

export function AppToastContainer() {
  // Runs after ToastContainer's own subscription (children's effects run first).
  useEffect(() => markMounted(), []);
  const headerHeight = useHeaderHeight();
  // react-toastify's own offset from the top (16 px), counted from the header's bottom edge.
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} style={{ top: `calc(${headerHeight}px + var(--toastify-toast-offset, 16px))` }} />;
}
