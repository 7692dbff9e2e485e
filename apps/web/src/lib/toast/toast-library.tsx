// Loaded on demand by toast.ts. react-toastify 11 injects its own stylesheet when the container
// mounts, so no CSS file is imported here (nor in the app's main stylesheet).
import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@voltline/shared/shop-constants';

export { toast };

let markMounted: () => void = () => undefined;
/** Settles once the container listens, so no toast is handed to a container that is not there yet. */
export const containerMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function AppToastContainer() {
  // Runs after ToastContainer's own subscription (children's effects run first).
  useEffect(() => markMounted(), []);
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
