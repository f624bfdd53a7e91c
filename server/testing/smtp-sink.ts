import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  from: string;
}

/** A real SMTP server on a free loopback port that keeps what it receives, for mail tests. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let failNext = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (failNext > 0) {
          failNext -= 1;
          callback(
            Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }),
          );
          return;
        }
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: parsed.from?.address ?? '',
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: parsed.html ?? '',
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  /** What `find` finds, as soon as a delivery makes it true; an error after 10 s without. */
  async function arrival<T>(find: () => T | undefined, failure: string): Promise<T> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = find();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(failure);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next `count` deliveries are refused with a temporary error. */
    refuseNext(count: number) {
      failNext = count;
    },
    /** Resolves with the first message to `to` (waiting for it to arrive, up to 10 s). */
    waitFor(to: string, subjectIncludes = ''): Promise<ReceivedMail> {
      return arrival(
        () => received.find((m) => m.to.includes(to) && m.subject.includes(subjectIncludes)),
        `no mail to ${to} (${subjectIncludes}) arrived`,
      );
    },
    /** Resolves with every message to `to` once more than `known` have come (up to 10 s). */
    waitForMore(to: string, known: number): Promise<ReceivedMail[]> {
      return arrival(() => {
        const all = received.filter((m) => m.to.includes(to));
        return all.length > known ? all : undefined;
      }, `no more than ${known} mails to ${to} arrived`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a text body that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}
