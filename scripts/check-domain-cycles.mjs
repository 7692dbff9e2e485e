#!/usr/bin/env node
// Fails when the server's domain folders import each other in a circle (decision 040). ESLint holds
// the layers (http -> domains -> platform, db; decision 030) file by file; a circle between two
// folders goes through different files (orders/lifecycle/pay.ts -> payments/payment-gateway.ts ->
// orders/lifecycle/index.ts), which no per-file rule sees. So this reads every domain file's
// imports (type-only ones too, as the layer rule does), draws the graph of folders, and names the
// files that make each edge of every circle it finds. Route files (*-routes.ts) are the http layer
// and tests may reach anywhere, as in eslint.config.js; platform/, db/ and http/ are not domains.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const src = path.resolve(import.meta.dirname, '../apps/server/src');
const notDomains = new Set(['http', 'platform', 'db', 'test-support']);
const isDomainCode = (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('-routes.ts');

const domains = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !notDomains.has(entry.name))
  .map((entry) => entry.name);

/** folder -> folder it imports -> the imports that make the edge ("orders/lifecycle/pay.ts -> payments/payment-gateway.ts") */
const edges = new Map(domains.map((domain) => [domain, new Map()]));
for (const domain of domains) {
  for (const file of readdirSync(path.join(src, domain), { recursive: true }).map(String).filter(isDomainCode)) {
    const from = path.join(src, domain, file);
    for (const { fileName } of ts.preProcessFile(readFileSync(from, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.relative(src, path.resolve(path.dirname(from), fileName));
      const folder = target.split(path.sep)[0];
      if (folder === domain || !edges.has(folder) || !target.includes(path.sep)) continue;
      const made = edges.get(domain).get(folder) ?? new Set();
      edges.get(domain).set(folder, made.add(`${path.relative(src, from)} -> ${target}`));
    }
  }
}

// Every elementary circle once, started from its alphabetically first folder (a handful of folders: a
// plain depth-first search is enough).
const circles = [];
for (const start of [...domains].sort()) {
  const walk = (folder, trail) => {
    for (const next of edges.get(folder).keys()) {
      if (next === start) circles.push([...trail, start]);
      else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
    }
  };
  walk(start, [start]);
}

if (circles.length > 0) {
  const described = circles.map((circle) =>
    [
      circle.join(' -> '),
      ...circle.slice(1).flatMap((to, i) => [...edges.get(circle[i]).get(to)].map((made) => `    ${made}`)),
    ].join('\n'),
  );
  console.error(
    `The server's domain folders must import each other one way (docs/decisions/040): ${circles.length} circle(s):\n\n${described.join('\n\n')}\n\n` +
      'Break each circle where the lower folder reaches up: move what both need down (a time helper to platform/), ' +
      'or let the lower folder say what it needs as an interface that the upper one implements (orders/lifecycle/collaborators.ts).',
  );
  process.exit(1);
}
