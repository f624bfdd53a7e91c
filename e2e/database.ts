import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Direct access to the test server's embedded PostgreSQL, for set-up that is not the subject of a
 * test. Location from E2E_DATA_DIR.
 */
async function connect(): Promise<pg.Client> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (e2e/global-setup.ts sets it).');
  return connectTo(dataDir);
}

/** The embedded PostgreSQL of a store started on `dataDir` (a journey's own store). */
export async function connectTo(dataDir: string): Promise<pg.Client> {
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

/**
 * Every store account with this email (case-insensitive) and the ways each signs in
 * (`credential` for a password, `google`), to tell one joined account from a duplicate.
 */
export async function accountsFor(
  email: string,
): Promise<{ userId: string; providers: string[] }[]> {
  const client = await connect();
  try {
    const result = await client.query<{ user_id: string; providers: string[] }>(
      `select u.id as user_id,
              coalesce(array_agg(a.provider_id order by a.provider_id)
                         filter (where a.provider_id is not null), '{}') as providers
         from "user" u left join account a on a.user_id = u.id
        where lower(u.email) = lower($1)
        group by u.id`,
      [email],
    );
    return result.rows.map((row) => ({ userId: row.user_id, providers: row.providers }));
  } finally {
    await client.end();
  }
}

/**
 * `count` reviews of a tool, each by a customer of its own, a minute apart (the newest last), as
 * if each had bought it: for pages that show many reviews.
 */
export async function addToolReviews(toolId: string, count: number): Promise<void> {
  const client = await connect();
  try {
    await client.query(
      `with people as (
         insert into "user" (id, name, email, email_verified)
         select gen_random_uuid()::text, 'Reviewer ' || n, 'reviewer-' || $1::text || '-' || n || '@example.com', true
         from generate_series(1, $2::int) n
         returning id, name
       )
       insert into reviews (user_id, user_name, rating, review, tool_id, created_at)
       select id, name, 4, 'Review ' || split_part(name, ' ', 2) || ': does the job on site, day after day.',
              $1::uuid, now() - (($2::int - split_part(name, ' ', 2)::int) * interval '1 minute')
       from people`,
      [toolId, count],
    );
  } finally {
    await client.end();
  }
}

/**
 * Names the company its placer is in on an order, as placement does for a company's member: a
 * journey through the company's orders needs one whatever else placement decides.
 */
export async function orderForTheirCompany(orderId: string): Promise<void> {
  const client = await connect();
  try {
    await client.query(
      `update orders o set company_id = m.company_id
         from company_members m where m.user_id = o.user_id and o.id = $1`,
      [orderId],
    );
  } finally {
    await client.end();
  }
}
