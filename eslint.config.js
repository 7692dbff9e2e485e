import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's layout (README, "Design"): features/<area> are the shop's business areas (catalogue,
 * orders, payments, ...), each owning its API calls, components and hooks; app/routes/** are the pages,
 * which compose the areas; lib/ and components/ are shared by all. So an area never imports another
 * (what they share goes to lib/ or components/, query keys included), shared code never imports an
 * area, and only app/ may. The areas are read from the tree, so a new one is covered at once.
 */
const webAreas = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const onlyRoutesComposeFeatures = {
  group: ['**/features/**'],
  message: 'Only the routes in app/ compose features; shared code lives in lib/ or components/.',
};
/** From anywhere inside features/<area>/ (at most three folders deep), the ways up into another area. */
const otherAreas = (area) => ({
  group: webAreas.filter((other) => other !== area).flatMap((other) => [`../${other}/**`, `../../${other}/**`, `../../../${other}/**`]),
  message: `Features must not import each other: move what ${area} shares into lib/ or components/, or compose them in a route (app/routes).`,
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', '**/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [onlyRoutesComposeFeatures] }],
    },
  },
  ...webAreas.map((area) => ({
    files: [`apps/web/src/features/${area}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyRoutesComposeFeatures, otherAreas(area)] }] },
  })),
  {
    // The routes and the app's frame compose the features.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // config.ts is the only reader of the environment (README, "Configuration").
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test-support/**'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
    },
  },
);
