// `npm run dev`: the API (restarting on change) on API_PORT and Vite with hot reload in front of it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    // Sign-in forms post from Vite's origin, so that is the shop's public address in development.
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    cwd: 'apps/web',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
children.forEach((child) => child.on('exit', stopAll));
