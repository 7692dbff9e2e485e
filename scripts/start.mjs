// `npm start`: build the web app if needed, then run the one server (API + SPA) in this process.
import { register } from 'tsx/esm/api';
import { buildWebIfNeeded } from './web-build.mjs';

buildWebIfNeeded();
register();
await import('../apps/server/src/main.ts');
