import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // A file per business area (src/db/schema.ts re-exports them for the code).
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
