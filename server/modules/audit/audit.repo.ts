import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type {
  AuditAction,
  AuditEntry,
  AuditTargetType,
  ListAuditQuery,
} from '../../../contract/audit.ts';
import { readTogether, type Tx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { SessionUser } from '../../http/session.ts';

/** Who made a change: a signed-in person, or (id null) the command line, named as it was. */
export type AuditActor = Pick<SessionUser, 'name' | 'email'> & { id: string | null };

export interface AuditRecord {
  action: AuditAction;
  target: { type: AuditTargetType; id: string; label: string };
  details?: Record<string, unknown>;
}

/**
 * Records a change in the audit log. Call it inside the transaction that makes the change, so the
 * entry exists exactly when the change does.
 */
export async function recordAudit(tx: Tx, actor: AuditActor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    targetLabel: record.target.label,
    details: record.details ?? {},
  });
}

type AuditRow = typeof auditLog.$inferSelect;

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: row.id,
    actor: { id: row.actorId, name: row.actorName, email: row.actorEmail },
    action: row.action as AuditAction,
    target: { type: row.targetType as AuditTargetType, id: row.targetId, label: row.targetLabel },
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

function auditFilter(query: Partial<ListAuditQuery>): SQL | undefined {
  return and(
    query.action && eq(auditLog.action, query.action),
    query.targetType && eq(auditLog.targetType, query.targetType),
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
    query.actor ? eq(sql`lower(${auditLog.actorEmail})`, query.actor.toLowerCase()) : undefined,
  );
}

/** One page of the entries that match, newest first, and how many match in all. */
export async function listAudit(
  tx: Tx,
  query: Partial<ListAuditQuery> & { limit: number; offset: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const where = auditFilter(query);
  const [rows, [counted]] = await readTogether(tx, [
    () =>
      tx
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(query.limit)
        .offset(query.offset),
    () => tx.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toAuditEntry), total: counted?.total ?? 0 };
}
