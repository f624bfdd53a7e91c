import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { ToolImage } from '#web/components/ui/tool-image.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoney } from '#web/lib/store-config.ts';
import type { ToolSummary } from '../utils/tool-summary.ts';

interface BestSellerContent {
  eyebrow: string;
  name: string;
  searchName: string;
  image: string;
  text: string;
  points: readonly string[];
}

/** The highlighted product; links to its purchase page once the catalogue has answered. */
export function BestSeller({
  content,
  tool,
}: {
  content: BestSellerContent;
  tool: ToolSummary | undefined;
}) {
  const money = useMoney();
  const href = tool ? paths.tool(tool._id) : paths.tools({ q: content.searchName });
  return (
    <section
      id="best-seller"
      aria-labelledby="best-seller-title"
      className="scroll-mt-24 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
    >
      <div className="grid items-center md:grid-cols-2">
        <div className="bg-gradient-to-br from-orange-50 to-stone-100 p-6 sm:p-10">
          <ToolImage
            src={tool?.img ?? content.image}
            alt={content.name}
            className="bg-transparent"
          />
        </div>
        <div className="p-6 sm:p-10">
          <p className="inline-flex items-center gap-2 rounded-full bg-orange-100 px-3 py-1 text-xs font-bold tracking-wide text-orange-800 uppercase">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
              <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5Z" />
            </svg>
            {content.eyebrow}
          </p>
          <h2
            id="best-seller-title"
            className="mt-4 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
          >
            {content.name}
          </h2>
          <p className="mt-3 text-stone-700">{content.text}</p>
          <ul className="mt-5 space-y-2 text-sm text-stone-800">
            {content.points.map((point) => (
              <li key={point} className="flex gap-2">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mt-0.5 size-4 shrink-0 text-orange-600"
                  fill="currentColor"
                >
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
                {point}
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Link to={href} className={buttonClasses({ size: 'lg' })}>
              Order the kit
            </Link>
            {tool && (
              <p className="text-sm text-stone-600">
                <span className="text-lg font-bold text-navy-900">{money(tool.price)}</span> per
                unit
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
