import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * Direct access to the test server's embedded PostgreSQL, for set-up that is not the subject of a
 * test. Location from E2E_DATA_DIR.
 */
export async function connect(): Promise<pg.Client> {
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

/**
 * `members` buyers (each an account of its own) and `invitations` open invitations, sent by the
 * owner, added to the company `ownerEmail` owns: for screens that page a company's lists.
 */
export async function addCompanyPeople(
  ownerEmail: string,
  counts: { members: number; invitations: number },
): Promise<void> {
  const client = await connect();
  try {
    const owner = await client.query<{ user_id: string; company_id: string }>(
      `select m.user_id, m.company_id from company_members m join "user" u on u.id = m.user_id
        where lower(u.email) = lower($1) and m.role = 'owner'`,
      [ownerEmail],
    );
    const row = owner.rows[0];
    if (!row) throw new Error(`${ownerEmail} owns no company`);
    const tag = row.company_id.slice(0, 8);
    await client.query(
      `with people as (
         insert into "user" (id, name, email, email_verified)
         select gen_random_uuid()::text, 'Crew ' || lpad(n::text, 2, '0'),
                'crew-' || $2::text || '-' || n || '@example.com', true
         from generate_series(1, $3::int) n
         returning id
       )
       insert into company_members (user_id, company_id, role)
       select id, $1::uuid, 'buyer' from people`,
      [row.company_id, tag, counts.members],
    );
    await client.query(
      `insert into company_invitations (company_id, email, role, token_hash, invited_by, expires_at, created_at)
       select $1::uuid, 'waiting-' || $2::text || '-' || n || '@example.com', 'buyer',
              md5(random()::text || n), $3, now() + interval '14 days', now() - n * interval '1 minute'
       from generate_series(1, $4::int) n`,
      [row.company_id, tag, row.user_id, counts.invitations],
    );
  } finally {
    await client.end();
  }
}

/**
 * A refund of `amount` on a paid order that its payment provider never answered: pending with no
 * reference, as a store that stopped between recording a refund and hearing back leaves it (the
 * test gateway itself always answers). Recorded by the demo admin; returns its id.
 */
export async function addUnansweredRefund(orderId: string, amount: number): Promise<string> {
  const client = await connect();
  try {
    const result = await client.query<{ id: string }>(
      `insert into order_refunds (order_id, amount, note, provider, status, recorded_by)
       select $1, $2, 'The payment provider never answered.', p.provider, 'pending', u.id
         from payments p, "user" u
        where p.order_id = $1 and p.status = 'succeeded' and u.email = 'admin@example.com'
       returning id`,
      [orderId, amount],
    );
    const id = result.rows[0]?.id;
    if (!id) throw new Error('The order has no succeeded payment to refund.');
    return id;
  } finally {
    await client.end();
  }
}
