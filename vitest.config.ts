import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/vitest-longest-first.mjs';

export default defineConfig({
  test: {
    // One test file per core: Vitest's default keeps a core free, which on a 2-core machine runs the
    // files one after another while they mostly wait for a database.
    maxWorkers: '100%',
    // The slowest files first, across projects, so both workers end together (scripts/vitest-longest-first.mjs).
    sequence: { sequencer: LongestFirst },
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
          // The files of a worker share one jsdom and the loaded modules (its setup clears the
          // storage after each test): jsdom set up per file was most of the project's time (CPU 72 s -> 18 s).
          isolate: false,
          // A form test types and clicks through user-event: on a busy 2-core machine one took 5.3 s,
          // past Vitest's 5 s default, while its assertions all held.
          testTimeout: 15_000,
          // A form's answer and its re-render wait for the turn of a busy machine: expect.poll's and
          // Testing Library's findBy's default second (component-setup.ts) is too short there, and a
          // poll that fails only waits longer.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // The files of a worker share its loaded modules: each file builds its own app on its own
          // database (useTestShop), so nothing of one reaches the next, and the server's modules load
          // once per worker instead of once per file (the suite's CPU on PGlite: 516 s -> 321 s).
          isolate: false,
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
          // The shops the journeys start run the server bundled once per run: about half the CPU of a
          // start through tsx (decision 057).
          globalSetup: ['scripts/vitest-build-web.mjs', 'scripts/vitest-bundle-server.mjs'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's first draw waits for its route's code and data: a busy machine takes more than
          // expect.poll's default second, and a poll that fails only waits longer.
          expect: { poll: { timeout: 10_000 } },
          // The files of a worker run in one process, one after another, so they share its Chromium
          // (journey.ts) and its loaded modules; each still starts its own shop.
          isolate: false,
          // One server per file, a file per core (9 -> 7 min on 2 cores). The one
          // failure seen running two at a time was the shop's (a login form losing what was typed
          // while the app took it over), since mended.
        },
      },
    ],
  },
});
