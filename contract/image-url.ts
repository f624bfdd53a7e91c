import { z } from 'zod';
import { hasControlCharacters, isSitePath, SITE_PATH, URL_CHARACTER } from './common.ts';

const IMAGE_URL_PROBLEM = 'Must be an https:// link or a path on this site.';

/** An image is a path on this site (`/images/...`, an upload) or an https URL. */
export const ImageUrlSchema = z
  .string()
  .trim()
  // Left empty, it says so: not that nothing is no link.
  .min(1, {
    error: 'Required: a picture, as an https:// link or a path on this site.',
    abort: true,
  })
  .max(2048, { error: 'Must be at most 2048 characters.' })
  .regex(new RegExp(`^(?:${SITE_PATH}|https://${URL_CHARACTER}+)$`), { error: IMAGE_URL_PROBLEM })
  // What a pattern cannot say: the link's host is one a URL can have.
  .refine((value) => isSitePath(value) || isHttpsUrl(value), {
    error: IMAGE_URL_PROBLEM,
    when: (payload) => payload.issues.length === 0,
  });

function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/[^\s\\]+$/.test(value) || hasControlCharacters(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
