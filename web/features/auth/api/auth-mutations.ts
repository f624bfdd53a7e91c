import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { userRoutes } from '../../../../contract/users.ts';
import { callApi, sendRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-client.ts';
import { type SessionUser, sessionQuery } from './session.ts';

export interface SignInBody {
  email: string;
  password: string;
}
export interface SignUpBody extends SignInBody {
  name: string;
}

/** Data of one person must never show for another: drop it all when the user changes. */
function forgetUserData(queryClient: QueryClient): void {
  for (const key of [queryKeys.orders, queryKeys.payments, queryKeys.users]) {
    queryClient.removeQueries({ queryKey: key });
  }
}

/** After signing in or up: read the new session, then store the name as the original API did. */
async function startSession(queryClient: QueryClient): Promise<SessionUser | null> {
  forgetUserData(queryClient);
  const user = await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  if (user) {
    // Keeps the stored name current; signing in does not depend on it.
    await callApi(userRoutes.upsert, {
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

export function useSignUp(onDone?: OnSessionStart) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignUpBody) => {
      await sendRequest('POST', '/auth/sign-up/email', { body });
      return startSession(queryClient);
    },
    onSuccess: onDone,
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendRequest('POST', '/auth/sign-out', { body: {} }),
    onSuccess: () => {
      queryClient.setQueryData(queryKeys.session, null);
      forgetUserData(queryClient);
    },
  });
}

/** Google sign-in (OpenID Connect); the server redirects back to `callbackURL`. */
export function useGoogleSignIn() {
  return useMutation({
    mutationFn: async (callbackURL: string) => {
      const { data } = await sendRequest<{ url?: string }>('POST', '/auth/sign-in/oauth2', {
        body: { providerId: 'google', callbackURL },
      });
      if (data?.url) window.location.assign(data.url);
    },
  });
}

/** Where the link in a verification email lands. */
export const EMAIL_VERIFIED_PATH = '/email-verified';

/** Sends the verification email again (the server limits how often). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      sendRequest('POST', '/auth/send-verification-email', {
        body: {
          email,
          callbackURL: new URL(EMAIL_VERIFIED_PATH, window.location.origin).toString(),
        },
      }),
  });
}
