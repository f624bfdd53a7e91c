import { uploadSrcSet } from '#contract/upload-names.ts';

const PLACEHOLDER = '/images/tool-placeholder.svg';

/**
 * A tool picture with fixed intrinsic dimensions (4:3), so the page never jumps while it loads;
 * a neutral placeholder replaces a missing or broken image. An uploaded image comes in several
 * widths: the browser picks one for `sizes` (how wide the picture is shown).
 */
export function ToolImage({
  src,
  alt,
  className = '',
  isPriority = false,
  sizes = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
}: {
  src: string;
  alt: string;
  className?: string;
  isPriority?: boolean;
  sizes?: string;
}) {
  const srcSet = src ? uploadSrcSet(src) : undefined;
  return (
    <img
      src={src || PLACEHOLDER}
      {...(srcSet ? { srcSet, sizes } : {})}
      alt={alt}
      width={640}
      height={480}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding="async"
      onError={(event) => {
        const image = event.currentTarget;
        if (!image.src.endsWith(PLACEHOLDER)) {
          image.removeAttribute('srcset');
          image.src = PLACEHOLDER;
        }
      }}
      className={`aspect-[4/3] h-auto w-full bg-stone-100 object-contain ${className}`}
    />
  );
}
