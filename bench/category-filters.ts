/**
 * 11. A filtered category page on 100,000 tools: 20 categories under 5 parents, 20 filterable
 * specifications, 20 brands. 50 connections ask for a parent category's page of 24 with three
 * filters (two brands, two values of one specification, a range of another) and its facet counts
 * (`GET /api/tools` and `GET /api/tools/facets`, alternately), over 2,000 distinct filter
 * combinations, so the kept answers (500) rarely serve. Baseline, alternately in the same run: the
 * same page and the same disjunctive counts written as SQL, straight on PostgreSQL through pg with
 * 50 connections (the GIN index on `specs` and the category index available to it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { alternate } from './lib/alternate.ts';
import { load } from './lib/cannon.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, format } from './lib/report.ts';
import { median, percentile, ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';

const TOOLS = 100_000;
const PARENTS = 5;
const CATEGORIES = 20;
const ATTRIBUTES = 20;
const BRANDS = 20;
const CONNECTIONS = 50;
const COMBINATIONS = 2_000;

/** The `i`-th combination: two brands, two values of `a1`, a range of `a2`, one parent. */
function combination(i: number) {
  const brandA = i % BRANDS;
  const brandB = (brandA + 1 + ((i * 7) % (BRANDS - 1))) % BRANDS;
  const low = (i * 3) % 8;
  return {
    parent: `parent-${i % PARENTS}`,
    brands: [`Brand ${brandA}`, `Brand ${brandB}`],
    a1: [String(i % 10), String((i + 3) % 10)],
    a2: [low, low + 2] as const,
  };
}

function pathOf(i: number, kind: 'list' | 'facets'): string {
  const c = combination(i);
  const filters = [
    ...c.brands.map((brand) => `brand=${encodeURIComponent(brand)}`),
    ...c.a1.map((value) => `spec.a1=${value}`),
    `spec.a2=${c.a2[0]}..${c.a2[1]}`,
  ].join('&');
  return kind === 'list'
    ? `/api/tools?category=${c.parent}&${filters}&sort=newest&limit=24`
    : `/api/tools/facets?category=${c.parent}&${filters}`;
}

async function seedCatalogue(client: pg.Client): Promise<void> {
  await client.query(`
    insert into categories (slug, name) select 'parent-' || p, 'Parent ' || p from generate_series(0, ${PARENTS - 1}) p;
    insert into categories (slug, name, parent_id)
      select 'leaf-' || c, 'Leaf ' || c, (select id from categories where slug = 'parent-' || (c % ${PARENTS}))
      from generate_series(0, ${CATEGORIES - 1}) c;
    insert into category_attributes (category_id, key, name, kind, unit, filterable, position)
      select id, 'a' || k, 'Attribute ' || k, 'number', 'mm', true, k
      from categories, generate_series(1, ${ATTRIBUTES}) k where parent_id is null;`);
  await client.query(`
    insert into tools (sku, name, img, description, quantity, minimum_order, price, brand, category_id, specs, created_at)
    select 'BF-' || i, 'Bench Tool ' || i, '/images/tools/claw-hammer-450g.svg', 'A tool for the filter benchmark.',
           (i * 37) % 500, 1 + (i % 3), 500 + (i * 7919) % 20000, 'Brand ' || (i % ${BRANDS}),
           (select id from categories where slug = 'leaf-' || (i % ${CATEGORIES})),
           (select jsonb_object_agg('a' || k, (i * k * 31 + k) % 10) from generate_series(1, ${ATTRIBUTES}) k),
           now() - (${TOOLS} - i) * interval '1 second'
    from generate_series(1, ${TOOLS}) i;
    analyze tools;`);
}

/** The same page and counts as SQL: flags per filter group, then one count per group's values. */
const SQL_PAGE = `
  select id from tools
  where deleted_at is null and category_id = any($1::uuid[]) and lower(brand) = any($2)
    and specs->>'a1' = any($3) and (specs->>'a2')::numeric between $4 and $5
  order by created_at desc, id desc limit 24`;
const SQL_FACETS = `
  with scope as (
    select brand, price, quantity, minimum_order, specs,
           lower(brand) = any($2) as b_ok, specs->>'a1' = any($3) as a1_ok,
           (specs->>'a2')::numeric between $4 and $5 as a2_ok
    from tools where deleted_at is null and category_id = any($1::uuid[])
  )
  select 'brand' as k, brand as v, count(*) from scope where a1_ok and a2_ok group by brand
  union all select 'a1', specs->>'a1', count(*) from scope where b_ok and a2_ok group by 2
  union all select 'a2', specs->>'a2', count(*) from scope where b_ok and a1_ok group by 2
  union all select 'total', null, count(*) from scope where b_ok and a1_ok and a2_ok
  union all select 'stock', null, count(*) from scope
    where b_ok and a1_ok and a2_ok and quantity >= minimum_order and quantity > 0
  union all select 'price', min(price)::text, max(price) from scope where b_ok and a1_ok and a2_ok
  union all select e.key, e.value::text, count(*) from scope, jsonb_each(specs) e
    where b_ok and a1_ok and a2_ok and e.key not in ('a1', 'a2') group by 1, 2`;

