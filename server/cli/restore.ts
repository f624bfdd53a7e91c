import path from 'node:path';
import { restoreStore } from '../ops/restore.ts';
import { fail, withDatabase } from './with-database.ts';

/**
 * `npm run restore -- FOLDER`: brings a fresh DATA_DIR (or an empty DATABASE_URL database) back to
 * the backup in FOLDER (npm run backup), and checks every table and file against it.
 */
const from = process.argv[2];
if (!from) fail('Usage: npm run restore -- FOLDER (a folder npm run backup wrote)');
const folder = path.resolve(from);

await withDatabase(async ({ pool }, { config }) => {
  const storage = config.uploads.storage;
  try {
    const manifest = await restoreStore({
      pool,
      folder,
      uploadsDir: storage.kind === 'local' ? storage.dir : null,
    });
    console.log(
      `Restored ${manifest.tables.length} tables and ${manifest.uploads?.length ?? 0} uploaded files from the backup of ${manifest.createdAt}; every table and file matches it.`,
    );
  } catch (error) {
    fail(`Nothing was restored: ${(error as Error).message}`);
  }
});
