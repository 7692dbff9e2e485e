import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { loadToastLibrary, subscribeToToastRequests, toastRequested } from './toast.ts';

const NoToasts: ComponentType = () => null;

// A failed load must not take the app down with it (this sits outside the router's error boundaries).
const AppToastContainer = lazy(() =>
  loadToastLibrary().then(
    (library): { default: ComponentType } => ({ default: library.AppToastContainer }),
    () => ({ default: NoToasts }),
  ),
);

/** Mounts react-toastify's container (top-right, 5 s auto-close) once the first toast is asked for. */
export function ToastHost() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  );
}
