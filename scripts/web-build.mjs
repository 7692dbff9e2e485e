import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
// The server-rendering entry is built second: a build that stopped between the two is not a build.
const builtServerEntry = path.join(root, 'apps/web/dist-server/entry-server.js');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))));
}

/** Builds the SPA when it has never been built or a source changed since the last build. */
export function buildWebIfNeeded() {
  const builtAt = existsSync(builtIndex) && existsSync(builtServerEntry) ? statSync(builtIndex).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (builtAt > changedAt) return;
  console.log('Building the web app...');
  // Always a production build: under Vitest NODE_ENV is "test", which would leave a development
  // React in dist for the next `npm start` (and for the browser journeys to measure).
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
