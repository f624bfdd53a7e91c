/**
 * 12. The catalogue CSV import of 100,000 rows through HTTP against the real store, as the admin's
 * screen sends it (one text/csv body with a progress id, read by the store as it checks it): an
 * apply adding every tool, a dry run of the same file with half the rows changed, then the apply of
 * that file (50,000 changed, 50,000 as they were), each timed to the answer while the store's resident
 * memory is sampled every 20 ms. Baseline, in the same run: the same rows written straight to
 * PostgreSQL through pg from this process (a table shaped like `tools`, batches of 1,000 rows, one
 * transaction): the database's own share of the work, without reading, checking or HTTP.
 */

import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { CATALOGUE_COLUMNS } from '../contract/catalogue-csv.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { cpuSeconds, rssBytes } from './lib/processes.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
import { signInAdmin } from './lib/seed.ts';
import { ratio } from './lib/stats.ts';
import { removeDataDir, type Store, startStore, tempDataDir } from './lib/store.ts';

const GOAL_MS = 60_000;

/** One tool's row; `version` 1 changes the price and stock of every second tool. */
function rowOf(index: number, version: number): string {
  const isChanged = version === 1 && index % 2 === 0;
  const inCategory = index % 3 !== 0;
  const cells: Record<string, string> = {
    sku: `BN-${String(index).padStart(6, '0')}`,
    brand: ['Forge', 'Bosch', 'Makita', 'Stanley'][index % 4] as string,
    mpn: `M${index}`,
    gtin: '',
    name: `Bench tool number ${index}`,
    category: inCategory ? 'bench-drills' : '',
    price: `${10 + (index % 90)}.${isChanged ? '49' : '99'}`,
    stock: String(isChanged ? 500 : 100 + (index % 400)),
    minimum_order: '2',
    order_increment: '2',
    max_per_order: index % 5 === 0 ? '200' : '',
    weight_grams: String(100 + (index % 50) * 10),
    price_breaks: index % 4 === 0 ? '10: 9.50; 50: 9.00' : '',
    img: '/images/tools/drill.svg',
    description: `"A sturdy tool for the benchmark, number ${index}, with a description of a few words, commas included."`,
  };
  const specs = inCategory ? [String(6 + (index % 10)), index % 2 === 0 ? 'yes' : 'no'] : ['', ''];
  return [...CATALOGUE_COLUMNS.map((column) => cells[column]), ...specs].join(',');
}

async function writeFile(file: string, rows: number, version: number): Promise<number> {
  const out = createWriteStream(file);
  out.write(`${CATALOGUE_COLUMNS.join(',')},spec:chuck-size,spec:keyless\n`);
  for (let i = 1; i <= rows; i += 1) {
    if (!out.write(`${rowOf(i, version)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return statSync(file).size;
}

interface ImportRun {
  status: number;
  ms: number;
  /** CPU seconds the step cost the store's process and its PostgreSQL: what load does not change. */
  cpu: { store: number; database: number };
  rssBefore: number;
  rssPeak: number;
  answer: string;
}

/** Sends a file as the screen does, timing it to the answer and watching the store's memory. */
function sendFile(store: Store, cookie: string, route: string, file: string): Promise<ImportRun> {
  const rssBefore = rssBytes(store.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssBytes(store.pid));
  }, 20);
  const started = performance.now();
  const cpuBefore = cpuSeconds(store.pid);
  return new Promise((resolve) => {
    const finish = (status: number, answer: string) => {
      clearInterval(sampler);
      const cpuAfter = cpuSeconds(store.pid);
      const cpu = {
        store: cpuAfter.own - cpuBefore.own,
        database: cpuAfter.children - cpuBefore.children,
      };
      resolve({ status, ms: performance.now() - started, cpu, rssBefore, rssPeak, answer });
    };
    // As the screen sends it: with an id its progress is followed by (written as the import goes).
    const request = http.request(
      `${store.url}${route}?progressId=${randomUUID()}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          origin: store.origin,
          cookie,
          'content-type': 'text/csv',
          'content-length': statSync(file).size,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          finish(response.statusCode ?? 0, Buffer.concat(chunks).toString().slice(0, 400)),
        );
      },
    );
    request.on('error', (error) => finish(0, error.message));
    createReadStream(file).pipe(request);
  });
}

