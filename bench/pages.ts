/**
 * 6. Server-rendered pages: `/`, a tool's page and a category's page, plain and filtered (the demo
 * catalogue), at 50 connections, as a browser asks for them, against a plain node:http server
 * answering the same bytes from memory.
 */
import { type Comparison, compareLoads, describeLoad } from './catalogue.ts';
import { startCeiling } from './lib/ceiling.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, type Figure, format } from './lib/report.ts';
import { ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';
import { ensureWebBuild } from './lib/web-build.ts';

/** What a browser sends for a page. */
const PAGE_HEADERS = {
  'accept-encoding': 'gzip, deflate, br',
  accept: 'text/html,application/xhtml+xml',
};

export async function runPages(options: BenchOptions): Promise<BenchReport> {
  ensureWebBuild(options.forceBuild);
  const dataDir = tempDataDir('pages');
  const store = await startStore({ dataDir, seedDemo: true });
  try {
    const [tool] = (await (await fetch(`${store.url}/api/tools?limit=1`)).json()) as {
      _id: string;
    }[];
    if (!tool) throw new Error('the demo catalogue is empty');
    const targets = [
      { name: 'home page /', path: '/' },
      { name: 'a tool page /tools/{id}', path: `/tools/${tool._id}` },
      { name: 'a category page /categories/power-tools', path: '/categories/power-tools' },
      {
        name: 'the same, filtered (in stock, a price range)',
        path: '/categories/power-tools?inStock=true&maxPrice=50000',
      },
    ];
    const ceiling = await startCeiling(
      store.url,
      targets.map((target) => target.path),
      PAGE_HEADERS,
    );
    const figures: Figure[] = [];
    try {
      for (const target of targets) {
        const { subject, baseline }: Comparison = await compareLoads(
          options,
          `${store.url}${target.path}`,
          `${ceiling.url}${target.path}`,
          { headers: PAGE_HEADERS },
        );
        const share = ratio(subject.rps, baseline.rps);
        figures.push({
          name: `${target.name}: throughput`,
          value: describeLoad(subject),
          baseline: `${describeLoad(baseline)} (node:http)`,
          ratio: format.ratio(share),
          goal: '>= 0.50 of ceiling',
          met: share >= 0.5 && subject.errors === 0 && subject.non2xx === 0,
        });
      }
    } finally {
      await ceiling.stop();
    }
    return {
      bench: 'pages',
      title: `6. Server-rendered pages (demo catalogue, 50 connections, ${options.durationSeconds} s x ${options.rounds} rounds, medians)`,
      figures,
      notes: [
        'Pages are rendered once per URL and kept until the catalogue changes; the load measures serving them (ETag, compression, security headers) against node:http sending the same bytes.',
      ],
    };
  } finally {
    await store.stop();
    removeDataDir(dataDir);
  }
}

if (isMain(import.meta.url)) runAlone(runPages);
