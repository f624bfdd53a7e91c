import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { renderMail } from '../server/mail/templates.ts';
import { processTree } from './lib/processes.ts';
import { removeDataDir, tempDataDir } from './lib/store.ts';

/**
 * What one queued email costs PostgreSQL over its life in the mail queue (issue 30): its insert
 * (in the order's transaction), its lease and its sent mark (the mailer's two updates,
 * server/mail/mailer.ts), and the vacuum of what they leave behind. Shapes of the queue side by
 * side in one database, each in a schema of its own, run in turn: rounds of ROUND emails queued in
 * one transaction, each round then leased (up to 50) and marked sent as the mailer does, until
 * `messages` are sent, with a VACUUM every VACUUM_EVERY emails (autovacuum is off for these
 * tables). PostgreSQL's CPU is the run time of all its processes (/proc/<pid>/schedstat, in
 * nanoseconds: an email costs microseconds), the WAL from pg_current_wal_insert_lsn(). Results
 * and what they mean: bench/README.md, "The mail queue's state changes".
 *
 * SHAPES=today,locked ROUND=20 VACUUM_EVERY=2000 node --import tsx bench/mail-queue.ts [messages] [repetitions]
 */
const MESSAGES = Number(process.argv[2] ?? 3000);
const REPETITIONS = Number(process.argv[3] ?? 2);
const ROUND = Number(process.env.ROUND ?? 20);
const VACUUM_EVERY = Number(process.env.VACUUM_EVERY ?? 0);
const BATCH = 50;
const LEASE_SECONDS = 600;

interface Shape {
  name: string;
  setup: string;
  insert: string;
  claim: string;
  sent: (ids: number) => string;
  tables: string[];
  /** Leased by a row lock held while sending, in one transaction with the sent mark. */
  isLocked?: boolean;
}

const columns = `id uuid primary key default gen_random_uuid(), kind text not null, "to" text not null,
  subject text not null, text text not null, html text not null`;
const queueColumns = `status text not null default 'pending', attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(), last_error text, sent_at timestamptz,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now(),
  constraint status_check check (status in ('pending', 'sent', 'failed'))`;
const inList = (ids: number) => Array.from({ length: ids }, (_, i) => `$${i + 2}`).join(', ');
const sentSet = `status = $1, sent_at = now(), attempts = attempts + 1, last_error = null, updated_at = now()`;

/** Today's: one table, the lease moves next_attempt_at. */
function wide(name: string, options: { lease: boolean; storage: string }): Shape {
  const s = name;
  const due = `status = 'pending' and next_attempt_at <= now()${options.lease ? ' and (leased_until is null or leased_until <= now())' : ''}`;
  return {
    name,
    tables: [`${s}.mail_outbox`],
    setup: `create schema ${s};
      create table ${s}.mail_outbox (${columns}, ${queueColumns}${options.lease ? ', leased_until timestamptz' : ''})
        with (autovacuum_enabled = false${options.storage});
      create index on ${s}.mail_outbox (next_attempt_at) where status = 'pending';`,
    insert: `insert into ${s}.mail_outbox (kind, "to", subject, text, html) values ($1, $2, $3, $4, $5)`,
    claim: `update ${s}.mail_outbox set ${options.lease ? 'leased_until' : 'next_attempt_at'} = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
      where id in (select id from ${s}.mail_outbox where ${due} order by next_attempt_at limit ${BATCH} for update skip locked)
      returning *`,
    sent: (ids) => `update ${s}.mail_outbox set ${sentSet} where id in (${inList(ids)})`,
  };
}

