import { rm } from 'node:fs/promises';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { makeDataDir } from './data-dir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser URL of the test server, database part to be replaced per test file. */
    pgServerUrl: string;
    /** A migrated database that each test file copies (CREATE DATABASE ... TEMPLATE). */
    pgTemplate: string;
  }
}

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when set (e.g. a distribution's
 * PostgreSQL in CI, proving the DATABASE_URL path), otherwise an embedded one in a temp folder.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'error' });
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!serverUrl) {
    const dir = await makeDataDir('toolyard-test-');
    const embedded = await startEmbeddedPostgres({ dataDir: dir, port: 0, log });
    serverUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }

  const template = `toolyard_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = createDatabase({ url: withDatabase(serverUrl, template), max: 2 });
  await runMigrations(database);
  await database.close();

  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
