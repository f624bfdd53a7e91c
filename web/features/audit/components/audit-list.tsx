import { Link } from 'react-router';
import type { AuditEntry } from '#contract/audit.ts';
import { describeAudit } from '#contract/audit-sentence.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { paths } from '#web/lib/paths.ts';

/** Where an entry's target can be opened, when it still can. */
function targetLink(entry: AuditEntry): { to: string; label: string } | null {
  const { type, id, label } = entry.target;
  switch (type) {
    case 'order':
      return { to: paths.order(id), label: `Open order ${label}` };
    case 'tool':
      return entry.action === 'tool.deleted'
        ? null
        : { to: paths.tool(id), label: `Open ${label}` };
    case 'user':
      return {
        to: paths.people({ q: label }),
        label: `Find ${label} in people`,
      };
    case 'review':
      return entry.action === 'review.deleted'
        ? null
        : { to: paths.manageReviews(), label: 'Moderate reviews' };
    default:
      return null;
  }
}

/**
 * The audit log as a list of sentences, newest first: who did what to what, when, with a link to
 * the thing changed. One column at every width, so a phone reads it as a desktop does.
 */
export function AuditList({
  entries,
  money,
}: {
  entries: AuditEntry[];
  money: (minorUnits: number) => string;
}) {
  return (
    <ol
      aria-label="Changes, newest first"
      className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white shadow-sm"
    >
      {entries.map((entry) => {
        const link = targetLink(entry);
        return (
          <li key={entry._id} className="grid gap-1 px-4 py-3 text-sm">
            <p className="break-words text-stone-900">{describeAudit(entry, money)}</p>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-stone-600">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              {entry.actor.email && <span className="break-all">by {entry.actor.email}</span>}
              {link && (
                <Link to={link.to} className="font-semibold text-navy-700 underline">
                  {link.label}
                </Link>
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
