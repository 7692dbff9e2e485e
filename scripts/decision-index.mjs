#!/usr/bin/env node
// The index of decision records, docs/decisions/README.md, made from the records themselves: each
// record starts with "# NNN Title" and a line "**Date.** YYYY-MM-DD · **Status.** ...". A record
// without them fails, and so does an index that is not what the records say (`--check`, run by
// `npm run lint`); `node scripts/decision-index.mjs` writes it anew.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.resolve(import.meta.dirname, '../docs/decisions');
const indexFile = path.join(folder, 'README.md');

function readRecord(file) {
  const text = readFileSync(path.join(folder, file), 'utf8');
  const problems = [];
  const heading = /^# (\d{3}) (.+)$/m.exec(text.split('\n')[0] ?? '');
  if (!heading) problems.push('its first line is not "# NNN Title"');
  if (heading && !file.startsWith(`${heading[1]}-`)) problems.push(`its number ${heading[1]} is not the file's`);
  const meta = /^\*\*Date\.\*\* (\d{4}-\d{2}-\d{2})[^·\n]*· \*\*Status\.\*\* (.+)$/m.exec(text);
  if (!meta) problems.push('it has no line "**Date.** YYYY-MM-DD · **Status.** ..."');
  const status = meta?.[2].trim() ?? '';
  const supersededBy = /superseded by (\d{3})/i.exec(status)?.[1] ?? '';
  return { file, number: heading?.[1] ?? '', title: heading?.[2] ?? '', date: meta?.[1] ?? '', status, supersededBy, problems };
}

const records = readdirSync(folder)
  .filter((file) => /^\d{3}-.+\.md$/.test(file))
  .sort()
  .map(readRecord);

const problems = records.flatMap((record) => record.problems.map((problem) => `docs/decisions/${record.file}: ${problem}`));
const numbers = records.map((record) => record.number);
for (const number of new Set(numbers)) {
  if (numbers.filter((n) => n === number).length > 1) problems.push(`docs/decisions: number ${number} is used twice`);
}
if (problems.length > 0) {
  console.error(`Decision records need a number, a title, a date and a status:\n${problems.join('\n')}`);
  process.exit(1);
}

const index = [
  '# Decision records',
  '',
  'Why the shop is built the way it is, one decision a file. This index is made from the records by',
  '`node scripts/decision-index.mjs`; `npm run lint` fails when it is out of date or a record lacks a',
  'date or a status.',
  '',
  '| # | decision | status | date | superseded by |',
  '|---|---|---|---|---|',
  ...records.map((r) => `| ${r.number} | [${r.title.replaceAll('|', '\\|')}](${r.file}) | ${r.status.replaceAll('|', '\\|')} | ${r.date} | ${r.supersededBy} |`),
  '',
].join('\n');

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(indexFile, 'utf8');
  } catch {
    // no index yet
  }
  if (current !== index) {
    console.error('docs/decisions/README.md is not what the records say: run `node scripts/decision-index.mjs`.');
    process.exit(1);
  }
} else {
  writeFileSync(indexFile, index);
  console.log(`docs/decisions/README.md: ${records.length} records`);
}
