import { withDatabase } from './with-database.ts';

// Opening the database applies every pending migration.
await withDatabase(async () => {
  console.log('Migrations applied.');
});
