import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One test file per core: Vitest's default keeps a core free, which on a 2-core machine runs the
    // files one after another while they mostly wait for a database.
    maxWorkers: '100%',
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      // Pure logic of the web app (formatting, filters); pages are covered by the browser tests.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // Forms and dialogs rendered in jsdom: their rules without a whole browser journey.
      {
        test: {
          name: 'components',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/component-setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // The server-rendering tests read the real web build.
          globalSetup: ['scripts/vitest-build-web.mjs'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          globalSetup: ['scripts/vitest-build-web.mjs'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's first draw waits for its route's code and data: a busy machine takes more than
          // expect.poll's default second, and a poll that fails only waits longer.
          expect: { poll: { timeout: 10_000 } },
          // One Chromium and one server per file; files run one after another. Two at a time took
          // 7 min instead of 9 on 2 cores, but a sign-in then once waited past 30 s for no reason
          // the log could tell (the journey now prints the page and the shop's output on a failure).
          fileParallelism: false,
        },
      },
    ],
  },
});
