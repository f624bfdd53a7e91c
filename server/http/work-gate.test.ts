import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { createLocalStore } from '../modules/uploads/upload-store.ts';
import { createUploadsService } from '../modules/uploads/uploads.service.ts';
import { pngImage } from '../testing/images.ts';
import { within } from '../testing/within.ts';
import { createWorkGate } from './work-gate.ts';

describe('a gate for work that keeps a core busy', () => {
  it('runs `concurrency` at once, queues `queue`, refuses the rest at once, and hands slots on', async () => {
    const gate = createWorkGate({ concurrency: 2, queue: 1 }, () => new Error('busy'));
    const finishers: Array<() => void> = [];
    const work = () => new Promise<void>((resolve) => finishers.push(resolve));
    const running = [gate.run(work), gate.run(work), gate.run(work)];
    expect(gate.stats()).toEqual({ active: 2, waiting: 1, refused: 0, peak: 2 });
    expect(gate.hasRoom()).toBe(false);
    await expect(gate.run(work)).rejects.toThrow('busy');
    for (let i = 0; i < 3; i += 1) {
      // The next piece of work has started (the queued one once a slot was handed on): end it.
      await within(1_000, () => expect(finishers.length).toBeGreaterThan(0));
      finishers.shift()?.();
    }
    await Promise.all(running);
    expect(gate.stats()).toEqual({ active: 0, waiting: 0, refused: 1, peak: 2 });
  });

  it('keeps image uploads to their share: beyond the queue one is refused with 503 and Retry-After', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-gate-'));
    try {
      const uploads = createUploadsService(createLocalStore(dir), { concurrency: 1, queue: 1 });
      const picture = pngImage(2000, 1500);
      const outcomes = await Promise.allSettled([
        uploads.save(picture),
        uploads.save(picture),
        uploads.save(picture),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
      ]);
      const refusal = (outcomes[2] as PromiseRejectedResult).reason as AppError;
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal.status).toBe(503);
      expect(refusal.headers).toMatchObject({ 'retry-after': '2' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
