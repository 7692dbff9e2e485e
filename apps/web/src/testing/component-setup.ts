import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor wait up to 5 s, not the default second: a 2-core machine running the server's
// suites beside these once took longer than that to re-render a form (pictures-dialog, delivery-rates-form).
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but not its modal methods; the app's one dialog (components/modal-dialog.tsx)
// opens with showModal(). Opening and closing are all these tests need of it: focus trapping and
// the inert page behind are the browser's and are covered by the browser journeys.
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// The files of a worker share one jsdom (vitest.config.ts): what a test left in the browser's
// storage must not reach the next file's tests.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
