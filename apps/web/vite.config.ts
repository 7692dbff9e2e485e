import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';

// In development the API runs on API_PORT (scripts/dev.mjs) and Vite proxies /api to it,
// so the browser sees one origin exactly as in production.
const apiPort = process.env.API_PORT ?? '3001';

/** React Router's production build, beside the development build its package exports to every bundler. */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router')), '../production/index.mjs');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The browser build takes React Router's production build, without the warnings meant for
  // developers (issue 30: the home route's JS within 130 KB gz); the server's build loads the package as it is.
  resolve: isSsrBuild ? {} : { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] },
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
  },
  // The server-rendering build (entry-server.tsx, into dist-server/, never served as a file) runs in
  // the shop's Node process: React and the other packages load from node_modules there, while the
  // shared package, published as TypeScript source, is bundled in.
  ssr: { noExternal: ['@voltline/shared'] },
  // The pictures are the browser build's to serve; the server build needs none of them.
  publicDir: isSsrBuild ? false : 'public',
}));
