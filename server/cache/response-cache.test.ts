import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deferred } from '../testing/deferred.ts';
import {
  createResponseCache,
  encodedBody,
  type PreparedBody,
  prepareBody,
  prepareJson,
  servedCompressed,
} from './response-cache.ts';

function counting(value: unknown) {
  let builds = 0;
  return {
    build: async () => {
      builds += 1;
      return prepareJson(value);
    },
    builds: () => builds,
  };
}

const options = { maxEntries: 100, maxBytes: 1024 * 1024, maxAgeMs: 1_000 };

describe('the response cache', () => {
  it('builds once for concurrent misses, keeps the answer, and refills it after its maximum age', async () => {
    let now = 0;
    const cache = createResponseCache({ ...options, now: () => now });
    cache.setEnabled(true);
    const page = counting({ page: 1 });
    const [a, b] = await Promise.all([cache.get('p', page.build), cache.get('p', page.build)]);
    expect(a).toBe(b);
    expect(await cache.get('p', page.build)).toBe(a);
    expect(page.builds()).toBe(1);
    now += 1_000;
    expect(await cache.get('p', page.build)).not.toBe(a);
    expect(page.builds()).toBe(2);
  });

  it('keeps nothing while disabled, nor what `keep` refuses', async () => {
    const cache = createResponseCache(options);
    const page = counting({ page: 1 });
    await cache.get('p', page.build);
    await cache.get('p', page.build);
    expect(page.builds()).toBe(2);
    cache.setEnabled(true);
    await cache.get('p', page.build, { keep: () => false });
    await cache.get('p', page.build, { keep: () => false });
    expect(page.builds()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used beyond its entries or bytes', async () => {
    const cache = createResponseCache({ ...options, maxEntries: 2 });
    cache.setEnabled(true);
    for (const key of ['a', 'b']) await cache.get(key, counting(key).build);
    await cache.get('a', counting('a').build); // a is now the most recent
    await cache.get('c', counting('c').build);
    const b = counting('b');
    await cache.get('b', b.build);
    expect(b.builds()).toBe(1);
    const a = counting('a');
    await cache.get('a', a.build);
    expect(a.builds()).toBe(1); // a went when b came back
    const small = createResponseCache({ ...options, maxBytes: 400 });
    small.setEnabled(true);
    // About 94 bytes each (a quarter of the budget at most): four fit, not five.
    for (const key of ['v', 'w', 'x', 'y', 'z']) {
      await small.get(key, counting(key.repeat(60)).build);
    }
    expect(small.size).toBe(4);
  });

  it('forgets one group, and does not store a build of that group that began before', async () => {
    const cache = createResponseCache(options);
    cache.setEnabled(true);
    const ana = counting(['ana']);
    const bob = counting(['bob']);
    await cache.get('ana-1', ana.build, { group: 'ana' });
    await cache.get('ana-2', ana.build, { group: 'ana' });
    await cache.get('bob-1', bob.build, { group: 'bob' });
    const slow = deferred<PreparedBody>();
    const pending = cache.get('ana-3', () => slow.promise, { group: 'ana' });
    cache.forget('ana');
    slow.resolve(prepareJson(['ana, before the change']));
    await pending;
    expect(cache.size).toBe(1);
    await cache.get('bob-1', bob.build, { group: 'bob' });
    expect(bob.builds()).toBe(1);
    const again = counting(['ana, after']);
    await cache.get('ana-3', again.build, { group: 'ana' });
    await cache.get('ana-3', again.build, { group: 'ana' });
    expect(again.builds()).toBe(1);
  });

  it('keeps an answer in the group its build names, and drops a build of no known group on any forget', async () => {
    const cache = createResponseCache(options);
    cache.setEnabled(true);
    const home = counting(['reviews shown here']);
    const withGroup = async () => ({ ...(await home.build()), group: 'reviews' });
    const tools = counting(['no reviews here']);
    await cache.get('/', withGroup);
    await cache.get('/tools', tools.build);
    cache.forget('reviews');
    await cache.get('/', withGroup);
    await cache.get('/tools', tools.build);
    expect([home.builds(), tools.builds()]).toEqual([2, 1]);
    // A build under way may turn out to be in the group: it is not kept after the forget.
    const slow = deferred<PreparedBody>();
    const pending = cache.get('/blog', () => slow.promise);
    cache.forget('reviews');
    slow.resolve(prepareJson(['may show reviews']));
    await pending;
    expect(cache.peek('/blog')).toBeUndefined();
  });

  it('does not store any build that began before invalidate()', async () => {
    const cache = createResponseCache(options);
    cache.setEnabled(true);
    const slow = deferred<PreparedBody>();
    const pending = cache.get('p', () => slow.promise);
    cache.invalidate();
    // A request after the change builds afresh instead of waiting for the stale build.
    const fresh = counting({ after: true });
    const answer = await cache.get('p', fresh.build);
    expect(fresh.builds()).toBe(1);
    slow.resolve(prepareJson({ before: true }));
    await pending;
    expect(await cache.get('p', fresh.build)).toBe(answer);
  });

  it('still answers whoever waits on a build that a change made stale, and keeps a failed build for no one', async () => {
    const cache = createResponseCache(options);
    cache.setEnabled(true);
    const slow = deferred<PreparedBody>();
    const first = cache.get('p', () => slow.promise, { group: 'ana' });
    const second = cache.get('p', () => slow.promise, { group: 'ana' });
    cache.forget('ana');
    const before = prepareJson({ before: true });
    slow.resolve(before);
    expect([await first, await second]).toEqual([before, before]);
    expect(cache.peek('p')).toBeUndefined();
    const failing = cache.get('q', () => Promise.reject(new Error('no database')));
    await expect(failing).rejects.toThrow('no database');
    const q = counting({ q: true });
    await cache.get('q', q.build);
    expect(q.builds()).toBe(1);
  });

  it('never lets one client walking through endless addresses push out what several clients asked for', async () => {
    const cache = createResponseCache({ ...options, maxEntries: 10, protectAfterClients: 2 });
    cache.setEnabled(true);
    const home = counting({ page: 'home' });
    const tools = counting({ page: 'tools' });
    await cache.get('/', home.build, { client: 'a' });
    await cache.get('/', home.build, { client: 'b' });
    await cache.get('/tools', tools.build, { client: 'a' });
    // A hit sent before routing counts its client too.
    expect(cache.peek('/tools', 'c')).toBeDefined();
    for (let i = 0; i < 50; i += 1) {
      await cache.get(`/tools?page=${i}`, counting({ i }).build, { client: 'walker' });
      // Asking again, alone, protects nothing.
      await cache.get(`/tools?page=${i}`, counting({ i }).build, { client: 'walker' });
    }
    expect(cache.size).toBe(10);
    expect(cache.peek('/')).toBeDefined();
    expect(cache.peek('/tools')).toBeDefined();
    expect(home.builds() + tools.builds()).toBe(2);
    // The walker's own answers still make room for one another.
    expect(cache.peek('/tools?page=0')).toBeUndefined();
    expect(cache.peek('/tools?page=49')).toBeDefined();
  });

  it('protects at most three quarters of its entries: newer shared answers still get in', async () => {
    const cache = createResponseCache({ ...options, maxEntries: 4, protectAfterClients: 2 });
    cache.setEnabled(true);
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      await cache.get(key, counting(key).build, { client: 'x' });
      await cache.get(key, counting(key).build, { client: 'y' });
    }
    expect(cache.size).toBe(4);
    expect(cache.peek('a')).toBeUndefined();
    expect(cache.peek('e')).toBeDefined();
  });
});

