import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './accounts.ts';
import { timestamps } from './columns.ts';

/** The store's own records: the audit log, facts about the database, the mail queue, rate limits. */

/**
 * Who changed what and when, for the changes an admin (or a customer removing their own review)
 * makes: role changes, tool changes, order cancellations, shipments, refunds, review removals.
 * The actor's name and email are copied so the entry still reads right after they change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** contract/audit.ts AuditAction */
    action: text('action').notNull(),
    /** user | tool | category | order | quote | review | catalogue (an import) | company | delivery_method */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What a person reads for the target: an email, a tool's name, TY-10042, a review's start. */
    targetLabel: text('target_label').notNull(),
    /** What changed, e.g. `{from: 'Admin', to: 'User'}` or the fields of a tool, before and after. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'audit_log_target_type_check',
      sql`${t.targetType} in ('user', 'tool', 'category', 'order', 'quote', 'review', 'catalogue', 'company', 'delivery_method', 'tax_rate')`,
    ),
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
  ],
);

/** Small key/value facts about this database, e.g. that the demo catalogue was seeded once. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

/**
 * Every email the store sends goes through this queue first, so a failed send is retried and
 * never lost; several instances drain it safely (FOR UPDATE SKIP LOCKED).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Fixed-window request counters shared by every instance (sign-in attempts, writes). Keys are
 * `<bucket>:<hash of the subject>`, so their size never depends on what a client sends; rows whose
 * window has ended are pruned.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    check('rate_limits_key_length_check', sql`length(${t.key}) <= 100`),
    index('rate_limits_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Where each catalogue import stands, written as it goes outside the import's own transaction so
 * that the admin's screen can read it from any instance while the import runs (decision 050). The
 * id is the one the screen chose when it sent the file.
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: uuid('id').primaryKey(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    isDryRun: boolean('is_dry_run').notNull(),
    /** checking (the file read and checked), writing (the tools saved), done, failed. */
    phase: text('phase').notNull().default('checking'),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull(),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    /** Known once the file is read and found without problems (an apply only). */
    rowsToWrite: integer('rows_to_write'),
    rowsWritten: integer('rows_written').notNull().default(0),
    /** The import's answer once done (contract ImportReport). */
    report: jsonb('report').$type<Record<string, unknown>>(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'catalogue_imports_phase_check',
      sql`${t.phase} in ('checking', 'writing', 'done', 'failed')`,
    ),
    index('catalogue_imports_created_idx').on(t.createdAt),
  ],
);
