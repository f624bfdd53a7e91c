import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shownProfilePhoto } from '../../contract/auth.ts';
import {
  type AuthActionName,
  authActions,
  authOperationId,
  isDescribed,
} from '../../contract/auth-actions.ts';
import { RoleSchema } from '../../contract/users.ts';
import { type AuthLimits, guardAuthAction } from '../auth/abuse-guard.ts';
import { checkAction, refuseCommonPassword } from '../auth/account-rules.ts';
import { type Auth, sessionCookieName } from '../auth/auth.ts';
import {
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER,
  type PasswordHashing,
} from '../auth/password-hashing.ts';
import type { SignUps } from '../auth/sign-ups.ts';
import { type SessionCache, sessionCookieValue } from '../cache/session-cache.ts';
import type { Db } from '../db/client.ts';
import { AppError, serviceUnavailable } from '../errors.ts';
import { clientAddress } from '../http/client-address.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { operationSchema } from '../http/route.ts';
import type { SessionUser } from '../http/session.ts';
import { headersForAuth, sendAuthProblem, withoutSessionTokens } from './auth-exchange.ts';
import { problem, sendProblem } from './error-handler.ts';

const GOOGLE_ACTIONS = new Set<AuthActionName>(['signInSocial', 'oauthCallback']);

/** Actions that hash a password (sign-in hashes even for an unknown email, to take the same time). */
const HASHING_ACTIONS = new Set<AuthActionName>([
  'signIn',
  'signUp',
  'confirmSignUp',
  'resetPassword',
  'changePassword',
]);

/** Actions that end or change the caller's sessions or account: this instance forgets them at once. */
const CALLER_CHANGING_ACTIONS = new Set<AuthActionName>([
  'signOut',
  'changePassword',
  'updateUser',
  'revokeSessions',
  'revokeOtherSessions',
]);

/** Actions that change an account named by a link's token: whose is not known here. */
const TOKEN_CHANGING_ACTIONS = new Set<AuthActionName>(['resetPassword']);

interface ConfirmSignUpBody {
  token: string;
  password: string;
}

/** Actions the store answers itself (sign-ups wait unconfirmed outside the account service). */
function storeAction(
  signUps: SignUps,
  name: AuthActionName,
  body: unknown,
): (() => Promise<unknown>) | undefined {
  const input = body as { name: string; email: string; password: string; token: string };
  if (name === 'signUp') return () => signUps.signUp(input);
  if (name === 'sendVerificationEmail') return () => signUps.resend(input.email);
  return undefined;
}