/** A narrow queue row beside the message, written once. */
function split(name: string, options: { lease: boolean; storage: string }): Shape {
  const s = name;
  const due = `status = 'pending' and next_attempt_at <= now()${options.lease ? ' and (leased_until is null or leased_until <= now())' : ''}`;
  return {
    name,
    tables: [`${s}.mail_messages`, `${s}.mail_outbox`],
    setup: `create schema ${s};
      create table ${s}.mail_messages (${columns}, created_at timestamptz not null default now())
        with (autovacuum_enabled = false);
      create table ${s}.mail_outbox (id uuid primary key references ${s}.mail_messages, ${queueColumns}${options.lease ? ', leased_until timestamptz' : ''})
        with (autovacuum_enabled = false${options.storage});
      create index on ${s}.mail_outbox (next_attempt_at) where status = 'pending';`,
    insert: `with m as (insert into ${s}.mail_messages (kind, "to", subject, text, html) values ($1, $2, $3, $4, $5) returning id)
      insert into ${s}.mail_outbox (id) select id from m`,
    claim: `with c as (update ${s}.mail_outbox set ${options.lease ? 'leased_until' : 'next_attempt_at'} = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
      where id in (select id from ${s}.mail_outbox where ${due} order by next_attempt_at limit ${BATCH} for update skip locked)
      returning *) select c.*, m.kind, m."to", m.subject, m.text, m.html from c join ${s}.mail_messages m using (id)`,
    sent: (ids) => `update ${s}.mail_outbox set ${sentSet} where id in (${inList(ids)})`,
  };
}

const shapes: Shape[] = [
  wide('today', { lease: false, storage: '' }),
  wide('lease_ff', { lease: true, storage: ', fillfactor = 50' }),
  wide('lease_ff70', { lease: true, storage: ', fillfactor = 70' }),
  wide('lease_ff85', { lease: true, storage: ', fillfactor = 85' }),
  wide('lease', { lease: true, storage: '' }),
  wide('toasted', { lease: false, storage: ', toast_tuple_target = 128' }),
  wide('lease_toasted', { lease: true, storage: ', fillfactor = 70, toast_tuple_target = 128' }),
  {
    ...wide('locked', { lease: false, storage: '' }),
    isLocked: true,
    claim: `select * from locked.mail_outbox where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at limit ${BATCH} for update skip locked`,
  },
  split('split', { lease: false, storage: '' }),
  split('split_lease', { lease: true, storage: ', fillfactor = 70' }),
].filter((shape) => !process.env.SHAPES || process.env.SHAPES.split(',').includes(shape.name));

function email(n: number) {
  return {
    kind: 'order_confirmation',
    to: `buyer-${n % 50}@example.com`,
    ...renderMail({
      storeName: 'Toolyard',
      subject: `Your order T-${100000 + n} is placed`,
      greeting: `Hello Buyer ${n % 50},`,
      paragraphs: [
        `Thank you for your order T-${100000 + n}, placed on 28 November 2026 at 20:${String(n % 60).padStart(2, '0')}.`,
        `1 x Cordless drill 18 V (TOOL-${String(n % 100).padStart(5, '0')}): €${(n % 90) + 10}.00. Total €${(n % 90) + 10}.00, of which VAT €${(n % 17) + 2}.31.`,
        'Pay within 30 minutes, or the order is cancelled and the tools go back on the shelf.',
        'Delivery: standard shipping to 12 Harbour Road, Dublin D02 XY45, Ireland.',
      ],
      action: {
        label: 'See your order',
        url: `https://shop.example/orders/${n}-0000-0000-000000000000`,
      },
      footnote: 'You receive this email because you placed an order at Toolyard.',
    }),
  };
}

interface Tally {
  cpu: number;
  wal: number;
}
const zero = (): Tally => ({ cpu: 0, wal: 0 });

