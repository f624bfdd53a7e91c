import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '#contract/session.ts';
import { sendRequest } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** GET /api/auth/get-session's answer: the account service's user, read into a SessionUser. */
interface SessionResponse {
  user: Omit<SessionUser, 'role' | 'image'> & { role?: string | null; image?: string | null };
  session: { expiresAt: string };
}

/** Who is signed in, asked of the server: null for a visitor. */
export async function readSession({
  signal,
}: {
  signal: AbortSignal;
}): Promise<SessionUser | null> {
  const { data } = await sendRequest<SessionResponse | null>('GET', '/auth/get-session', {
    signal,
  });
  if (!data?.user) return null;
  const { id, name, email, emailVerified, image, role } = data.user;
  return {
    id,
    name,
    email,
    emailVerified,
    image: image ?? null,
    role: role === 'Admin' ? 'Admin' : 'User',
  };
}

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: readSession,
  // Someone waiting to confirm their email may do it in another tab: look again on return.
  refetchOnWindowFocus: (query) => query.state.data?.emailVerified === false,
});

/** Who is signed in: `user` is null for a visitor; `isPending` until the first answer. */
export function useSession() {
  const query = useQuery(sessionQuery);
  return {
    user: query.data ?? null,
    isPending: query.isPending,
    error: query.error,
    refetch: query.refetch,
  };
}

/** The signed-in user, for screens behind <RequireAuth> (which waits for the session). */
export function useSignedInUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser is only for screens behind <RequireAuth>');
  return user;
}
