import path from 'node:path';
import { backupStore } from '../ops/backup.ts';
import { withDatabase } from './with-database.ts';

/**
 * `npm run backup -- [FOLDER]`: a consistent backup of the store (its database and uploaded
 * images) into FOLDER, by default backups/toolyard-<UTC time>; safe while the store runs.
 */
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');
const folder = path.resolve(process.argv[2] ?? path.join('backups', `toolyard-${stamp}`));

await withDatabase(async ({ pool }, { config }) => {
  const storage = config.uploads.storage;
  const started = Date.now();
  const manifest = await backupStore({
    pool,
    folder,
    uploadsDir: storage.kind === 'local' ? storage.dir : null,
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const files = manifest.uploads
    ? `${manifest.uploads.length} uploaded files`
    : 'no uploaded files (they live in the S3 bucket: keep it versioned)';
  console.log(
    `Backed up ${rows} rows in ${manifest.tables.length} tables and ${files} to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
