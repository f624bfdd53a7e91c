import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareJson } from '../cache/response-cache.ts';
import { catalogueChangesHeard, untilLive } from '../testing/change-feed.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';
import { ensureWebBuild } from '../testing/web-build.ts';

/**
 * What a flood of addresses that are no page is made of costs no render (docs/decisions/031): an
 * unknown address and a tool's page for an id that is no tool are the 404 pages rendered once;
 * any spelling of a kept page is that page, sent before routing.
 */

let t: TestContext;
let base: string;
let toolId: string;

function get(path: string): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/html', 'accept-encoding': 'br' };
    http
      .get(`${base}${path}`, { headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, etag: response.headers.etag }),
        );
      })
      .on('error', reject);
  });
}

const rendered = () => t.app.renders.stats().rendered;

beforeAll(async () => {
  ensureWebBuild();
  t = await buildTestApp({ webDistDir: path.join(import.meta.dirname, '../../dist/web') });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  toolId = (await t.addTool({ name: 'Rendered Once Drill', quantity: 5 })).id;
  await t.addTool({ name: 'Rendered Once Saw', brand: 'Anvilworks', quantity: 500 });
  await untilLive(t);
  await catalogueChangesHeard(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('addresses that are no page', () => {
  it('are answered with the 404 pages rendered once, whatever the address', async () => {
    // The kept pages go whenever the catalogue may have changed: a change heard, or the change
    // feed's connection lost (its heartbeat answered late on a loaded machine). A pass through
    // which they were kept must render nothing; one they were emptied in is tried again.
    for (let attempt = 1; ; attempt += 1) {
      const marker = `no-page-${randomUUID()}`;
      await t.app.catalogue.pages.get(marker, async () => prepareJson(marker));
      expect((await get('/nope-first')).status).toBe(404);
      expect((await get('/tools/00000000-0000-4000-8000-000000000001')).status).toBe(404);
      const before = rendered();
      for (let i = 0; i < 50; i += 1) {
        expect((await get(`/nope-${i}/x`)).status).toBe(404);
        expect(
          (await get(`/tools/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)).status,
        ).toBe(404);
      }
      const wasKept = t.app.catalogue.pages.peek(marker) !== undefined;
      if (wasKept || attempt === 3) {
        expect(wasKept, 'the kept pages were emptied in each of three passes').toBe(true);
        expect(rendered()).toBe(before);
        return;
      }
    }
  });

  it('a tool’s page is rendered for a tool, and an unknown tool once the tool is gone', async () => {
    expect((await get(`/tools/${toolId}`)).status).toBe(200);
    await t.removeTool(toolId);
    await catalogueChangesHeard(t);
    expect((await get(`/tools/${toolId}`)).status).toBe(404);
  });
});

describe('any spelling of a kept page', () => {
  it('is that page, sent before routing, without a render', async () => {
    const tools = await get('/tools');
    expect(tools.status).toBe(200);
    const before = rendered();
    const served = t.app.publicAnswers.served;
    for (let i = 0; i < 50; i += 1) {
      const spelled = await get(`/tools?sort=random-${i}&utm=${i}`);
      expect(spelled).toEqual(tools);
    }
    expect(rendered()).toBe(before);
    expect(t.app.publicAnswers.served - served).toBe(50);
  });
});

describe('a filtered catalogue page', () => {
  it('is rendered once for everyone, in any spelling, and again after the catalogue changes', async () => {
    const filtered = await get('/tools?inStock=true&brand=Anvilworks&brand=Ashdown');
    expect(filtered.status).toBe(200);
    const before = rendered();
    for (let i = 0; i < 20; i += 1) {
      const spelled = await get(`/tools?brand=Ashdown&brand=%20Anvilworks&inStock=true&utm=${i}`);
      expect(spelled).toEqual(filtered);
    }
    expect(rendered()).toBe(before);

    await t.addTool({ name: 'Rendered Once Plane', brand: 'Ashdown', quantity: 500 });
    await catalogueChangesHeard(t);
    const after = await get('/tools?inStock=true&brand=Anvilworks&brand=Ashdown');
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(filtered.etag);
    expect(rendered()).toBe(before + 1);
  });
});

describe('a kept page sent again and again', () => {
  it('has each answer’s length right as its brotli form is remade smaller, before routing and after', async () => {
    const answers: { length: number; declared: number; text: string; inFront: boolean }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const served = t.app.publicAnswers.served;
      const answer = await new Promise<{ body: Buffer; declared: number }>((resolve, reject) => {
        const headers = { accept: 'text/html', 'accept-encoding': 'br' };
        http
          .get(`${base}/blog`, { headers, agent: false }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', reject);
            response.on('end', () =>
              resolve({
                body: Buffer.concat(chunks),
                declared: Number(response.headers['content-length']),
              }),
            );
          })
          // A length that promises more than is sent leaves the answer waiting: fail, not hang.
          .setTimeout(5_000, function (this: http.ClientRequest) {
            this.destroy(new Error('the answer did not end: its length and its body differ'));
          })
          .on('error', reject);
      });
      answers.push({
        length: answer.body.length,
        declared: answer.declared,
        text: brotliDecompressSync(answer.body).toString(),
        inFront: t.app.publicAnswers.served > served,
      });
      // The page's thorough form is made off the main thread, a moment after its second sending.
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    for (const answer of answers) {
      expect(answer.length).toBe(answer.declared);
      expect(answer.text).toBe(answers[0]?.text);
    }
    expect(answers.some((answer) => answer.inFront)).toBe(true);
    expect(answers.at(-1)?.length).toBeLessThan(answers[0]?.length ?? 0);
  });
});
