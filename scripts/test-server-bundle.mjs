// The server as one ES module for the browser journeys, bundled from the sources at the start of
// each run (about 0.3 s). Each journey starts shops: through tsx a start was about 9 s of CPU, half
// of it compiling the server's modules and tsx's loader thread; bundled, about 5 s (decision 057).
// `npm start` and every other test still run the sources through tsx (decision 010).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
/**
 * Beside the server's own packages, so the packages left out of the bundle resolve from where the
 * server's sources resolve them (apps/server/node_modules first, then the root's).
 */
const TEST_SERVER_ENTRY = path.join(root, 'apps/server/node_modules/.cache/test-server/main.mjs');

/**
 * Each module keeps its own import.meta: the server finds its migrations, fonts, pages and the web
 * build next to its sources, which a bundle would otherwise move to the bundle's folder.
 */
const keepImportMeta = {
  name: 'keep-import-meta',
  setup(bundle) {
    // Installed packages stay outside (PGlite's WebAssembly and the rest load from node_modules); the
    // workspace's own packages are TypeScript sources and go in.
    bundle.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@voltline/') ? undefined : { path: args.path, external: true }));
    bundle.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
    });
  },
};

export async function bundleTestServer() {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: TEST_SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces in a failed journey's shop output point at the sources.
    sourcemap: 'inline',
    plugins: [keepImportMeta],
    logLevel: 'warning',
  });
  return TEST_SERVER_ENTRY;
}
