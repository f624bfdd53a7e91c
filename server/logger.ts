import pino, { type DestinationStream, type Logger } from 'pino';

/** JSON logs, one line per event; secrets, card data and query parameters never reach them. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          '*.cardNumber',
          '*.cvc',
        ],
        censor: '[redacted]',
      },
      serializers: { err: serializeError },
    },
    destination,
  );
}

type SerializedError = Record<string, unknown> & { message?: unknown; cause?: unknown };

/**
 * pino's error serializer, minus what a failed query carries of its values: Drizzle puts the
 * parameters in the message and in `params`, PostgreSQL the offending value in `detail`. Those are
 * what customers typed (names, addresses, emails): the query's text and the error code are enough.
 */
function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as SerializedError;
  return scrub(serialized, 0);
}

function scrub(value: SerializedError, depth: number): SerializedError {
  if (depth > 5 || typeof value !== 'object' || value === null) return value;
  const { params: _params, detail: _detail, ...rest } = value;
  if (typeof rest.message === 'string') rest.message = rest.message.split('\nparams:')[0];
  if (typeof rest.stack === 'string') rest.stack = rest.stack.replace(/\nparams:[^\n]*/, '');
  if (typeof rest.cause === 'object' && rest.cause !== null) {
    rest.cause = scrub(rest.cause as SerializedError, depth + 1);
  }
  return rest;
}
