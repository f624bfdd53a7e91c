-- An import of the catalogue (a CSV file) is audited as one entry of its own, target type "catalogue" (docs/decisions/045).
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('user', 'tool', 'category', 'order', 'review', 'catalogue'));