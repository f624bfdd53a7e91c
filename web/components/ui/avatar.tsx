import { useState } from 'react';
import { AVATAR_TEXT_COLOUR, avatarColourOf, initialsOf } from '#web/lib/initials-avatar.ts';

const SIZES = {
  sm: { pixels: 32, className: 'size-8 text-xs' },
  md: { pixels: 48, className: 'size-12 text-base' },
  lg: { pixels: 80, className: 'size-20 text-2xl' },
} as const;

/**
 * A person's picture: their photo (only one the store says may be shown, which the API has already
 * checked), or, without one or when it fails to load, their initials on a colour their name
 * gives. Decorative: the name is always written beside it.
 */
export function Avatar({
  name,
  photo,
  size = 'md',
  className = '',
}: {
  name: string;
  photo: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const { pixels, className: sizeClass } = SIZES[size];
  if (photo && failed !== photo) {
    return (
      <img
        src={photo}
        alt=""
        width={pixels}
        height={pixels}
        loading="lazy"
        className={`${sizeClass} shrink-0 rounded-full bg-stone-100 object-cover ${className}`}
        onError={() => setFailed(photo)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="initials-avatar"
      className={`${sizeClass} inline-flex shrink-0 items-center justify-center rounded-full font-semibold select-none ${className}`}
      style={{ backgroundColor: avatarColourOf(name), color: AVATAR_TEXT_COLOUR }}
    >
      {initialsOf(name)}
    </span>
  );
}
