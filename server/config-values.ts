import { isIP } from 'node:net';
import { z } from 'zod';
import { EmailSchema } from '../contract/common.ts';

// How the environment's values are read: the parts of server/config.ts's one schema.

export const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'Must be true or false.',
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Whether a setting's email would be taken by the store's forms (contract/common.ts). */
const isEmail = (value: string) => EmailSchema.safeParse(value).success;

export const emailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.string()).refine((emails) => emails.every((email) => isEmail(email)), {
      error: 'Must be a comma-separated list of email addresses.',
    }),
  );

export const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.url({ protocol: /^https?$/, error: 'Must be a comma-separated list of origins.' })),
  );

/** `N/window`, e.g. `10/15m`: at most N requests per window (s, m or h). */
export const rateLimit = z
  .string()
  .regex(/^\d+\/\d+[smh]$/, { error: 'Must look like 10/15m (requests per window in s, m or h).' })
  .transform((value) => {
    const [count, window] = value.split('/') as [string, string];
    const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[window.slice(-1) as 's' | 'm' | 'h'];
    return { limit: Number(count), windowMs: Number(window.slice(0, -1)) * unit };
  });

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): none (the socket address
 * counts), a hop count, or the proxies' addresses and CIDR ranges. Trusting every hop would let any
 * client choose its own address, so `true` is refused.
 */
export const trustProxy = z
  .string()
  .trim()
  .transform((value, context): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['', 'false', 'no', 'off', 'none', '0'].includes(lower)) return false;
    if (['true', 'yes', 'on', 'all', '*'].includes(lower)) {
      context.addIssue({
        code: 'custom',
        message:
          'Trusting every proxy lets any client choose its own address. Give the number of proxies in front of the store (e.g. 1) or their addresses (e.g. 10.0.0.0/8).',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `Must be a hop count or a comma-separated list of IP addresses or CIDR ranges (not ${bad.join(', ')}).`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** An IP address, a CIDR range, or one of the named ranges proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The company's own profiles on other sites, comma-separated: https pages beyond a site's home
 * page (a link to linkedin.com itself would lead nowhere of ours).
 */
export const profileLinkList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((link) => link.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z
        .url({ protocol: /^https$/, error: 'Must be a comma-separated list of https:// links.' })
        .refine(
          (link) => !URL.canParse(link) || new URL(link).pathname.replace(/\/+$/, '') !== '',
          {
            error:
              "Each link must be the company's own page (https://www.linkedin.com/company/...), not a site's home page.",
          },
        ),
    ),
  );

const PROFILE_SITES: Record<string, string> = {
  'linkedin.com': 'LinkedIn',
  'facebook.com': 'Facebook',
  'youtube.com': 'YouTube',
  'x.com': 'X',
  'twitter.com': 'X',
  'instagram.com': 'Instagram',
};

/** What a profile link is called in the footer: the site's name ("LinkedIn"), else its host. */
export function profileLinkLabel(link: string): string {
  const host = new URL(link).hostname.replace(/^www\./, '');
  return PROFILE_SITES[host] ?? host;
}
