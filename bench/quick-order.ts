/**
 * 10. Quick order on a catalogue of 10,000 tools: one buyer checking lists one after another on a
 * kept-alive connection (`POST /api/quick-order/check`, time to the last byte): lists of 50 part
 * numbers with quantities (some repeated, some unknown), and a single part number (a SKU lookup).
 * Baseline, alternately in the same run: for the list, the same service call in this process
 * (reading, matching and judging, without HTTP, validation and serialization); for the lookup, the
 * one query that finds a tool by SKU whatever its case, through pg.
 */
import pg from 'pg';
import { createDatabase } from '../server/db/client.ts';
import { createQuickOrderService } from '../server/modules/quick-order/quick-order.service.ts';
import { alternate } from './lib/alternate.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
import { seedTools } from './lib/seed.ts';
import { type Latencies, timeCalls, timeSequentialPosts } from './lib/sequential.ts';
import { median, ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';

const TOOLS = 10_000;
const LIST_LINES = 50;

/** A list of 50 lines: SKUs in mixed case, a few repeated, one unknown, quantities 1 to 20. */
function listOf(skus: string[], seed: number): string {
  return Array.from({ length: LIST_LINES }, (_, line) => {
    if (line === LIST_LINES - 1) return `NOPE-${seed} 3`;
    const sku = skus[(seed * 7919 + (line % 45) * 104_729) % skus.length] as string;
    return `${line % 2 === 0 ? sku.toLowerCase() : sku},${1 + ((seed + line) % 20)}`;
  }).join('\n');
}

function medianLatencies(runs: Latencies[]): Latencies {
  return {
    p50: median(runs.map((r) => r.p50)),
    p95: median(runs.map((r) => r.p95)),
    max: Math.max(...runs.map((r) => r.max)),
    count: runs.reduce((sum, r) => sum + r.count, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    examples: runs.flatMap((r) => r.examples).slice(0, 3),
  };
}

const describe = (result: Latencies) =>
  `p95 ${format.ms(result.p95)}, p50 ${format.ms(result.p50)}${result.errors > 0 ? `, ${result.errors} failed` : ''}`;

export async function runQuickOrder(options: BenchOptions): Promise<BenchReport> {
  const dataDir = tempDataDir('quick-order');
  const store = await startStore({ dataDir });
  const database = createDatabase({ url: store.databaseUrl(), max: 4, applicationName: 'bench' });
  const client = new pg.Client({ connectionString: store.databaseUrl() });
  try {
    await seedTools(store.databaseUrl(), TOOLS);
    await client.connect();
    const skus = (await client.query<{ sku: string }>('select sku from tools')).rows.map(
      (row) => row.sku,
    );
    const service = createQuickOrderService(database.db, {
      currency: 'USD',
      addToCart: () => Promise.reject(new Error('not measured')),
    });
    const samples = options.isQuick ? 40 : 200;
    const headers = { origin: store.origin, accept: 'application/json' };

    const compare = async (texts: string[], direct: (text: string) => Promise<unknown>) => {
      const requests = texts.map((text) => ({ path: '/api/quick-order/check', body: { text } }));
      // Warm-up: the JIT, both pools, PostgreSQL's buffers.
      await timeSequentialPosts(store.url, requests.slice(0, 20), headers);
      await timeCalls(20, (i) => direct(texts[i] as string));
      const runs = await alternate(
        options.rounds,
        () => timeSequentialPosts(store.url, requests, headers),
        () => timeCalls(texts.length, (i) => direct(texts[i] as string)),
      );
      return { subject: medianLatencies(runs.subject), baseline: medianLatencies(runs.baseline) };
    };
    const figure = (
      name: string,
      result: { subject: Latencies; baseline: Latencies },
      baselineName: string,
      goalMs: number,
    ): Figure => ({
      name,
      value: describe(result.subject),
      baseline: `${describe(result.baseline)} ${baselineName}`,
      ratio: format.ratio(ratio(result.subject.p95, result.baseline.p95)),
      goal: `p95 < ${goalMs} ms`,
      met: result.subject.p95 < goalMs && result.subject.errors === 0,
    });

    const lists = Array.from({ length: samples }, (_, i) => listOf(skus, i));
    const list = await compare(lists, (text) => service.check({ text }));
    const lookups = Array.from(
      { length: samples },
      (_, i) => `${(skus[(i * 104_729) % skus.length] as string).toLowerCase()} 5`,
    );
    const lookup = await compare(lookups, (text) =>
      client.query('select * from tools where lower(sku) = $1 and deleted_at is null', [
        text.split(' ')[0],
      ]),
    );
    const notes = [...list.subject.examples, ...lookup.subject.examples].map(
      (example) => `error: ${example}`,
    );
    return {
      bench: 'quick-order',
      title: `10. Quick order (${format.count(TOOLS)} tools; one buyer, requests one after another, ${samples} x ${options.rounds} rounds, medians)`,
      figures: [
        figure(`list of ${LIST_LINES} lines checked`, list, 'in process', 100),
        figure('one SKU looked up', lookup, 'the query through pg', 20),
      ],
      notes,
    };
  } finally {
    await client.end().catch(() => {});
    await database.close();
    await store.stop();
    removeDataDir(dataDir);
  }
}

if (isMain(import.meta.url)) runAlone(runQuickOrder);