async function main() {
  // Open to enter, so that the cluster lives inside it and goes with it (bench/lib/store.ts).
  const dataDir = tempDataDir('mail-queue');
  const db = await startEmbeddedPostgres({ dataDir, port: 0, log: pino({ level: 'warn' }) });
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const backend = (await client.query('select pg_backend_pid() as pid')).rows[0].pid as number;
    const postmaster = Number(
      readFileSync(`/proc/${backend}/stat`, 'utf8').split(') ')[1]?.split(' ')[1],
    );
    // Run time in nanoseconds (schedstat), not /proc's 10 ms ticks: a message costs microseconds.
    const cpu = () =>
      processTree(postmaster).reduce((sum, pid) => {
        try {
          return sum + Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
        } catch {
          return sum;
        }
      }, 0);
    const lsn = async () =>
      Number(
        (await client.query(`select pg_current_wal_insert_lsn() - '0/0'::pg_lsn as b`)).rows[0].b,
      );
    for (const shape of shapes) await client.query(shape.setup);
    const results = new Map<
      string,
      { insert: Tally; claim: Tally; sent: Tally; vacuum: Tally; hot: string; size: string }[]
    >();
    for (let rep = 0; rep < REPETITIONS; rep += 1) {
      for (const shape of shapes) {
        for (const table of [...shape.tables].reverse())
          await client.query(`truncate ${table} cascade`);
        await client.query('select pg_stat_reset()');
        const t = { insert: zero(), claim: zero(), sent: zero(), vacuum: zero() };
        const measure = async (into: Tally, work: () => Promise<void>) => {
          const [c0, w0] = [cpu(), await lsn()];
          await work();
          into.cpu += cpu() - c0;
          into.wal += (await lsn()) - w0;
        };
        let queued = 0;
        let sentCount = 0;
        while (sentCount < MESSAGES) {
          await measure(t.insert, async () => {
            await client.query('begin');
            for (let i = 0; i < ROUND; i += 1, queued += 1) {
              const m = email(queued);
              await client.query(shape.insert, [m.kind, m.to, m.subject, m.text, m.html]);
            }
            await client.query('commit');
          });
          let batch: { id: string; html: string }[] = [];
          await measure(t.claim, async () => {
            if (shape.isLocked) await client.query('begin');
            batch = (await client.query(shape.claim)).rows;
          });
          if (batch.some((row) => row.html.length < 1000))
            throw new Error('the html did not come back');
          await measure(t.sent, async () => {
            await client.query(shape.sent(batch.length), ['sent', ...batch.map((row) => row.id)]);
            if (shape.isLocked) await client.query('commit');
          });
          sentCount += batch.length;
          // As autovacuum would, every VACUUM_EVERY messages.
          if (VACUUM_EVERY && queued % VACUUM_EVERY === 0)
            await measure(t.vacuum, async () => {
              for (const table of shape.tables) await client.query(`vacuum ${table}`);
            });
        }
        await client.query('select pg_stat_force_next_flush()');
        const stats = await client.query(
          `select relname, n_tup_upd, n_tup_hot_upd, pg_size_pretty(pg_total_relation_size(relid)) as size
             from pg_stat_user_tables where schemaname = $1 order by relname`,
          [shape.name],
        );
        const size = stats.rows.map((r) => `${r.relname} ${r.size}`).join(', ');
        const hot = stats.rows
          .filter((r) => Number(r.n_tup_upd) > 0)
          .map((r) => `${r.n_tup_hot_upd}/${r.n_tup_upd} HOT`)
          .join(', ');
        await measure(t.vacuum, async () => {
          for (const table of shape.tables) await client.query(`vacuum ${table}`);
        });
        const list = results.get(shape.name) ?? [];
        list.push({ ...t, hot, size });
        results.set(shape.name, list);
        const per = (x: Tally) =>
          `${((x.cpu / sentCount) * 1e6).toFixed(0)} µs ${(x.wal / sentCount).toFixed(0)} B`;
        const total = ['insert', 'claim', 'sent', 'vacuum'].reduce(
          (sum, k) => ({
            cpu: sum.cpu + t[k as keyof typeof t].cpu,
            wal: sum.wal + t[k as keyof typeof t].wal,
          }),
          zero(),
        );
        console.log(
          `${shape.name.padEnd(14)} rep ${rep + 1}: insert ${per(t.insert)} | lease ${per(t.claim)} | sent ${per(t.sent)} | vacuum ${per(t.vacuum)} | all ${per(total)} | ${hot} | ${size} | load ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
        );
      }
    }
  } finally {
    await client.end();
    await db.stop();
    removeDataDir(dataDir);
  }
}

await main();
