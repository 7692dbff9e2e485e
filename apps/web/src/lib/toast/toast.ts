/**
 * The app's toasts. react-toastify (its JS and the CSS it injects) loads the first time a toast is
 * shown, so pages that never show one — the storefront at first paint — do not carry it.
 * Toasts asked for while it loads are shown as soon as its container has mounted.
 */
import type * as ToastLibraryModule from './toast-library.tsx';

type ToastLibrary = typeof ToastLibraryModule;
type ToastKind = 'success' | 'warning' | 'error' | 'info';

let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();

/** Starts loading react-toastify (once) and tells <ToastHost> to mount its container. */
export function loadToastLibrary(): Promise<ToastLibrary> {
  if (!library) {
    library = import('./toast-library.tsx');
    for (const listener of listeners) listener();
  }
  return library;
}

/** For <ToastHost>: whether a toast has been asked for yet. */
export function subscribeToToastRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function toastRequested(): boolean {
  return library !== undefined;
}

function show(kind: ToastKind, message: string): void {
  loadToastLibrary()
    .then(async ({ toast, containerMounted }) => {
      await containerMounted;
      toast[kind](message);
    })
    // The page goes on working without its notice (e.g. offline when the library was needed).
    .catch((error: unknown) => console.error('Could not show a notification:', message, error));
}

export const toast = {
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
