import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createRenderLimits } from './render-limits.ts';

/** A render that ends when `finish()` is called. */
function heldRender() {
  let finish = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve('page');
  });
  return { render: () => done, finish: () => finish() };
}

const refusalOf = async (attempt: Promise<unknown>) => {
  try {
    await attempt;
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, code: error.code, retryAfter: error.headers?.['retry-after'] };
  }
};

describe('page renders', () => {
  it('run two at once for the whole instance, eight wait, and the rest are refused at once with 503', async () => {
    const limits = createRenderLimits({ perAddress: null });
    const held = heldRender();
    const attempts = Array.from({ length: 20 }, (_, i) =>
      refusalOf(limits.render(`192.0.2.${i + 1}`, held.render)),
    );
    expect(limits.stats()).toEqual({ active: 2, waiting: 8, refused: 10, peak: 2, rendered: 2 });
    held.finish();
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome !== undefined)).toEqual(
      Array(10).fill({ status: 503, code: 'service_unavailable', retryAfter: '2' }),
    );
    expect(limits.stats()).toEqual({ active: 0, waiting: 0, refused: 10, peak: 2, rendered: 10 });
  });

  it('one address has at most two running or waiting: it never holds the queue others need', async () => {
    const limits = createRenderLimits({ perAddress: null });
    const held = heldRender();
    const mine = Array.from({ length: 5 }, () =>
      refusalOf(limits.render('198.51.100.7', held.render)),
    );
    // Another address of the same IPv6 /64 counts as the same client.
    const sameNetwork = [
      refusalOf(limits.render('2001:db8:1:2::1', held.render)),
      refusalOf(limits.render('2001:db8:1:2::2', held.render)),
      refusalOf(limits.render('2001:db8:1:2:ffff::3', held.render)),
    ];
    const someoneElse = refusalOf(limits.render('203.0.113.9', held.render));
    held.finish();
    const outcomes = await Promise.all(mine);
    expect(outcomes.slice(0, 2)).toEqual([undefined, undefined]);
    expect(outcomes.slice(2).map((outcome) => outcome?.status)).toEqual([429, 429, 429]);
    expect((await Promise.all(sameNetwork)).map((outcome) => outcome?.status)).toEqual([
      undefined,
      undefined,
      429,
    ]);
    expect(await someoneElse).toBeUndefined();
  });

  it('one address may cause so many renders per window, a sixth of them at once, the rest evenly', async () => {
    let now = 1_000_000;
    const limits = createRenderLimits({
      perAddress: { limit: 12, windowMs: 60_000 },
      now: () => now,
    });
    const page = async () => 'page';
    // Two at once (a sixth of 12), then one every 5 s.
    for (let i = 0; i < 2; i += 1) await limits.render('192.0.2.50', page);
    now += 1_000;
    expect(await refusalOf(limits.render('192.0.2.50', page))).toEqual({
      status: 429,
      code: 'rate_limited',
      retryAfter: '4',
    });
    expect(await limits.render('192.0.2.51', page)).toBe('page');
    // What is answered before routing to a client over its limit, and to no one else.
    expect(limits.refusalFor('::ffff:192.0.2.50')?.status).toBe(429);
    expect(limits.refusalFor('::ffff:192.0.2.50')?.headers).toMatchObject({ connection: 'close' });
    expect(limits.refusalFor('192.0.2.51')).toBeUndefined();
    now += 4_000;
    expect(limits.refusalFor('192.0.2.50')).toBeUndefined();
    expect(await limits.render('192.0.2.50', page)).toBe('page');
    expect(limits.refusalFor('192.0.2.50')?.status).toBe(429);
  });
});
