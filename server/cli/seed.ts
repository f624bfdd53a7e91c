import { seedDemo } from '../db/seed.ts';
import { withDatabase } from './with-database.ts';

await withDatabase(async ({ db }, { config, log }) => {
  const seeded = await seedDemo(db, log, { withAccounts: config.env !== 'production' });
  console.log(seeded ? 'Demo data seeded.' : 'Demo data was seeded before; nothing to do.');
});
