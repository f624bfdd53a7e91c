import type { AppConfig } from '../app.ts';
import { smtpTransport } from '../mail/transport.ts';
import { linkIn, startSmtpSink } from './smtp-sink.ts';
import { buildTestApp, TEST_ORIGIN } from './test-app.ts';

/** The real app sending its mail over SMTP to a real SMTP server the test reads. */
export async function buildMailTestApp(overrides: Partial<AppConfig> = {}) {
  const smtp = await startSmtpSink();
  const t = await buildTestApp(
    { smtpUrl: smtp.url, ...overrides },
    { mailTransport: smtpTransport(smtp.url) },
  );
  const post = (url: string, payload: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      payload: JSON.stringify(payload),
    });
  return {
    t,
    smtp,
    /** A JSON POST from our own site, with a session cookie when given. */
    post,
    /**
     * Does what the confirm page does with the link in a confirmation email and the password typed
     * on it: sends both to POST /api/auth/confirm-sign-up.
     */
    confirmWith: (mailText: string, password: string) => {
      const link = new URL(linkIn(mailText, `${TEST_ORIGIN}/confirm-email?token=`));
      return post('/api/auth/confirm-sign-up', { token: link.searchParams.get('token'), password });
    },
    /** Follows a link from an email the way a browser would: its path and query against the app. */
    follow: (link: string) => {
      const url = new URL(link);
      return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    },
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

export type MailTestApp = Awaited<ReturnType<typeof buildMailTestApp>>;
