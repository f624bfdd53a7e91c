import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import type pg from 'pg';

/** What a backup folder holds besides its tables and files: enough to restore and to check it. */
export interface BackupManifest {
  format: 'toolyard-backup/1';
  createdAt: string;
  /** The newest migration the database had: a restore needs a store of that same migration. */
  newestMigration: number;
  /** Every table, in an order that inserts each after the tables it refers to. */
  tables: Array<{ name: string; rows: number; digest: string }>;
  sequences: Array<{ name: string; value: number }>;
  /** Uploaded images copied from DATA_DIR/uploads, or null when they live in an S3 bucket. */
  uploads: Array<{ name: string; bytes: number; sha256: string }> | null;
}

export const MANIFEST = 'manifest.json';
const BATCH = 1_000;

/**
 * A consistent backup of the store into `folder` while it runs: every table read in one
 * read-only snapshot (REPEATABLE READ), one gzipped JSON line per row; the sequences as of that
 * snapshot; then the uploaded images. Images are written before any row names them and never
 * change, so the files copied after the snapshot include every one it refers to
 * (docs/decisions/033). Answers the manifest, also written as manifest.json.
 */
export async function backupStore(options: {
  pool: pg.Pool;
  folder: string;
  /** DATA_DIR/uploads, or null when the images are in a bucket. */
  uploadsDir: string | null;
}): Promise<BackupManifest> {
  const { folder } = options;
  await mkdir(path.join(folder, 'tables'), { recursive: true, mode: 0o700 });
  const client = await options.pool.connect();
  let manifest: Omit<BackupManifest, 'uploads'>;
  try {
    await client.query(`set timezone = 'UTC'`);
    await client.query('begin isolation level repeatable read read only');
    const tables = [];
    for (const name of await tablesInOrder(client)) {
      const rows = await dumpTable(client, name, path.join(folder, 'tables', `${name}.jsonl.gz`));
      tables.push({ name, rows, digest: await tableDigest(client, name) });
    }
    const { rows: sequences } = await client.query<{ name: string; value: string }>(
      `select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' and last_value is not null order by 1`,
    );
    const { rows: migrations } = await client.query<{ newest: string }>(
      'select max(created_at)::text as newest from drizzle.__drizzle_migrations',
    );
    await client.query('commit');
    manifest = {
      format: 'toolyard-backup/1',
      createdAt: new Date().toISOString(),
      newestMigration: Number(migrations[0]?.newest ?? 0),
      tables,
      sequences: sequences.map((row) => ({ name: row.name, value: Number(row.value) })),
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  const uploads = options.uploadsDir
    ? await copyFiles(options.uploadsDir, path.join(folder, 'uploads'))
    : null;
  const complete: BackupManifest = { ...manifest, uploads };
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(complete, null, 2)}\n`, {
    mode: 0o600,
  });
  return complete;
}

/**
 * The store's tables (schema public), each after every table it refers to, so that a restore
 * inserting in this order meets every foreign key.
 */
export async function tablesInOrder(client: pg.ClientBase): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const { rows: references } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of references) {
    if (child === parent) continue;
    const set = parents.get(unquote(child)) ?? new Set<string>();
    set.add(unquote(parent));
    parents.set(unquote(child), set);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, seen: Set<string>) => {
    if (placed.has(name) || seen.has(name)) return;
    seen.add(name);
    for (const parent of parents.get(name) ?? []) place(parent, seen);
    placed.add(name);
    ordered.push(name);
  };
  for (const { name } of tables) place(name, new Set());
  return ordered;
}

/** The columns a row is written with: every one but those PostgreSQL computes itself. */
export async function storedColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [quote(table)],
  );
  return rows.map((row) => row.name);
}

/**
 * A digest of a table's rows as PostgreSQL writes them, in no particular order: equal digests,
 * equal tables. The session's time zone must be UTC (both sides set it).
 */
export async function tableDigest(client: pg.ClientBase, table: string): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(
    `select md5(coalesce(string_agg(h, '' order by h), '')) as digest
       from (select md5(t::text) as h from ${quote(table)} t) rows`,
  );
  return rows[0]?.digest ?? '';
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function dumpTable(client: pg.ClientBase, table: string, file: string): Promise<number> {
  const columns = (await storedColumns(client, table)).map(quote).join(', ');
  const gzip = createGzip();
  const out = createWriteStream(file, { mode: 0o600 });
  gzip.pipe(out);
  let rows = 0;
  await client.query(
    `declare dump no scroll cursor for select row_to_json(r)::text as row
       from (select ${columns} from ${quote(table)}) r`,
  );
  for (;;) {
    const { rows: batch } = await client.query<{ row: string }>(`fetch ${BATCH} from dump`);
    if (batch.length === 0) break;
    rows += batch.length;
    if (!gzip.write(`${batch.map((r) => r.row).join('\n')}\n`)) await once(gzip, 'drain');
  }
  await client.query('close dump');
  gzip.end();
  await once(out, 'close');
  return rows;
}

async function copyFiles(from: string, to: string): Promise<BackupManifest['uploads']> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const names = (await readdir(from).catch(() => [] as string[]))
    .filter((name) => !name.endsWith('.partial'))
    .sort();
  const files = [];
  for (const name of names) {
    await copyFile(path.join(from, name), path.join(to, name));
    const bytes = await readFile(path.join(to, name));
    files.push({ name, bytes: bytes.length, sha256: sha256(bytes) });
  }
  return files;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
