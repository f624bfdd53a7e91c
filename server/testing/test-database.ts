import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/client.ts';
import { withDatabase } from './global-setup.ts';

/** A fresh, migrated database of its own for one test file (copied from the run's template). */
export type TestDatabase = Database & { url: string; drop(): Promise<void> };

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('pgServerUrl');
  const name = `toolyard_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(serverUrl, name);
  const database = createDatabase({ url, max: 20 });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
