import { formatUnits } from '../../../contract/format.ts';
import type { FieldError } from '../../../contract/problem.ts';
import {
  neededConfirmations,
  TOOL_FIELD_NAMES,
  type ToolConfirmation,
} from '../../../contract/tools.ts';
import { confirmationRequired } from '../../errors.ts';
import type { ToolRecord } from './tools.repo.ts';

/** The fields of a tool an admin edits, as the audit log names them (related tools: below). */
const AUDITED_FIELDS = [...TOOL_FIELD_NAMES, 'gallery', 'documents'] as const;
type AuditedField = (typeof AUDITED_FIELDS)[number];

/** Each field that differs between two versions of a tool, with its value before and after. */
export function changedFields(
  before: Pick<ToolRecord, AuditedField>,
  after: Pick<ToolRecord, AuditedField>,
): Partial<Record<AuditedField, { before: unknown; after: unknown }>> {
  const changes: Partial<Record<AuditedField, { before: unknown; after: unknown }>> = {};
  for (const field of AUDITED_FIELDS) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      changes[field] = { before: before[field], after: after[field] };
  }
  return changes;
}

/**
 * The related tools before and after, as `kind:id` in order, when the request set them and they
 * differ (the audit log's `related` change); nothing otherwise.
 */
export function relatedChange(
  before: readonly string[] | undefined,
  after: readonly { toolId: string; kind: string }[] | undefined,
): { related?: { before: readonly string[]; after: string[] } } {
  if (!before || !after) return {};
  const next = after.map((entry) => `${entry.kind}:${entry.toolId}`);
  return JSON.stringify(before) === JSON.stringify(next)
    ? {}
    : { related: { before, after: next } };
}

/** A tool's fields as the audit log keeps them when it is added or deleted. */
export function auditedFields(row: Pick<ToolRecord, AuditedField>): Record<AuditedField, unknown> {
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, row[field]])) as Record<
    AuditedField,
    unknown
  >;
}

/**
 * Refuses a tool that looks like a mistake (a price of 0, a minimum order above the stock) unless
 * the request acknowledges it in `confirm`; `changed` names the fields the request sets.
 */
export function assertConfirmed(
  tool: { price: number; minimumOrder: number; quantity: number },
  changed: { price: boolean; minimumOrder: boolean; quantity: boolean },
  confirm: readonly ToolConfirmation[] = [],
): void {
  const missing = neededConfirmations(tool, changed).filter((what) => !confirm.includes(what));
  if (missing.length === 0) return;
  const errors: FieldError[] = missing.map((what) =>
    what === 'free'
      ? {
          field: 'price',
          in: 'body',
          message: 'A price of 0 gives the tool away: confirm that it is free.',
        }
      : {
          field: 'minimumOrder',
          in: 'body',
          message: `The minimum order (${formatUnits(tool.minimumOrder)}) is above the stock (${formatUnits(tool.quantity)}): nobody can buy it until it is restocked. Confirm to save it anyway.`,
        },
  );
  throw confirmationRequired(
    errors.length === 1
      ? (errors[0]?.message ?? '')
      : 'The price is 0 and the minimum order is above the stock: confirm both to save the tool.',
    missing,
    errors,
  );
}
