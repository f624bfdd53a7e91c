import { z } from 'zod';
import {
  CallbackQuerySchema,
  ChangePasswordBodySchema,
  ConfirmSignUpBodySchema,
  EmailBodySchema,
  EmptyBodySchema,
  GetSessionQuerySchema,
  OAuthCallbackQuerySchema,
  RequestPasswordResetBodySchema,
  ResetPasswordBodySchema,
  SignInBodySchema,
  SignUpBodySchema,
  SocialSignInBodySchema,
  TokenSchema,
  UpdateUserBodySchema,
} from './auth.ts';
import { type DescribedOperation, TimestampSchema } from './common.ts';

/** One account action under /api/auth (served by Better Auth), with the input it accepts. */
export interface AuthAction {
  method: 'GET' | 'POST';
  /** Below /api/auth, Fastify style. */
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
}

/**
 * An action the API description describes (those the web app calls): anyone may call it, and its
 * answer is the account service's, forwarded as it is (which may carry more members than these).
 */
export type DescribedAuthAction = AuthAction &
  DescribedOperation & { access: 'public'; response: z.ZodType };

const action = <const A extends AuthAction>(a: A) => a;
const described = <const A extends DescribedAuthAction>(a: A) => a;

/** An account as the account service answers it. */
export const AccountSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  role: z.enum(['Admin', 'User']).nullish(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});

export const SessionSchema = z.looseObject({
  session: z.looseObject({ id: z.string(), userId: z.string(), expiresAt: TimestampSchema }),
  user: AccountSchema,
});

const DONE = z.looseObject({ status: z.literal(true) });
const LIMITED = 'rate_limited: too many attempts from this address or for this email.';
const HASHING = 'service_unavailable: too many passwords are being checked at once (Retry-After).';
const account = { access: 'public', tags: ['account'] } as const;

