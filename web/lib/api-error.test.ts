import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, isWorthRetrying, retryAfterSeconds } from './api-error.ts';

const failure = (status: number, code = 'http_error') =>
  new ApiError({ status, code, detail: `The store answered ${status}.` });

describe('Retry-After', () => {
  it('reads whole seconds above zero', () => {
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds('1')).toBe(1);
  });

  it('ignores what it cannot wait for: nothing, zero, fractions, dates, words', () => {
    for (const header of [null, '', '0', '-5', '2.5', 'Wed, 25 Nov 2026 10:00:00 GMT', 'soon']) {
      expect(retryAfterSeconds(header), String(header)).toBeUndefined();
    }
  });
});

describe('whether asking again can help', () => {
  it('yes after the network or the store failed, a timeout, or a rate limit', () => {
    expect(isWorthRetrying(new TypeError('Failed to fetch'))).toBe(true);
    expect(isWorthRetrying(failure(0, 'network_error'))).toBe(true);
    expect(isWorthRetrying(failure(500, 'internal_error'))).toBe(true);
    expect(isWorthRetrying(failure(503, 'service_unavailable'))).toBe(true);
    expect(isWorthRetrying(failure(408))).toBe(true);
    expect(isWorthRetrying(failure(429, 'rate_limited'))).toBe(true);
  });

  it('no after a refusal', () => {
    expect(isWorthRetrying(failure(400, 'validation_error'))).toBe(false);
    expect(isWorthRetrying(failure(403, 'forbidden'))).toBe(false);
    expect(isWorthRetrying(failure(404, 'not_found'))).toBe(false);
    expect(isWorthRetrying(failure(409, 'out_of_stock'))).toBe(false);
  });
});

describe('a sentence for any error', () => {
  it('is the store’s own detail, an error’s message, or a plain fallback', () => {
    expect(errorMessage(failure(409))).toBe('The store answered 409.');
    expect(errorMessage(new Error('Stopped.'))).toBe('Stopped.');
    expect(errorMessage(new Error(''))).toBe('Something went wrong. Please try again.');
    expect(errorMessage('a string')).toBe('Something went wrong. Please try again.');
  });
});
