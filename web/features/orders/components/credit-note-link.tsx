import { apiHref } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';

/** A credit note's PDF to download, named by its number. */
export function CreditNoteLink({ number }: { number: string }) {
  return (
    <a
      href={apiHref(apiRoutes.creditNotes.pdf, { params: { number } })}
      download={`${number}.pdf`}
      className="inline-flex min-h-10 items-center gap-2 font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
        <path d="M10 2a1 1 0 0 1 1 1v7.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 10.6V3a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1v1h10v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
      </svg>
      Credit note {number} (PDF)
    </a>
  );
}
