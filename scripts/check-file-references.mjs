#!/usr/bin/env node
// Fails when the README, the docs that describe the shop as it is, or a tool's config names a source
// file that does not exist (issue 44): a file moved or removed leaves its old name behind otherwise,
// as `http/page-preloads.ts` and `lazy-page.tsx` did. A name counts when it looks like a repository
// path with a known extension: from the root (`apps/server/src/config.ts`), beside the document
// (`../security.md`), or short, under a package's source (`orders/order-dto.ts`,
// `app/routes.tsx`); in the configs a bare file name (`lazy-page.tsx`) must be some file's name.
// Globs, placeholders (`<name>.md`), URLs, paths under DATA_DIR and what git ignores (benchmark
// results, builds) are not source files. Decision records are history and keep the names they had.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const documents = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const configs = ['eslint.config.js', 'vitest.config.ts', 'knip.jsonc'];
/** Where a short name may live: `orders/order-dto.ts` is apps/server/src/orders/order-dto.ts. */
const shortNameRoots = ['apps/server/src', 'apps/server', 'apps/web/src', 'apps/web', 'packages/shared/src', 'packages/test-kit/src', 'e2e', 'docs'];

const EXTENSIONS = 'tsx?|jsx?|mjs|cjs|jsonc?|md|sql|css|html';
// A path: folders and a file name with an extension, not inside a longer word, URL, glob or placeholder.
const pathPattern = new RegExp(`(?<![\\w./*<>{}$@:-])((?:\\.{1,2}/)*(?:[\\w@-][\\w.@-]*/)+[\\w-][\\w.-]*\\.(?:${EXTENSIONS}))(?![\\w/*<>{}-])`, 'g');
const bareNamePattern = new RegExp(`(?<![\\w./*<>{}$@:-])([\\w-][\\w.-]*\\.(?:${EXTENSIONS}))(?![\\w/*<>{}-])`, 'g');
// `docs/decisions/017` names a record by its number.
const decisionPattern = /(?<![\w/])docs\/decisions\/(\d{3})(?![\w-])/g;

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const trackedNames = new Set(tracked.map((file) => path.basename(file)));
const decisions = readdirSync(path.join(root, 'docs/decisions'));

function found(name, from) {
  if (name.startsWith('.')) return existsSync(path.resolve(root, path.dirname(from), name));
  return [root, path.resolve(root, path.dirname(from)), ...shortNameRoots.map((folder) => path.join(root, folder))].some((base) => existsSync(path.join(base, name)));
}
const ignoredByGit = (name) => {
  try {
    execFileSync('git', ['check-ignore', '-q', name], { cwd: root });
    return true;
  } catch {
    return false;
  }
};

const missing = [];
for (const file of [...documents, ...configs]) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    // Paths the running shop writes or reads in its data directory are no repository files.
    const text = line.replace(/DATA_DIR\/[^\s`)]*/g, '');
    for (const [, name] of text.matchAll(pathPattern)) {
      if (!found(name, file) && !ignoredByGit(name)) missing.push(`${where}: ${name}`);
    }
    for (const [, number] of text.matchAll(decisionPattern)) {
      if (!decisions.some((record) => record.startsWith(`${number}-`))) missing.push(`${where}: docs/decisions/${number}`);
    }
    if (configs.includes(file)) {
      for (const [, name] of text.matchAll(bareNamePattern)) {
        if (!name.includes('/') && !trackedNames.has(name)) missing.push(`${where}: ${name}`);
      }
    }
  });
}

if (missing.length > 0) {
  console.error(`These name files that do not exist (moved or removed?): say where the thing lives now, or drop the name.\n${missing.map((entry) => `  ${entry}`).join('\n')}`);
  process.exit(1);
}
