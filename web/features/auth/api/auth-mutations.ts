import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#contract/session.ts';
import { callApi, sendRequest } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import * as paths from '#web/lib/paths.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { sessionQuery } from './session.ts';

export interface SignInBody {
  email: string;
  password: string;
}
export interface SignUpBody extends SignInBody {
  name: string;
}

const USER_DATA = [queryKeys.orders, queryKeys.payments, queryKeys.users, queryKeys.cart];

/** Data of one person must never show for another: drop it all when the user changes. */
function forgetUserData(queryClient: QueryClient): void {
  for (const key of USER_DATA) queryClient.removeQueries({ queryKey: key });
}

/** After signing in or up: read the new session, then store the name as the original API did. */
async function startSession(queryClient: QueryClient): Promise<SessionUser | null> {
  forgetUserData(queryClient);
  const user = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  if (user) {
    // Keeps the stored name current; signing in does not depend on it.
    await callApi(apiRoutes.users.upsert, {
      params: { email: user.email },
      body: { name: user.name, email: user.email },
    }).catch(() => undefined);
  }
  return user;
}

/**
 * `onDone` runs even when the form has already gone (the page redirects as soon as the session
 * says the user is signed in).
 */
type OnSessionStart = (user: SessionUser | null) => void;

export function useSignIn(onDone?: OnSessionStart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignInBody) => {
      await sendRequest('POST', '/auth/sign-in/email', { body });
      return startSession(queryClient);
    },
    onSuccess: onDone,
  });
}

/**
 * Opens an account. It signs no one in: the answer is the same whether or not the email already
 * has one, and the email's link (then signing in) is the way in.
 */
export function useSignUp() {
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      await sendRequest('POST', '/auth/sign-up/email', { body });
      return body.email;
    },
  });
}

/**
 * Signs out. `leave` first moves to a page for everyone, while the session still holds: the screen
 * behind sign-in would otherwise send the person to sign in again. Then the browser stops being
 * signed in (what it held of the person is dropped, and what only a signed-in person asks for, the
 * cart, stops asking), and only then does the session end: a question asked for the person after
 * the session ended would be refused (401). Should the store not end it, the session is read again.
 */
export function useSignOut(leave: () => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await leave();
      for (const key of [queryKeys.session, ...USER_DATA]) {
        await queryClient.cancelQueries({ queryKey: key });
      }
      queryClient.setQueryData(queryKeys.session, null);
      forgetUserData(queryClient);
      return sendRequest('POST', '/auth/sign-out', { body: {} });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}

/**
 * Google sign-in (OpenID Connect): the store answers with the provider's address, the browser goes
 * there, and the store brings it back to `returnTo` signed in (or to the login page with an error).
 */
export function useGoogleSignIn() {
  return useMutation({
    mutationFn: async (returnTo: string) => {
      const { data } = await sendRequest<{ url?: string }>('POST', '/auth/sign-in/social', {
        body: {
          provider: 'google',
          callbackURL: returnTo,
          // A failed sign-in comes back to the login page, with `?error=<code>`.
          errorCallbackURL: paths.login(),
          disableRedirect: true,
        },
      });
      if (!data?.url) throw new Error('The store did not say where to sign in with Google.');
      window.location.assign(data.url);
    },
  });
}

/** Mails a reset link; the answer is the same whether or not the email has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      sendRequest('POST', '/auth/request-password-reset', {
        body: { email, redirectTo: paths.resetPassword() },
      }),
  });
}

/** Sets a new password with the token from the emailed link; every session of the account ends. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { newPassword: string; token: string }) =>
      sendRequest('POST', '/auth/reset-password', { body }),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.session, null);
      forgetUserData(queryClient);
    },
  });
}

/** Mails a new confirmation link for the address's latest sign-up (the server limits how often). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      sendRequest('POST', '/auth/send-verification-email', { body: { email } }),
  });
}

/**
 * Confirms a sign-up with an emailed link's `token` and the password chosen at sign-up (which
 * picks the sign-up): its account is made and the person is signed in to it.
 */
export function useConfirmSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { token: string; password: string }) => {
      await sendRequest('POST', '/auth/confirm-sign-up', { body });
      return startSession(queryClient);
    },
  });
}
