import { Link } from 'react-router';
import type { AuditEntry } from '#contract/audit.ts';
import { type AuditSentencePart, describeAuditParts } from '#contract/audit-sentence.ts';
import { formatDateTime } from '#contract/dates.ts';
import * as paths from '#web/lib/paths.ts';

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
 * An entry's sentence, what someone typed (a name, a tool's name, a review) set apart in quotation
 * marks on a tinted ground, so that no typed text reads as the store's own words.
 */
function AuditSentence({ parts }: { parts: AuditSentencePart[] }) {
  // Each part is keyed by where it starts in the sentence.
  const starts = parts.map((_, at) =>
    parts.slice(0, at).reduce((sum, p) => sum + p.text.length, 0),
  );
  return (
    <p className="text-stone-900 [overflow-wrap:anywhere]">
      {parts.map((part, at) =>
        part.isQuoted ? (
          <span key={starts[at]}>
            “
            <span className="rounded bg-amber-50 px-0.5 text-stone-800 ring-1 ring-amber-200">
              {part.text}
            </span>
            ”
          </span>
        ) : (
          <span key={starts[at]}>{part.text}</span>
        ),
      )}
    </p>
  );
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
            <AuditSentence parts={describeAuditParts(entry, money)} />
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-stone-600">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
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
