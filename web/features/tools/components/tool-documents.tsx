import { DOCUMENT_KIND_LABELS } from '#contract/tool-media-kinds.ts';
import type { ToolDetail } from '#contract/tools.ts';
import { formatFileSize } from '#web/lib/format.ts';

/** The tool's PDFs (datasheets, manuals, certificates) to download; nothing when it has none. */
export function ToolDocuments({ tool }: { tool: Pick<ToolDetail, 'name' | 'documents'> }) {
  if (tool.documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-heading" className="mt-8">
      <h2 id="documents-heading" className="text-lg font-bold text-navy-900">
        Documents
      </h2>
      <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {tool.documents.map((document) => {
          const details = `${DOCUMENT_KIND_LABELS[document.kind]}, PDF, ${formatFileSize(document.size)}`;
          return (
            <li
              key={document.url}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3"
            >
              <div className="min-w-0 [overflow-wrap:anywhere]">
                <p className="font-semibold text-stone-900">{document.title}</p>
                <p className="text-sm text-stone-600">{details}</p>
              </div>
              <a
                href={document.url}
                download={`${document.title}.pdf`}
                type="application/pdf"
                aria-label={`Download PDF: ${document.title} (${details})`}
                className="inline-flex min-h-10 items-center rounded-md border border-stone-300 bg-white px-4 text-sm font-semibold text-navy-800 hover:bg-navy-50"
              >
                Download PDF
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
