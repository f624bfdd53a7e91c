import { Form, Link, type MetaArgs } from 'react-router';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
  ListAuditQuerySchema,
} from '#contract/audit.ts';
import { formatCount } from '#contract/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useAuditPage } from '#web/features/audit/api/audit.ts';
import { AuditList } from '#web/features/audit/components/audit-list.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { useMoney } from '#web/lib/store-config.ts';
import { countSentence, useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Audit log', path: location.pathname, noIndex: true });

const PAGE_SIZE = 50;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.role_changed': 'Role changed',
  'tool.created': 'Tool added',
  'tool.updated': 'Tool changed',
  'tool.deleted': 'Tool deleted',
  'catalogue.imported': 'Catalogue imported',
  'category.created': 'Category added',
  'category.updated': 'Category changed',
  'category.deleted': 'Category deleted',
  'order.cancelled': 'Order cancelled',
  'order.shipped': 'Order shipped',
  'order.shipments_updated': 'Parcels changed',
  'order.refund_noted': 'Refund noted',
  'order.refund_sent_again': 'Refund sent again',
  'quote.requested': 'Quote asked for',
  'quote.offered': 'Quote offered',
  'quote.refused': 'Quote refused',
  'quote.accepted': 'Quote accepted',
  'quote.declined': 'Quote declined',
  'quote.withdrawn': 'Quote withdrawn',
  'quote.message_written': 'Quote message',
  'order.approved': 'Order approved',
  'order.rejected': 'Order rejected',
  'review.hidden': 'Review hidden',
  'review.shown': 'Review shown again',
  'review.deleted': 'Review deleted',
  'company.created': 'Company created',
  'company.updated': 'Company changed',
  'company.invited': 'Invitation sent',
  'company.invitation_revoked': 'Invitation revoked',
  'company.member_joined': 'Member joined',
  'company.member_changed': 'Member changed',
  'company.member_removed': 'Member removed',
  'company.member_left': 'Member left',
  'payment_terms.set': 'Payment terms given',
  'payment_terms.cleared': 'Payment terms taken away',
  'order.payment_recorded': 'Payment recorded',
  'order.payout_recorded': 'Money paid back',
  'delivery_method.created': 'Delivery method added',
  'delivery_method.updated': 'Delivery method changed',
  'delivery_method.deleted': 'Delivery method deleted',
  'tax_rate.created': 'Tax rate added',
  'tax_rate.updated': 'Tax rate changed',
  'tax_rate.deleted': 'Tax rate deleted',
  'tax_exemption.set': 'Marked tax-exempt',
  'tax_exemption.cleared': 'Tax exemption ended',
  'tax_vat_number.verified': 'VAT number verified',
  'tax_vat_number.withdrawn': 'VAT number verification withdrawn',
};
const TARGET_LABELS: Record<AuditTargetType, string> = {
  user: 'People',
  tool: 'Tools',
  category: 'Categories',
  order: 'Orders',
  tax_rate: 'Tax rates',
  quote: 'Quotes',
  review: 'Reviews',
  catalogue: 'Catalogue imports',
  company: 'Companies',
  delivery_method: 'Delivery methods',
};

export function AuditLogPage() {
  const list = useUrlList(PAGE_SIZE);
  const typed = {
    action: list.get('action'),
    targetType: list.get('targetType'),
    targetId: list.get('targetId'),
    actor: list.get('actor'),
  };
  const parsed = ListAuditQuerySchema.safeParse(typed);
  const problems = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
  const valid = <K extends keyof typeof typed>(name: K) =>
    problems.has(name) ? undefined : typed[name];
  const entries = useAuditPage({
    action: valid('action') as AuditAction | undefined,
    targetType: valid('targetType') as AuditTargetType | undefined,
    targetId: valid('targetId'),
    actor: valid('actor'),
    limit: PAGE_SIZE,
    offset: list.offset,
  });
  const money = useMoney();
  const isFiltered = Object.values(typed).some(Boolean);

  return (
    <>
      <PageHeading
        title="Audit log"
        description="Who changed what, and when: roles, tools, orders and reviews, newest first."
      />
      <Form
        method="get"
        role="search"
        aria-label="Filter the audit log"
        key={list.formKey}
        ref={list.formRef}
        onSubmit={list.submit}
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <SelectField label="What happened" name="action" defaultValue={valid('action') ?? ''}>
          <option value="">Any change</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Changed" name="targetType" defaultValue={valid('targetType') ?? ''}>
          <option value="">Anything</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {TARGET_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Changed by (email)"
          name="actor"
          type="email"
          defaultValue={typed.actor ?? ''}
          error={
            problems.has('actor') ? 'Enter an email address such as ana@example.com.' : undefined
          }
          autoComplete="off"
          spellCheck={false}
        />
        {typed.targetId && <input type="hidden" name="targetId" value={typed.targetId} />}
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" variant="secondary" worksWithoutScript>
            Filter
          </Button>
          {isFiltered && (
            <Link
              to="?"
              onClick={list.clearFilters}
              className="py-2 text-sm font-semibold text-navy-700 underline"
            >
              Show every change
            </Link>
          )}
        </div>
      </Form>
      <QueryView
        query={entries}
        loadingLabel="Loading the audit log…"
        errorTitle="We could not load the audit log"
        isEmpty={(data) => data.entries.length === 0}
        emptyTitle={isFiltered ? 'No change matches these filters' : 'Nothing has been changed yet'}
        emptyText={
          isFiltered
            ? undefined
            : 'Role changes, tool edits, shipments, refunds and review moderation appear here.'
        }
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {countSentence(
                data.total,
                { offset: list.offset, count: data.entries.length, pageSize: PAGE_SIZE },
                ['change', 'changes'],
                formatCount,
              )}
            </p>
            <AuditList entries={data.entries} money={money} />
            <Pagination
              page={list.page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={list.hrefFor}
              label="Pages of the audit log"
            />
          </>
        )}
      </QueryView>
    </>
  );
}

export default AuditLogPage;
