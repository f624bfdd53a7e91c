import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

/** The id of the request being served, wherever its work goes (see `inRequest`). */
const currentRequest = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Runs `work` (the rest of a request's handling) so that every line logged meanwhile, through any
 * logger (the account service logs through the root one), carries the request's id.
 */
export function inRequest(reqId: string, work: () => void): void {
  currentRequest.run({ reqId }, work);
}

/**
 * JSON logs, one line per event; secrets, card data and query parameters never reach them. With
 * `pretty` (development), the same lines as readable text through pino-pretty, a development
 * package: where it is not installed the lines stay JSON.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  { pretty = false } = {},
): Logger {
  return pino(
    {
      level,
      // A line logged while serving a request names it, unless its logger already does (req.log).
      mixin(_object, _level, logger) {
        const request = currentRequest.getStore();
        if (!request || 'reqId' in (logger as Logger).bindings()) return {};
        return request;
      },
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
    destination ?? (pretty ? prettyOutput() : undefined),
  );
}

/** pino-pretty in a worker thread, or undefined (plain JSON) when the package is not installed. */
function prettyOutput(): DestinationStream | undefined {
  try {
    import.meta.resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return pino.transport({
    target: 'pino-pretty',
    options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
  });
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
