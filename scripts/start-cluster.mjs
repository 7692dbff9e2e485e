// `npm run start:cluster -- --instances N`: N instances of the shop sharing one port on this
// machine (Node's cluster module hands connections to the workers). They must share a database
// and should share Redis: set DATABASE_URL (PGlite cannot be opened by several processes) and REDIS_URL.
import cluster from 'node:cluster';
import { parseArgs } from 'node:util';

if (cluster.isPrimary) {
  const { values } = parseArgs({ options: { instances: { type: 'string', default: '2' } } });
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1) {
    console.error('--instances must be a whole number of at least 1');
    process.exit(1);
  }
  if (!process.env.DATABASE_URL) {
    console.error('start:cluster needs DATABASE_URL: several instances cannot share the embedded database.');
    process.exit(1);
  }
  const { buildWebIfNeeded } = await import('./web-build.mjs');
  buildWebIfNeeded();
  let stopping = false;
  for (let i = 0; i < instances; i += 1) cluster.fork();
  cluster.on('exit', (worker, code) => {
    if (!stopping && code !== 0) {
      console.error(`instance ${worker.process.pid} exited with ${code}; starting another`);
      cluster.fork();
    }
  });
  const stop = () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../apps/server/src/main.ts');
}
