import { randomBytes } from 'node:crypto';
import http from 'node:http';

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/**
 * A stand-in for Stripe's HTTP API on a loopback port, enough for PaymentIntents and Refunds: Stripe's own
 * library talks to it (the network edge is the only thing replaced). It records every request's
 * Idempotency-Key, can fail the next requests with a 500 to exercise the library's retries, and can
 * hold refunds back (a slow Stripe): a request with the key of one still held is answered 409, as
 * Stripe answers a request whose idempotency key another one in progress uses.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, Intent>();
  const byIdempotencyKey = new Map<string, Intent | Refund>();
  const refunds = new Map<string, Refund>();
  /** What the next refunds answer (Stripe answers `pending` for most cards at first). */
  let nextRefundStatus: { status: string; failure_reason: string | null } = {
    status: 'pending',
    failure_reason: null,
  };
  const requests: Array<{ method: string; path: string; idempotencyKey: string | undefined }> = [];
  let failNext = 0;
  /** While set, refunds wait for it before they are made and answered. */
  let held: Promise<void> | null = null;
  const inProgress = new Set<string>();

  /** Makes a refund of the form's PaymentIntent, remembered under its idempotency key. */
  const makeRefund = (
    chunks: Buffer[],
    idempotencyKey: string | undefined,
    send: (status: number, body: unknown) => void,
  ) => {
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const intent = intents.get(form.get('payment_intent') ?? '');
    if (!intent) {
      return send(400, {
        error: { type: 'invalid_request_error', message: 'No such payment_intent' },
      });
    }
    const refund: Refund = {
      id: `re_${randomBytes(8).toString('hex')}`,
      object: 'refund',
      amount: Number(form.get('amount') ?? intent.amount),
      currency: intent.currency,
      payment_intent: intent.id,
      ...nextRefundStatus,
      metadata: metadataOf(form),
    };
    refunds.set(refund.id, refund);
    if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund);
    send(200, refund);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, idempotencyKey });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(body));
      };
      if (failNext > 0) {
        failNext -= 1;
        send(500, { error: { type: 'api_error', message: 'Temporary failure' } });
        return;
      }
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (known) return send(200, known);
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        const id = `pi_${randomBytes(8).toString('hex')}`;
        const metadata = metadataOf(form);
        const intent: Intent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata,
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (known) return send(200, known);
        if (idempotencyKey && inProgress.has(idempotencyKey)) {
          return send(409, {
            error: {
              type: 'idempotency_error',
              message: 'There is currently another in-progress request using this Idempotent Key.',
            },
          });
        }
        if (held) {
          const key = idempotencyKey ?? '';
          inProgress.add(key);
          void held.then(() => {
            inProgress.delete(key);
            makeRefund(chunks, idempotencyKey, send);
          });
          return;
        }
        return makeRefund(chunks, idempotencyKey, send);
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match?.[1]) {
        const intent = intents.get(match[1]);
        return intent
          ? send(200, intent)
          : send(404, {
              error: { type: 'invalid_request_error', message: 'No such payment_intent' },
            });
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${path})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    /** The status (and failure code) the next refunds are created with. */
    answerRefundsWith(status: string, failureReason: string | null = null) {
      nextRefundStatus = { status, failure_reason: failureReason };
    },
    failNextRequests(count: number) {
      failNext = count;
    },
    /** Holds refunds back, unanswered, until the function it returns is called. */
    holdRefunds(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      return release;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
