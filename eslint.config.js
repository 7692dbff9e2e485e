import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's layers (README, "Design"; decisions 018 and 031), each importing only those below it:
 *
 *   app/ (routes and the app's frame) -> features/<area> -> entities/<thing> -> lib/, components/
 *
 * features/<area> are the shop's business areas (catalogue, orders, payments, ...), each owning its
 * API calls, components and hooks; an area never imports another, the routes compose them.
 * entities/<thing> (tool, order) are what the areas speak of: how one is fetched, its wording, its
 * small components; every area may import them, they import no area and no route. lib/ and
 * components/ know nothing of the shop's things. The areas are read from the tree, so a new one is
 * covered at once. A refusal says which way imports are allowed.
 */
const webLayers = 'app/ -> features/<area> -> entities/<thing> -> lib/, components/';
const webAreas = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const onlyRoutesComposeFeatures = {
  group: ['**/features/**'],
  message: `Only the routes in app/ compose features (${webLayers}); what several areas share goes to entities/, lib/ or components/.`,
};
const nothingImportsTheApp = {
  group: ['**/app/**'],
  message: `Only app/ imports app/ (${webLayers}): pass what a feature or entity needs from the route instead.`,
};
const entitiesImportNoFeature = {
  group: ['**/features/**'],
  message: `An entity imports no feature (${webLayers}): move what it needs into the entity, or let the feature import the entity.`,
};
const sharedCodeKnowsNoEntity = {
  group: ['**/features/**', '**/entities/**'],
  message: `lib/ and components/ import no entity and no feature (${webLayers}): move the code that needs them into entities/ or the area.`,
};
/** From anywhere inside features/<area>/ (at most three folders deep), the ways up into another area. */
const otherAreas = (area) => ({
  group: webAreas.filter((other) => other !== area).flatMap((other) => [`../${other}/**`, `../../${other}/**`, `../../../${other}/**`]),
  message: `Features must not import each other (${webLayers}): move what ${area} shares with other areas into entities/ (a tool's or an order's rules, wording, components) or lib/, or compose the areas in a route (app/routes).`,
});

/**
 * The server's layers (docs/decisions/030), read from the tree so a new folder is covered at once:
 *   main.ts, app.ts, shop-core.ts  the composition root: builds the shop and may import everything;
 *   http                           http/ and every domain's *-routes.ts: routes, reply writers, the app's HTTP frame;
 *   domains                        every other folder of src/ (catalogue, orders, payments, ...): the business;
 *   platform, db, config.ts        helpers, the database and the settings, which know no business.
 * Each layer imports only those below it (domains may import each other); nothing points back up.
 * Type-only imports count: a type a lower layer needs belongs in that layer. Tests and test-support may
 * reach anywhere.
 */
const serverLayers = 'http/ and *-routes.ts -> domains -> platform/, db/, config.ts';
const serverSrc = new URL('./apps/server/src/', import.meta.url);
const serverEntries = readdirSync(serverSrc, { withFileTypes: true });
const serverBottom = ['platform', 'db'];
const serverDomains = serverEntries
  .filter((entry) => entry.isDirectory() && !['http', 'test-support', ...serverBottom].includes(entry.name))
  .map((entry) => entry.name);
const serverRoot = serverEntries
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'config.ts')
  .map((entry) => entry.name.replace(/\.ts$/, ''));
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/test-support/**'];
/** An import from inside a folder of src/ (`up` is `(\.\./)+`) or from a file beside the folders (`\./`). */
const intoFolders = (up, folders) => `^${up}(${folders.join('|')})/`;
const intoRoot = (up) => ({
  regex: `^${up}(${serverRoot.join('|')})\\.ts$`,
  message: `Only the composition root (${serverRoot.map((name) => `${name}.ts`).join(', ')}) builds the shop and sits above every layer (${serverLayers}); nothing imports it back. Take what you need as a parameter.`,
});
const serverLayerRules = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const UP = '(\\.\\./)+';

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
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyRoutesComposeFeatures, otherAreas(area), nothingImportsTheApp] }] },
  })),
  {
    files: ['apps/web/src/entities/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [entitiesImportNoFeature, nothingImportsTheApp] }] },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedCodeKnowsNoEntity, nothingImportsTheApp] }] },
  },
  {
    // The routes and the app's frame compose the features.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  // The server's layers (see serverLayers above), each block a layer and what it must not import.
  {
    files: ['apps/server/src/http/**/*.ts', ...serverDomains.map((domain) => `apps/server/src/${domain}/**/*-routes.ts`)],
    ignores: serverTests,
    rules: serverLayerRules([intoRoot(UP)]),
  },
  {
    files: serverDomains.map((domain) => `apps/server/src/${domain}/**/*.ts`),
    ignores: [...serverTests, 'apps/server/src/**/*-routes.ts'],
    rules: serverLayerRules([
      intoRoot(UP),
      {
        regex: `${intoFolders(UP, ['http'])}|-routes(\\.ts)?$`,
        message:
          `Domain services sit below the http layer (${serverLayers}): only http/ and *-routes.ts files may import http/ or a route. Let the route hand the service what it needs, or move the shared part down to platform/.`,
      },
    ]),
  },
  ...[
    { files: serverBottom.map((folder) => `apps/server/src/${folder}/**/*.ts`), up: UP },
    { files: ['apps/server/src/config.ts'], up: '\\./' },
  ].map(({ files, up }) => ({
    files,
    ignores: serverTests,
    rules: serverLayerRules([
      intoRoot(up),
      {
        regex: `${intoFolders(up, ['http', ...serverDomains])}|-routes(\\.ts)?$`,
        message: `platform/, db/ and config.ts are the bottom layer (${serverLayers}): they import only each other, never http/ or a domain (${serverDomains.join(', ')}). Move the code up to the layer that needs it, or let that layer hand it in.`,
      },
    ]),
  })),
  {
    // The route table, and only it (issue 27): React Router's lazy routes load the pages and their
    // loaders are app/route-loaders.ts (decision 032). The table may take a few more routes (it was
    // 201 lines), not another mechanism: that goes into a module of its own.
    files: ['apps/web/src/app/routes.tsx'],
    rules: { 'max-lines': ['error', { max: 220 }] },
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
