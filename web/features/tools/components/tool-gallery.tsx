import { type KeyboardEvent, useRef, useState } from 'react';
import type { ToolDetail } from '#contract/tools.ts';
import { uploadSrcSet } from '#contract/upload-names.ts';
import { ToolImage } from '#web/components/ui/tool-image.tsx';

interface Picture {
  /** The main picture, or a gallery picture by its address (unique in a gallery). */
  key: string;
  src: string;
  alt: string;
}

/**
 * The tool's pictures: the main one large, and with more than one a row of thumbnails that show
 * each in its place. The thumbnails are buttons (Tab, Enter or Space), and the arrow keys, Home
 * and End move along them; the large picture says which it is for screen readers.
 */
export function ToolGallery({ tool }: { tool: Pick<ToolDetail, 'name' | 'img' | 'gallery'> }) {
  const pictures: Picture[] = [
    { key: 'main', src: tool.img, alt: tool.name },
    ...tool.gallery.map((picture) => ({ key: `gallery:${picture.src}`, ...picture })),
  ];
  const [shown, setShown] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const current = pictures[shown] ?? pictures[0];
  if (!current) return null;

  const show = (index: number) => {
    const next = (index + pictures.length) % pictures.length;
    setShown(next);
    thumbnails.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: pictures.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  };

  return (
    <section aria-label={`Pictures of ${tool.name}`} data-testid="tool-gallery">
      <figure className="overflow-hidden rounded-xl border border-stone-200 bg-white">
        <ToolImage
          key={current.src}
          src={current.src}
          alt={current.alt}
          isPriority
          sizes="(min-width: 1024px) 640px, 100vw"
        />
        {pictures.length > 1 && (
          <figcaption className="sr-only" aria-live="polite">
            {`Picture ${shown + 1} of ${pictures.length}: ${current.alt}`}
          </figcaption>
        )}
      </figure>
      {pictures.length > 1 && (
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label="Choose a picture">
          {pictures.map((picture, index) => (
            <li key={picture.key} className="min-w-0">
              <button
                type="button"
                ref={(element) => {
                  thumbnails.current[index] = element;
                }}
                aria-pressed={index === shown}
                aria-label={`Show picture ${index + 1}: ${picture.alt}`}
                tabIndex={index === shown ? 0 : -1}
                onClick={() => setShown(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={`block w-full overflow-hidden rounded-md border-2 bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-orange-600 ${
                  index === shown ? 'border-navy-700' : 'border-stone-200 hover:border-stone-400'
                }`}
              >
                <img
                  src={picture.src}
                  srcSet={uploadSrcSet(picture.src)}
                  sizes="120px"
                  alt=""
                  width={160}
                  height={120}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[4/3] h-auto w-full bg-stone-100 object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