async function sqlLoad(url: string, scopes: Map<string, string[]>, seconds: number) {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  const latencies: number[] = [];
  let next = 0;
  const until = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < until) {
      const i = next++;
      const c = combination(Math.floor(i / 2));
      const params = [scopes.get(c.parent), c.brands.map((b) => b.toLowerCase()), c.a1, ...c.a2];
      const started = performance.now();
      await pool.query(i % 2 === 0 ? SQL_PAGE : SQL_FACETS, params);
      latencies.push(performance.now() - started);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p95: percentile(latencies, 95),
    p50: percentile(latencies, 50),
  };
}

export async function runCategoryFilters(options: BenchOptions): Promise<BenchReport> {
  const dataDir = tempDataDir('category-filters');
  const store = await startStore({ dataDir });
  const client = new pg.Client({ connectionString: store.databaseUrl() });
  try {
    await client.connect();
    await seedCatalogue(client);
    const scopes = new Map<string, string[]>();
    for (let p = 0; p < PARENTS; p += 1) {
      const result = await client.query<{ id: string }>(
        `select id from categories where slug = $1 or parent_id = (select id from categories where slug = $1)`,
        [`parent-${p}`],
      );
      scopes.set(
        `parent-${p}`,
        result.rows.map((row) => row.id),
      );
    }
    const paths = Array.from({ length: COMBINATIONS * 2 }, (_, i) =>
      pathOf(Math.floor(i / 2), i % 2 === 0 ? 'list' : 'facets'),
    );
    const seconds = options.isQuick ? 3 : 10;
    // The first answer reads the whole catalogue into memory: timed apart, and it must be a page.
    const started = performance.now();
    const first = await fetch(`${store.url}${paths[0]}`);
    const firstMs = performance.now() - started;
    if (!first.ok) {
      const log = readFileSync(path.join(dataDir, 'store.log'), 'utf8').split('\n');
      const errors = log.filter((line) => line.includes('"level":50')).slice(-3);
      throw new Error(`the first page answered ${first.status}: ${errors.join('\n')}`);
    }
    // Warm-up: the index read, the JIT, PostgreSQL's buffers.
    await load({ url: store.url, paths, connections: CONNECTIONS, seconds: 3 });
    await sqlLoad(store.databaseUrl(), scopes, 3);
    const runs = await alternate(
      options.rounds,
      () => load({ url: store.url, paths, connections: CONNECTIONS, seconds }),
      () => sqlLoad(store.databaseUrl(), scopes, seconds),
    );
    const p95 = median(runs.subject.map((run) => run.p95));
    const rps = median(runs.subject.map((run) => run.rps));
    const sqlRps = median(runs.baseline.map((run) => run.rps));
    const sqlP95 = median(runs.baseline.map((run) => run.p95));
    const failed = runs.subject.reduce((n, run) => n + run.errors + run.non2xx, 0);
    const share = ratio(rps, sqlRps);
    return {
      bench: 'category-filters',
      title: `11. A category page with 3 filters and its facets (${format.count(TOOLS)} tools, ${ATTRIBUTES} filterable specifications, ${CONNECTIONS} connections, ${seconds} s x ${options.rounds} rounds, medians)`,
      figures: [
        {
          name: 'page of 24 and facets, over HTTP',
          value: `${format.count(Math.round(rps))} req/s, p95 ${format.ms(p95)}${failed > 0 ? `, ${failed} failed` : ''}`,
          baseline: `${format.count(Math.round(sqlRps))} queries/s, p95 ${format.ms(sqlP95)}, the same as SQL through pg`,
          ratio: format.ratio(share),
          goal: 'p95 < 50 ms; >= 0.5 of PostgreSQL',
          met: p95 < 50 && share >= 0.5 && failed === 0,
        },
      ],
      notes: [`first page after start (reads the catalogue into memory): ${format.ms(firstMs)}`],
    };
  } finally {
    await client.end().catch(() => {});
    await store.stop();
    removeDataDir(dataDir);
  }
}

if (isMain(import.meta.url)) runAlone(runCategoryFilters);
