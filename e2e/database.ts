import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Direct access to the test server's embedded PostgreSQL, for what no screen can do yet (an
 * order becomes paid only through a payment provider). Location from E2E_DATA_DIR.
 */
async function connect(): Promise<pg.Client> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (e2e/global-setup.ts sets it).');
  const password = readFileSync(path.join(dataDir, 'secrets', 'postgres-password'), 'utf8').trim();
  const lock = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(lock[3]),
    user: 'toolyard',
    password,
    database: 'toolyard',
  });
  await client.connect();
  return client;
}

/** Marks an unpaid order paid, as the payment provider's confirmation will. */
export async function markOrderPaid(orderId: string): Promise<string> {
  const transactionId = `txn_test_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = await connect();
  try {
    const result = await client.query(
      `update orders set status = 'paid', transaction_id = $1, paid_at = now()
       where id = $2 and status = 'unpaid'`,
      [transactionId, orderId],
    );
    if (result.rowCount !== 1) throw new Error(`Order ${orderId} was not unpaid.`);
    return transactionId;
  } finally {
    await client.end();
  }
}

/** Confirms an account's email directly, for tests whose subject is not the confirmation. */
export async function markEmailVerified(email: string): Promise<void> {
  const client = await connect();
  try {
    const result = await client.query(
      'update "user" set email_verified = true where lower(email) = lower($1)',
      [email],
    );
    if (result.rowCount !== 1) throw new Error(`No account for ${email}.`);
  } finally {
    await client.end();
  }
}
