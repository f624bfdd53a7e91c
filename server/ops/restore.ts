import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import {
  type BackupManifest,
  MANIFEST,
  quote,
  sha256,
  storedColumns,
  tableDigest,
  tablesInOrder,
} from './backup.ts';

const BATCH = 500;

/**
 * Brings a freshly migrated, empty store back to a backup (server/ops/backup.ts): the rows of
 * every table in one transaction, in the order that meets every foreign key, the sequences, then
 * the uploaded images; and checks every table's digest and every file's against the backup's.
 * Refuses a database that holds data already, or one migrated to another version than the backup.
 */
export async function restoreStore(options: {
  pool: pg.Pool;
  folder: string;
  /** Where the images go (DATA_DIR/uploads), or null when they live in a bucket. */
  uploadsDir: string | null;
}): Promise<BackupManifest> {
  const { folder } = options;
  const manifest = JSON.parse(
    await readFile(path.join(folder, MANIFEST), 'utf8'),
  ) as BackupManifest;
  if (manifest.format !== 'toolyard-backup/1') throw new Error(`${folder} is not a store backup.`);
  const client = await options.pool.connect();
  try {
    await client.query(`set timezone = 'UTC'`);
    await refuseUnlessFresh(client, manifest);
    await client.query('begin');
    const tables = await tablesInOrder(client);
    // What the migrations themselves put in (none today, perhaps some day) makes way for the backup.
    await client.query(`truncate ${tables.map(quote).join(', ')} restart identity cascade`);
    for (const { name } of manifest.tables) {
      await loadTable(client, name, path.join(folder, 'tables', `${name}.jsonl.gz`));
    }
    for (const { name, value } of manifest.sequences) {
      await client.query('select setval($1::regclass, $2, true)', [quote(name), value]);
    }
    for (const { name, digest } of manifest.tables) {
      if ((await tableDigest(client, name)) !== digest) {
        throw new Error(`Table ${name} does not match the backup after restoring it.`);
      }
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  if (manifest.uploads && options.uploadsDir) {
    await restoreFiles(manifest.uploads, path.join(folder, 'uploads'), options.uploadsDir);
  }
  return manifest;
}

async function refuseUnlessFresh(client: pg.ClientBase, manifest: BackupManifest): Promise<void> {
  const { rows } = await client.query<{ newest: string | null }>(
    'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
  );
  if (Number(rows[0]?.newest ?? 0) !== manifest.newestMigration) {
    throw new Error(
      'This backup was made by another version of the store (its migrations differ): restore it with the version that made it, then start the newer one.',
    );
  }
  // Migrations fill some tables themselves (the invoice counter); a store in use has these.
  for (const table of ['user', 'tools', 'orders']) {
    const { rows: any } = await client.query(`select 1 from ${quote(table)} limit 1`);
    if (any.length > 0) {
      throw new Error(
        `The database already holds data (table ${table}): restore into a fresh DATA_DIR or an empty DATABASE_URL database.`,
      );
    }
  }
}

async function loadTable(client: pg.ClientBase, table: string, file: string): Promise<void> {
  const columns = (await storedColumns(client, table)).map(quote).join(', ');
  const insert = `insert into ${quote(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${quote(table)}, $1::json)`;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()) });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
}

async function restoreFiles(
  files: NonNullable<BackupManifest['uploads']>,
  from: string,
  to: string,
): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const file of files) {
    const bytes = await readFile(path.join(from, file.name));
    if (sha256(bytes) !== file.sha256) throw new Error(`The backup's ${file.name} is damaged.`);
    await copyFile(path.join(from, file.name), path.join(to, file.name));
  }
}
