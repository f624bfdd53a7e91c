import http from 'node:http';
import net from 'node:net';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A request sent again, and why: for the test to count per phase and to print. */
export interface Retry {
  at: number;
  /**
   * `proxy`: no answer (connection refused or reset) or a 502, 503 or 504 that is no problem of
   * the store's (nginx's, or one the store sent as it closed); `busy`: the store's own 503 with
   * Retry-After.
   */
  kind: 'proxy' | 'busy';
  what: string;
}

/** Tries of one request before the client gives up (about 30 s). */
const MAX_TRIES = 60;

/**
 * A client of the store at one loopback address of its own (127.0.0.x), as a customer on their own
 * line: the proxy sees that address, and so do the store's per-address limits. Keeps its session
 * cookie; says what the browser says (Origin, JSON).
 */
export function createClient({
  base,
  address,
  origin = base,
  cookie: signedIn = '',
}: {
  base: string;
  address: string;
  origin?: string;
  /** A session another client of the same person holds (signed in elsewhere). */
  cookie?: string;
}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let cookie = signedIn;

  const sendOnce = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          localAddress: address,
          headers: {
            origin,
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...(cookie ? { cookie } : {}),
            ...headers,
          },
          timeout: 30_000,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('error', reject);
          response.on('end', () => {
            const setCookie = response.headers['set-cookie'];
            if (setCookie) cookie = setCookie.map((line) => line.split(';')[0]).join('; ');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {}
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: parsed });
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', reject);
      request.end(payload);
    });

  return {
    address,
    get cookie() {
      return cookie;
    },
    /** One try: rejects when no answer came (refused, reset, timed out). */
    sendOnce,
    /**
     * Sends until an answer comes that is not a retryable failure: no answer, the proxy's 502, 503
     * or 504, or the store's 503 with Retry-After; each retry counted. The caller makes sure the
     * request is safe to repeat (an order carries its Idempotency-Key).
     */
    async send(
      method: string,
      path: string,
      options: { body?: unknown; headers?: Record<string, string>; retries: Retry[] },
    ): Promise<Answer & { tries: number }> {
      for (let tries = 1; ; tries += 1) {
        let answer: Answer | undefined;
        let failure: unknown;
        try {
          answer = await sendOnce(method, path, options.body, options.headers);
        } catch (error) {
          failure = error;
        }
        const kind = retryKind(answer);
        if (answer && !kind) return { ...answer, tries };
        if (tries === MAX_TRIES) {
          throw new Error(`${method} ${path} failed ${tries} times: ${answer?.status ?? failure}`);
        }
        options.retries.push({
          at: Date.now(),
          kind: kind ?? 'proxy',
          what: `${method} ${path.replace(/[0-9a-f-]{36}/, ':id')}: ${answer?.status ?? String(failure)}`,
        });
        const retryAfter = Number(answer?.headers['retry-after']);
        const pause = kind === 'busy' && retryAfter > 0 ? retryAfter * 1000 : 250;
        await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random())));
      }
    },
    close() {
      agent.destroy();
    },
  };
}

export type ClusterClient = ReturnType<typeof createClient>;

/** Whether an answer is one to send again, and why; undefined for an answer to keep. */
function retryKind(answer: Answer | undefined): 'proxy' | 'busy' | undefined {
  if (!answer) return 'proxy';
  // The store's own 503s (busy, with Retry-After, or not ready) are problems; nginx's are HTML.
  const isStoreProblem = String(answer.headers['content-type']).includes('problem+json');
  if (answer.status === 503 && isStoreProblem && answer.headers['retry-after']) return 'busy';
  if ([502, 503, 504].includes(answer.status) && !isStoreProblem) return 'proxy';
  return undefined;
}

/**
 * A POST whose headers and first half of the body are sent now, the rest when `finish` is called:
 * a request in flight, for as long as the caller likes. Answers the status it finally gets.
 */
export function startSlowRequest(url: string, origin: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const half = Math.floor(payload.length / 2);
  let answered: (status: number) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const status = new Promise<number>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  // Dropped before `finish` is called: `finish` answers the failure then.
  status.catch(() => {});
  const request = http.request(url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', 'content-length': payload.length },
  });
  request.on('response', (response) => {
    response.resume();
    response.on('end', () => answered(response.statusCode ?? 0));
  });
  request.on('error', failed);
  request.flushHeaders();
  request.write(payload.subarray(0, half));
  return {
    finish() {
      request.end(payload.subarray(half));
      return status;
    },
  };
}

/** Whether something accepts connections at host:port now. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
