#!/usr/bin/env node
// `npm run typecheck`, `npm run lint`, and both at the start of `npm test`: two at a time (one per core). Each is one
// single-threaded process (tsc per workspace, ESLint, knip, the repository's own checks): one after
// another they took 44 s on the 2-core CI machine while a core stood idle. Each command's output is
// printed whole when it ends, so the log reads as if they had run in turn; any failure fails the run.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

// As npm runs scripts: the workspace's own tsc, eslint and knip first on the PATH.
const PATH = [path.resolve(import.meta.dirname, '../node_modules/.bin'), process.env.PATH].join(path.delimiter);

/** Each group's commands, the slowest first so the two lanes end together. */
const GROUPS = {
  // The journeys, benchmarks and test-kit share their options, so one program checks them (tsconfig.node-tools.json);
  // packages/shared keeps its own, stricter one (no Node, no DOM).
  typecheck: ['tsc -p apps/web', 'tsc -p apps/server', 'tsc -p tsconfig.node-tools.json', 'tsc -p packages/shared'],
  lint: ['eslint .', 'knip', 'node scripts/decision-index.mjs --check', 'node scripts/check-domain-cycles.mjs', 'node scripts/check-file-references.mjs'],
};

// `node scripts/checks.mjs typecheck lint`: the groups named, all of them when none is.
const named = process.argv.slice(2);
for (const name of named) if (!(name in GROUPS)) throw new Error(`No checks named ${name}: ${Object.keys(GROUPS).join(', ')}`);
const COMMANDS = (named.length > 0 ? named : Object.keys(GROUPS)).flatMap((name) => GROUPS[name]);
// The two slowest (ESLint and the web's tsc) start first, one per lane.
COMMANDS.sort((a, b) => Number(b === 'eslint .') - Number(a === 'eslint .'));

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PATH } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${command} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const waiting = [...COMMANDS];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), waiting.length) }, async () => {
    let allPassed = true;
    for (let command = waiting.shift(); command !== undefined; command = waiting.shift()) allPassed = (await run(command)) && allPassed;
    return allPassed;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