/**
 * Mounts Better Auth under /api/auth: each account action the contract lists is a route of its
 * own, validated by the contract's schemas like every other route, counted against its limits,
 * then handed to Better Auth with the client's real address. Every other path is a 404.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      auth,
      signUps,
      db,
      hashing,
      googleSignIn,
      publicUrl,
      limiter,
      limits,
      isDatabaseUp,
      sessions,
    }: {
      auth: Auth;
      signUps: SignUps;
      /** Sessions checked lately (server/cache/session-cache.ts). */
      sessions: SessionCache;
      hashing: PasswordHashing;
      /** Whether Google sign-in is configured. */
      googleSignIn: boolean;
      db: Db;
      publicUrl: string;
      limiter: RateLimiter;
      limits: AuthLimits;
      /** Asked when the account service fails, to tell an outage (503) from a bug (500). */
      isDatabaseUp: () => Promise<boolean>;
    },
  ) => {
    app.decorateRequest('sessionUser', null);
    // Only the name the session store sets is read, cached or not (never an unprefixed twin).
    const sessionCookie = sessionCookieName(publicUrl);

    app.decorate(
      'loadSessionUser',
      async (request: FastifyRequest): Promise<SessionUser | null> => {
        const cookie = request.headers.cookie;
        if (!cookie?.includes(sessionCookie)) return null;
        const token = sessionCookieValue(cookie, sessionCookie);
        const known = token === undefined ? undefined : sessions.get(token);
        if (known) return known;
        const mark = sessions.mark();
        const result = await auth.api.getSession({ headers: headersForAuth(request) });
        if (!result) return null;
        const { user } = result;
        const sessionUser: SessionUser = {
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          image: shownProfilePhoto(user.image ?? null),
          role: RoleSchema.catch('User').parse(user.role),
        };
        if (token !== undefined) sessions.keep(mark, token, sessionUser, result.session.expiresAt);
        return sessionUser;
      },
    );

    /** Hands a validated request to Better Auth and answers with what it says. */
    async function forward(name: AuthActionName, request: FastifyRequest, reply: FastifyReply) {
      // Refused before any other work when the password-hashing gate is full (it would refuse later).
      if (HASHING_ACTIONS.has(name) && !hashing.hasRoom()) {
        hashing.noteRefused();
        throw serviceUnavailable(HASHING_BUSY_MESSAGE, HASHING_RETRY_AFTER);
      }
      const address = clientAddress(request);
      const body = request.method === 'POST' ? (request.body ?? {}) : undefined;
      // A password refused for its own sake is input, like the schema's checks: never counted.
      refuseCommonPassword(name, body);
      const confirmation = name === 'confirmSignUp' ? (body as ConfirmSignUpBody) : undefined;
      // A confirmation's password is counted like a sign-in's, against the link's address.
      const counted = confirmation ? { email: await signUps.addressOf(confirmation.token) } : body;
      const settle = await guardAuthAction(limiter, limits, name, address, counted);
      await checkAction(name, request, db, app);

      if (confirmation) {
        return answerItself(() => confirmAndSignIn(confirmation, request, reply), settle, reply);
      }
      const own = storeAction(signUps, name, body);
      if (own) return answerItself(own, settle, reply);

      const headers = headersForAuth(request, address);
      if (body !== undefined) headers.set('content-type', 'application/json');
      const call = () =>
        auth.handler(
          new Request(new URL(request.url, publicUrl), {
            method: request.method,
            headers,
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          }),
        );
      let response: Response;
      try {
        response = await call();
        forgetChanged(name, request);
      } catch (error) {
        // Some of the account service's failures (a query that failed) are thrown...
        if (!(await isDatabaseUp())) throw serviceUnavailable();
        throw error;
      }
      // ...and others come back as its own 422 or 5xx answers: an outage is a 503 either way.
      if (response.status >= 422 && response.status !== 429 && !(await isDatabaseUp())) {
        throw serviceUnavailable();
      }
      await settle(response.status);
      if (response.status >= 400) return sendAuthProblem(reply, response);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send(null);
      const bytes = Buffer.from(await response.arrayBuffer());
      const isJson = response.headers.get('content-type')?.includes('json');
      return reply.send(isJson ? withoutSessionTokens(bytes) : bytes);
    }

    /**
     * Confirms the sign-up the password picks, then signs its owner in through the account
     * service's own sign-in (its session cookie, as signing in sets it): the link proved the
     * mailbox and the password the sign-up. Too busy to sign in, the account is made all the same
     * and its owner signs in on the sign-in page.
     */
    async function confirmAndSignIn(
      input: ConfirmSignUpBody,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const { email } = await signUps.confirm(input);
      const headers = headersForAuth(request, clientAddress(request));
      headers.set('content-type', 'application/json');
      const signedIn = await auth.handler(
        new Request(new URL('/api/auth/sign-in/email', publicUrl), {
          method: 'POST',
          headers,
          body: JSON.stringify({ email, password: input.password }),
        }),
      );
      const cookies = signedIn.ok ? signedIn.headers.getSetCookie() : [];
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { status: true };
    }

    /** Runs an action the store answers itself, settling its counts with the outcome. */
    async function answerItself(
      run: () => Promise<unknown>,
      settle: (status: number) => Promise<void>,
      reply: FastifyReply,
    ) {
      let answer: unknown;
      try {
        answer = await run();
      } catch (error) {
        if (error instanceof AppError) {
          await settle(error.status);
          throw error;
        }
        if (!(await isDatabaseUp())) throw serviceUnavailable();
        throw error;
      }
      await settle(200);
      return reply.status(200).send(answer);
    }

    /**
     * Every instance hears of these changes through the database (migration 0017); this one
     * forgets at once, so that the caller's very next request finds them.
     */
    function forgetChanged(name: AuthActionName, request: FastifyRequest) {
      if (TOKEN_CHANGING_ACTIONS.has(name)) {
        sessions.forgetAll();
      } else if (CALLER_CHANGING_ACTIONS.has(name)) {
        const token = sessionCookieValue(request.headers.cookie, sessionCookie);
        const caller = token === undefined ? undefined : sessions.get(token);
        // Not kept here, the database tells the rest within milliseconds; a check being read now
        // is not kept either way.
        sessions.forgetUser(caller?.id);
      }
    }

    const routes = app.withTypeProvider<ZodTypeProvider>();
    for (const [name, action] of Object.entries(authActions) as [
      AuthActionName,
      (typeof authActions)[AuthActionName],
    ][]) {
      // Without Google sign-in configured, its routes do not exist (404 like any unknown action).
      if (!googleSignIn && GOOGLE_ACTIONS.has(name)) continue;
      routes.route({
        method: action.method,
        url: `/api/auth${action.path}`,
        schema: {
          // The actions the web app calls are in the API description; the others are not.
          ...(isDescribed(action)
            ? {
                ...operationSchema(action, authOperationId(name)),
                response: { 200: action.response },
              }
            : { hide: true }),
          ...('params' in action ? { params: action.params } : {}),
          ...('query' in action ? { querystring: action.query } : {}),
          ...('body' in action ? { body: action.body } : {}),
        },
        // The account service's answers are sent as it gave them: a response schema describes
        // them, and nothing here reshapes them.
        serializerCompiler: () => JSON.stringify,
        handler: async (request, reply) => {
          // An identity provider's failure with no page to return to: the sign-in page says why.
          if (name === 'error') {
            const code = String((request.query as Record<string, string>).error ?? 'unknown');
            const safe = /^[a-z0-9_]{1,64}$/i.test(code) ? code.toLowerCase() : 'unknown';
            return reply.redirect(`/login?error=${safe}`);
          }
          return forward(name, request, reply);
        },
      });
    }

    app.all('/api/auth/*', { schema: { hide: true } }, async (request, reply) =>
      sendProblem(
        reply,
        problem(
          404,
          'not_found',
          `There is no account action ${request.method} ${request.url.split('?')[0]}.`,
        ),
      ),
    );
  },
  { name: 'auth' },
);
