import { isGooglePhotoUrl } from '../../contract/auth.ts';
import { hasBidiControls, hasControlCharacters } from '../../contract/common.ts';
import { isUploadedImageUrl } from '../../contract/upload-names.ts';

const MAX_NAME_LENGTH = 100;

/**
 * A name as the store keeps it, whatever it came from (a form, an identity provider): one line,
 * no control or bidirectional characters, at most MAX_NAME_LENGTH characters. Null when nothing
 * is left.
 */
export function cleanName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = Array.from(value, (char) =>
    hasControlCharacters(char) || hasBidiControls(char) ? ' ' : char,
  )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const limited = Array.from(cleaned).slice(0, MAX_NAME_LENGTH).join('').trim();
  return limited || null;
}

/**
 * A profile photo the store will show: an image uploaded here, or a Google account photo (see
 * isProfilePhotoUrl). Any other value, a path into the API included, is stored as no photo.
 */
export function cleanImage(value: unknown, options: { googlePhotos: boolean }): string | null {
  if (typeof value !== 'string') return null;
  const image = value.trim();
  if (isUploadedImageUrl(image)) return image;
  return options.googlePhotos && isGooglePhotoUrl(image) ? image : null;
}
