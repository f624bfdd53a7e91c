const PLACEHOLDER = '/images/tool-placeholder.svg';

/**
 * A tool picture with fixed intrinsic dimensions (4:3), so the page never jumps while it loads;
 * a neutral placeholder replaces a missing or broken image.
 */
export function ToolImage({
  src,
  alt,
  className = '',
  isPriority = false,
}: {
  src: string;
  alt: string;
  className?: string;
  isPriority?: boolean;
}) {
  return (
    <img
      src={src || PLACEHOLDER}
      alt={alt}
      width={640}
      height={480}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : 'auto'}
      decoding="async"
      onError={(event) => {
        const image = event.currentTarget;
        if (!image.src.endsWith(PLACEHOLDER)) image.src = PLACEHOLDER;
      }}
      className={`aspect-[4/3] h-auto w-full bg-stone-100 object-contain ${className}`}
    />
  );
}