/** The baseline: the same rows straight into a table shaped like `tools`, in one transaction. */
async function writeStraight(client: pg.Client, rows: number, version: number): Promise<number> {
  const started = performance.now();
  await client.query('begin');
  await client.query(
    'create temporary table bench_tools (like tools including defaults) on commit drop',
  );
  for (let from = 1; from <= rows; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, rows - from + 1) }, (_, i) => {
      const index = from + i;
      return {
        sku: `BN-${index}`,
        brand: 'Forge',
        mpn: `M${index}`,
        name: `Bench tool number ${index}`,
        img: '/images/tools/drill.svg',
        description: `A sturdy tool for the benchmark, number ${index}.`,
        quantity: version === 1 ? 500 : 100,
        minimum_order: 2,
        order_increment: 2,
        price: 1099,
        price_tiers: [],
        specs: { 'chuck-size': 6 + (index % 10) },
      };
    });
    await client.query(
      `insert into bench_tools (sku, brand, mpn, name, img, description, quantity, minimum_order,
         order_increment, price, price_tiers, specs)
       select sku, brand, mpn, name, img, description, quantity, minimum_order, order_increment,
         price, price_tiers, specs
       from jsonb_populate_recordset(null::bench_tools, $1::jsonb)`,
      [JSON.stringify(batch)],
    );
  }
  await client.query('commit');
  return performance.now() - started;
}

async function addCategory(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ id: string }>(
    `insert into categories (slug, name) values ('bench-drills', 'Bench drills') returning id`,
  );
  await client.query(
    `insert into category_attributes (category_id, key, name, kind, unit) values
       ($1, 'chuck-size', 'Chuck size', 'number', 'mm'), ($1, 'keyless', 'Keyless', 'boolean', null)`,
    [rows[0]?.id],
  );
}

export async function runCatalogueImport(options: BenchOptions): Promise<BenchReport> {
  const rows = options.isQuick ? 10_000 : 100_000;
  const dataDir = tempDataDir('catalogue-import');
  const store = await startStore({ dataDir });
  const client = new pg.Client({ connectionString: store.databaseUrl() });
  // The store's PostgreSQL stops at the end: the connection's end is expected then.
  client.on('error', () => {});
  try {
    await client.connect();
    await addCategory(client);
    const cookie = await signInAdmin(store);
    const first = path.join(dataDir, 'catalogue-1.csv');
    const second = path.join(dataDir, 'catalogue-2.csv');
    const bytes = await writeFile(first, rows, 0);
    await writeFile(second, rows, 1);

    const straightFirst = await writeStraight(client, rows, 0);
    const added = await sendFile(store, cookie, '/api/catalogue/import', first);
    const checked = await sendFile(store, cookie, '/api/catalogue/import/dry-run', second);
    const straightSecond = await writeStraight(client, rows, 1);
    const changed = await sendFile(store, cookie, '/api/catalogue/import', second);
    const listed = await client.query<{ n: number }>(
      'select count(*)::int as n from tools where deleted_at is null',
    );

    const straight = (straightFirst + straightSecond) / 2;
    const figure = (name: string, run: ImportRun, expected: string): Figure => ({
      name,
      value: `${format.seconds(run.ms)}; CPU: store ${run.cpu.store.toFixed(1)} s, PostgreSQL ${run.cpu.database.toFixed(1)} s; memory ${format.mb(run.rssBefore)} → peak ${format.mb(run.rssPeak)}`,
      baseline: `${format.seconds(straight)} the rows straight into PostgreSQL`,
      ratio: format.ratio(ratio(run.ms, straight)),
      goal: '< 60 s, memory flat',
      met: run.status === 200 && run.ms < GOAL_MS && run.answer.includes(expected),
    });
    return {
      bench: 'catalogue-import',
      title: `12. Catalogue CSV import (${format.count(rows)} rows, ${format.mb(bytes)} file; one admin; the baseline the same rows written straight to PostgreSQL)`,
      figures: [
        figure(`apply: ${format.count(rows)} tools added`, added, `"created":${rows}`),
        figure('dry run: half of them changed', checked, `"updated":${rows / 2}`),
        figure('apply: half changed, half as they were', changed, `"unchanged":${rows / 2}`),
      ],
      notes: [
        `listed tools after the imports: ${format.count(listed.rows[0]?.n ?? 0)}`,
        ...[added, checked, changed]
          .filter((run) => run.status !== 200)
          .map((run) => `answered ${run.status}: ${run.answer}`),
      ],
    };
  } finally {
    await client.end().catch(() => {});
    await store.stop();
    removeDataDir(dataDir);
  }
}

if (isMain(import.meta.url)) runAlone(runCatalogueImport);
