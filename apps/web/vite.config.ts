import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// In development the API runs on API_PORT (scripts/dev.mjs) and Vite proxies /api to it,
// so the browser sees one origin exactly as in production.
const apiPort = process.env.API_PORT ?? '3001';

/** `lazyPage(async () => (await import('./routes/x.tsx')).X)`, as apps/web/src/app/routes.tsx writes its pages. */
const lazyPageCall = /\blazyPage\(\s*async\s*\(\)\s*=>\s*\(\s*await\s+import\(\s*(['"])([^'"]+)\1\s*\)\s*\)\.\w+\s*\)/g;

/**
 * Server build only: marks each lazy page element with its module's path as the browser build's
 * manifest names it (src/app/page-modules.ts), so the shop can preload a route's chunks in the HTML
 * it sends. Derived from the route table as it is at build time, so moving pages needs no list kept.
 */
function pageModules(): Plugin {
  let root = '';
  return {
    name: 'voltline-page-modules',
    enforce: 'pre',
    apply: (_config, { isSsrBuild }) => Boolean(isSsrBuild),
    configResolved(config) {
      root = config.root;
    },
    async transform(code, id) {
      if (!/\.tsx?$/.test(id) || !id.startsWith(path.join(root, 'src'))) return null;
      const calls = [...code.matchAll(lazyPageCall)];
      if (calls.length === 0) return null;
      const moduleIds = await Promise.all(
        calls.map(async ([, , specifier]) => {
          const resolved = await this.resolve(specifier!, id);
          if (!resolved) this.error(`Cannot resolve the lazy page ${specifier} in ${id}`);
          return path.relative(root, resolved.id).split(path.sep).join('/');
        }),
      );
      let index = 0;
      const marked = code.replace(lazyPageCall, (call) => `__markPageModule(${JSON.stringify(moduleIds[index++])}, ${call})`);
      const helper = JSON.stringify(path.join(root, 'src/app/page-modules.ts'));
      return { code: `import { markPageModule as __markPageModule } from ${helper};\n${marked}`, map: null };
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), pageModules()],
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The polyfill weighed on every page for browsers without modulepreload (Safari before 17), which
    // load the same modules without it, only without the head start.
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks each lazy page needs, read by the shop's server
    // (apps/server/src/http/page-preloads.ts) to preload them with the page's HTML.
    manifest: !isSsrBuild,
  },
  // The server-rendering build (entry-server.tsx, into dist-server/, never served as a file) runs in
  // the shop's Node process: React and the other packages load from node_modules there, while the
  // shared package, published as TypeScript source, is bundled in.
  ssr: { noExternal: ['@voltline/shared'] },
  // The pictures are the browser build's to serve; the server build needs none of them.
  publicDir: isSsrBuild ? false : 'public',
}));