describe('a large page sent more than once', () => {
  it('is compressed again at brotli’s best: smaller, the same text, the same validator', async () => {
    // A page's worth of markup, repetitive as HTML is.
    const html = Array.from(
      { length: 600 },
      (_, index) =>
        `<li class="flex items-start gap-2 py-0.5"><a href="/tools/${index * 7919}">Tool ${index}</a><span class="ml-auto text-stone-600">${(index * 31) % 97} units</span></li>`,
    ).join('');
    const prepared = prepareBody(html, { 'content-type': 'text/html' });
    const etag = prepared.etag;
    const quick = await encodedBody(prepared, 'br');
    servedCompressed(prepared, 'br');
    expect(prepared.ready.br).toBe(quick);
    servedCompressed(prepared, 'br');
    await expect.poll(() => prepared.ready.br?.length).toBeLessThan(quick.length);
    const thorough = prepared.ready.br ?? Buffer.alloc(0);
    expect(brotliDecompressSync(thorough).toString()).toBe(html);
    expect(await encodedBody(prepared, 'br')).toBe(thorough);
    expect(prepared.etag).toBe(etag);
  });

  it('is left as it is when small, very large, sent in gzip, or not a page', async () => {
    const small = prepareBody('<p>small</p>'.repeat(100));
    const quick = await encodedBody(small, 'br');
    for (let sends = 0; sends < 3; sends += 1) servedCompressed(small, 'br');
    expect(small.isThorough).toBeUndefined();
    expect(small.ready.br).toBe(quick);
    const large = prepareBody('<p>large</p>'.repeat(5_000), { 'content-type': 'text/html' });
    for (let sends = 0; sends < 3; sends += 1) servedCompressed(large, 'gzip');
    expect(large.isThorough).toBeUndefined();
    const huge = prepareBody('<p>huge</p>'.repeat(110_000), { 'content-type': 'text/html' });
    for (let sends = 0; sends < 3; sends += 1) servedCompressed(huge, 'br');
    expect(huge.isThorough).toBeUndefined();
    // An API's answer is left to the quick form (the app reads it, no first paint waits on it).
    const json = prepareBody(JSON.stringify(Array.from({ length: 5_000 }, (_, n) => ({ n }))));
    for (let sends = 0; sends < 3; sends += 1) servedCompressed(json, 'br');
    expect(json.isThorough).toBeUndefined();
  });
});
