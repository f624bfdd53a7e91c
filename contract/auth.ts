import { z } from 'zod';
import { anyCase, TypedEmailSchema, URL_CHARACTER } from './common.ts';
import { isUploadedImageUrl, UPLOADED_IMAGE_PATH } from './upload-names.ts';
import { NameSchema } from './users.ts';

/**
 * The account actions the store offers under /api/auth/* (served by Better Auth) and the input
 * each accepts. The server refuses every other action and every body or query that does not fit,
 * before anything is counted, hashed or stored, so these routes keep the store's own rules.
 */

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Runs people type as passwords, forwards and backwards. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiopasdfghjklzxcvbnm',
  'qwertzuiopasdfghjklyxcvbnm',
  'azertyuiopqsdfghjklmwxcvbn',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
].flatMap((run) => [run, [...run].reverse().join('')]);

/**
 * One character or a pair over and over ("aaaaaaaa", "abababab"), or a stretch of the alphabet,
 * the digits or a keyboard row ("12345678", "qwertyui", "87654321"): guessed first by anyone.
 */
function isObviousPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (/^(.{1,2})\1+.?$/su.test(lower)) return true;
  return SEQUENCES.some((run) => run.includes(lower));
}

export const NewPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `Use at least ${MIN_PASSWORD_LENGTH} characters.` })
  .max(MAX_PASSWORD_LENGTH, { error: `Use at most ${MAX_PASSWORD_LENGTH} characters.` })
  .refine((password) => !isObviousPassword(password), {
    error:
      'This password is too easy to guess: avoid one character repeated and runs such as 12345678 or qwertyui.',
    // Only once the length is right: one message per problem.
    when: (payload) => payload.issues.length === 0,
  })
  .describe(
    `${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, neither one character or pair repeated nor a run such as 12345678 or qwertyui, and not one of the most common passwords.`,
  );

/** Any password may be tried, but not an unbounded one (hashing cost). */
const GivenPasswordSchema = z
  .string()
  .min(1, { error: 'Required.' })
  .max(MAX_PASSWORD_LENGTH, { error: `Must be at most ${MAX_PASSWORD_LENGTH} characters.` });

/** Where to land afterwards: a path on this site or a full URL (the account service checks its origin). */
const CallbackSchema = z.string().max(2048, { error: 'Must be at most 2048 characters.' });

/** Hosts that serve Google account photos (lh3.googleusercontent.com and its siblings). */
export function isGooglePhotoUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      /^lh\d+\.googleusercontent\.com$/.test(url.hostname) &&
      url.username === '' &&
      url.password === '' &&
      url.port === ''
    );
  } catch {
    return false;
  }
}

/**
 * A profile photo the store shows: an image uploaded to this store (`/uploads/<id>-640.webp`), or
 * the photo of a linked Google account. Nothing else: not a third-party address that could track
 * visitors, and not any other path on this site, which a browser showing the photo would request
 * with the viewer's cookies (an admin's, say: `/api/orderlist/export`).
 */
function isProfilePhotoUrl(value: string): boolean {
  return isUploadedImageUrl(value) || isGooglePhotoUrl(value);
}

/** A stored photo as it may be shown: null when it is not one the rules above allow. */
export function shownProfilePhoto(stored: string | null): string | null {
  return stored !== null && isProfilePhotoUrl(stored) ? stored : null;
}

/** The Google photo is allowed only on accounts signed in with Google; the server checks that. */
const USER_IMAGE_PROBLEM = 'Must be an image uploaded to this store or a Google account photo.';
const UserImageSchema = z
  .string()
  .trim()
  .max(2048, { error: 'Must be at most 2048 characters.' })
  .regex(
    new RegExp(
      `^(?:${UPLOADED_IMAGE_PATH}|${anyCase('https://lh')}[0-9]+${anyCase('.googleusercontent.com')}(?:[/?#]${URL_CHARACTER}*)?)$`,
    ),
    { error: USER_IMAGE_PROBLEM },
  )
  // What a pattern cannot say: the address is one a URL can have.
  .refine(isProfilePhotoUrl, {
    error: USER_IMAGE_PROBLEM,
    when: (payload) => payload.issues.length === 0,
  });

export const SignInBodySchema = z.strictObject({
  email: TypedEmailSchema,
  password: GivenPasswordSchema,
  rememberMe: z.boolean().optional(),
  callbackURL: CallbackSchema.optional(),
});

/** A photo chosen at sign-up: an uploaded image (a new account signs in with no Google account). */
const UploadedImageSchema = z
  .string()
  .trim()
  .max(2048, { error: 'Must be at most 2048 characters.' })
  .regex(new RegExp(`^${UPLOADED_IMAGE_PATH}$`), {
    error: 'Must be an image uploaded to this store.',
  });

export const SignUpBodySchema = z.strictObject({
  name: NameSchema,
  email: TypedEmailSchema,
  password: NewPasswordSchema,
  image: UploadedImageSchema.optional(),
  rememberMe: z.boolean().optional(),
  callbackURL: CallbackSchema.optional(),
});

export const SocialSignInBodySchema = z.strictObject({
  provider: z.literal('google'),
  callbackURL: CallbackSchema.optional(),
  errorCallbackURL: CallbackSchema.optional(),
  newUserCallbackURL: CallbackSchema.optional(),
  disableRedirect: z.boolean().optional(),
});

export const EmailBodySchema = z.strictObject({
  email: TypedEmailSchema,
  callbackURL: CallbackSchema.optional(),
});

export const RequestPasswordResetBodySchema = z.strictObject({
  email: TypedEmailSchema,
  redirectTo: CallbackSchema.optional(),
});

export const TokenSchema = z
  .string()
  .min(1, { error: 'Required.' })
  .max(512, { error: 'Must be at most 512 characters.' })
  .regex(/^[A-Za-z0-9._~-]+$/, { error: 'This link is not valid.' });

export const ResetPasswordBodySchema = z.strictObject({
  newPassword: NewPasswordSchema,
  token: TokenSchema,
});

export const ChangePasswordBodySchema = z.strictObject({
  currentPassword: GivenPasswordSchema,
  newPassword: NewPasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

export const UpdateUserBodySchema = z
  .strictObject({ name: NameSchema, image: UserImageSchema.nullable() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Change at least one field.' });

/** No input; a missing body is an empty one. */
export const EmptyBodySchema = z.strictObject({}).nullish();

/** The token of a sign-up's confirmation link, sent by the confirm page's button. */
/** A confirmation link's token, and the password chosen at sign-up (it picks which sign-up). */
export const ConfirmSignUpBodySchema = z.strictObject({
  token: TokenSchema,
  password: GivenPasswordSchema,
});

export const CallbackQuerySchema = z.strictObject({ callbackURL: CallbackSchema });

/** An identity provider's redirect back: its parameters vary (Google adds scope, authuser, hd...). */
export const OAuthCallbackQuerySchema = z.record(
  z.string().max(64),
  z.string().max(4096, { error: 'Must be at most 4096 characters.' }),
);

export const GetSessionQuerySchema = z.strictObject({
  disableCookieCache: z.enum(['true', 'false']).optional(),
  disableRefresh: z.enum(['true', 'false']).optional(),
});
