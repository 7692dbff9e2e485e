import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * An empty database of its own on the PostgreSQL server at `serverUrl`, so a suite or a started
 * shop never meets another's rows; `drop` removes it even while connections remain. With
 * `template`, a copy of that database instead (e.g. one already migrated).
 */
export async function createFreshPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const databaseName = `voltline_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${databaseName}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists "${databaseName}" with (force)`) };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
