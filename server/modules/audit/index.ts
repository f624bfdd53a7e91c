/** What the audit log offers the other modules: recording an entry in the caller's transaction. */
export { type AuditActor, recordAudit } from './audit.repo.ts';