/** Every account action the store offers, keyed by name. */
export const authActions = {
  signIn: described({
    ...account,
    method: 'POST',
    path: '/sign-in/email',
    body: SignInBodySchema,
    summary: 'Sign in with email and password',
    description:
      'Signs in and sets the session cookie every other call sends. Failed attempts are counted per address and per account and address; a success is not.',
    returns: 'The account signed in; the session is in the cookie.',
    response: z.looseObject({ redirect: z.boolean(), user: AccountSchema }),
    responseHeaders: ['Set-Cookie'],
    errors: {
      401: 'invalid_email_or_password: no account with this email and password.',
      429: LIMITED,
      503: HASHING,
    },
  }),
  signUp: described({
    ...account,
    method: 'POST',
    path: '/sign-up/email',
    body: SignUpBodySchema,
    summary: 'Open an account',
    description:
      'Emails a link that confirms this sign-up; the account exists once the link is followed and its page confirmed with the password chosen here (POST /api/auth/confirm-sign-up). It signs no one in, and answers the same whether or not the email already has an account (that one is emailed instead): the link, with the password, is the way in.',
    returns:
      'The account this sign-up becomes once confirmed (nothing is stored as an account yet).',
    response: z.looseObject({ user: AccountSchema }),
    errors: {
      400: 'password_too_common: the password is one of the most common ones.',
      429: LIMITED,
      503: HASHING,
    },
  }),
  signInSocial: described({
    ...account,
    method: 'POST',
    path: '/sign-in/social',
    body: SocialSignInBodySchema,
    summary: 'Sign in with Google',
    description:
      'Where to send the browser to sign in with Google (only when the store has Google sign-in); it comes back to `callbackURL` signed in, or to `errorCallbackURL` with the reason.',
    returns: "The provider's sign-in address; a cookie holds the sign-in's state until it returns.",
    response: z.looseObject({ url: z.string(), redirect: z.boolean() }),
    responseHeaders: ['Set-Cookie'],
  }),
  signOut: described({
    ...account,
    method: 'POST',
    path: '/sign-out',
    body: EmptyBodySchema,
    summary: 'Sign out',
    description: 'Ends the session of the cookie sent (if any) and clears the cookie.',
    returns: 'Signed out.',
    response: z.looseObject({ success: z.literal(true) }),
    responseHeaders: ['Set-Cookie'],
  }),
  requestPasswordReset: described({
    ...account,
    method: 'POST',
    path: '/request-password-reset',
    body: RequestPasswordResetBodySchema,
    summary: 'Ask for a password reset',
    description:
      'Emails a link to set a new password; the answer is the same whether or not the email has an account.',
    returns: 'Asked.',
    response: DONE.extend({ message: z.string() }),
    errors: { 429: LIMITED },
  }),
  resetPassword: described({
    ...account,
    method: 'POST',
    path: '/reset-password',
    body: ResetPasswordBodySchema,
    summary: 'Set a new password',
    description:
      'Sets a new password with the token from the emailed link; every session of the account ends.',
    returns: 'The password is set.',
    response: DONE,
    errors: {
      400: 'invalid_token: the link is not valid, or has expired; password_too_common: the password is one of the most common ones.',
      429: LIMITED,
      503: HASHING,
    },
  }),
  sendVerificationEmail: described({
    ...account,
    method: 'POST',
    path: '/send-verification-email',
    body: EmailBodySchema,
    summary: 'Send the confirmation email again',
    description:
      'Emails a new confirmation link to this address if a sign-up is waiting for it, and answers the same either way. Any link of the address confirms only with the password chosen at sign-up.',
    returns: 'Asked.',
    response: DONE,
    errors: { 429: LIMITED },
  }),
  confirmSignUp: described({
    ...account,
    method: 'POST',
    path: '/confirm-sign-up',
    body: ConfirmSignUpBodySchema,
    summary: 'Confirm a sign-up',
    description:
      "The token of any confirmation link mailed to an address proves its mailbox; the password picks which of the address's waiting sign-ups is the caller's. That sign-up's account is made (the address's other waiting sign-ups are discarded) and the caller is signed in (session cookie). A wrong password counts as a failed sign-in, and the link keeps working.",
    returns: 'The account exists and the caller is signed in to it; the session is in the cookie.',
    response: DONE,
    responseHeaders: ['Set-Cookie'],
    errors: {
      400: 'invalid_token: the link is not valid, has expired or was used, or the address was confirmed with another link. wrong_sign_up_password: no waiting sign-up of the address was made with this password.',
      429: LIMITED,
      503: HASHING,
    },
  }),
  changePassword: action({
    method: 'POST',
    path: '/change-password',
    body: ChangePasswordBodySchema,
  }),
  updateUser: action({ method: 'POST', path: '/update-user', body: UpdateUserBodySchema }),
  revokeSessions: action({ method: 'POST', path: '/revoke-sessions', body: EmptyBodySchema }),
  revokeOtherSessions: action({
    method: 'POST',
    path: '/revoke-other-sessions',
    body: EmptyBodySchema,
  }),
  getSession: described({
    ...account,
    method: 'GET',
    path: '/get-session',
    query: GetSessionQuerySchema,
    summary: 'Read the session',
    description:
      'The session of the cookie sent, with its account (null for a visitor); a session in use is extended now and then, with a new cookie.',
    returns: 'The session and its account, or null.',
    response: SessionSchema.nullable(),
    responseHeaders: ['Set-Cookie'],
  }),
  listSessions: action({ method: 'GET', path: '/list-sessions', query: EmptyBodySchema }),
  resetPasswordLink: action({
    method: 'GET',
    path: '/reset-password/:token',
    params: z.strictObject({ token: TokenSchema }),
    query: CallbackQuerySchema,
  }),
  oauthCallback: action({
    method: 'GET',
    path: '/callback/:id',
    params: z.strictObject({ id: z.literal('google') }),
    query: OAuthCallbackQuerySchema,
  }),
  /** Where the account service sends a failed sign-in with no page of its own to return to. */
  error: action({
    method: 'GET',
    path: '/error',
    query: z.record(z.string().max(64), z.string().max(500)),
  }),
} as const;
export type AuthActionName = keyof typeof authActions;

/** Whether the API description describes an action. */
export function isDescribed(a: AuthAction): a is DescribedAuthAction {
  return 'response' in a;
}

/** An account action's operationId: `auth` and its name, `authSignIn`. */
export function authOperationId(name: AuthActionName): string {
  return `auth${name[0]?.toUpperCase()}${name.slice(1)}`;
}
