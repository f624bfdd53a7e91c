import pino, { type Logger } from 'pino';

/** JSON logs; secrets and card data never reach them. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
