/**
 * 5. Scale: the page of 24 and the name search with 10,000 tools seeded, against the same on a
 * store with 100 tools, alternately. Search terms rotate through more distinct queries than the
 * response cache holds, so searches are answered afresh: by the in-memory catalogue index
 * (server/modules/tools/catalogue-index.ts) and one primary-key read of the page's tools.
 */
import { BROWSER_HEADERS, type Comparison, compareLoads, describeLoad } from './catalogue.ts';
import { isMain, runAlone } from './lib/main.ts';
import type { BenchOptions } from './lib/options.ts';
import { type BenchReport, format } from './lib/report.ts';
import { searchTerms, seedTools } from './lib/seed.ts';
import { ratio } from './lib/stats.ts';
import { removeDataDir, startStore, tempDataDir } from './lib/store.ts';

const LARGE = 10_000;
const SMALL = 100;

/** Brand x type and variant x type phrases, as typed: more than the cache's 500 answers. */
export function searchPaths(): string[] {
  const terms = searchTerms();
  return terms.map((term) => `/api/tools?q=${encodeURIComponent(term)}&limit=24`);
}

export async function runScale(options: BenchOptions): Promise<BenchReport> {
  const largeDir = tempDataDir('scale-large');
  const smallDir = tempDataDir('scale-small');
  const large = await startStore({ dataDir: largeDir });
  const small = await startStore({ dataDir: smallDir });
  try {
    await seedTools(large.databaseUrl(), LARGE);
    await seedTools(small.databaseUrl(), SMALL);
    const page = await compareLoads(
      options,
      `${large.url}/api/tools?limit=24`,
      `${small.url}/api/tools?limit=24`,
    );
    const paths = searchPaths();
    const search: Comparison = await compareLoads(options, large.url, small.url, { paths });
    const pageShare = ratio(page.subject.rps, page.baseline.rps);
    return {
      bench: 'scale',
      title: `5. Scale (${format.count(LARGE)} tools against ${SMALL}, 50 connections, ${options.durationSeconds} s x ${options.rounds} rounds, medians)`,
      figures: [
        {
          name: `page of 24, ${format.count(LARGE)} tools`,
          value: describeLoad(page.subject),
          baseline: `${describeLoad(page.baseline)} (${SMALL} tools)`,
          ratio: format.ratio(pageShare),
          goal: `>= 0.80 of ${SMALL} tools`,
          met: pageShare >= 0.8 && page.subject.errors + page.subject.non2xx === 0,
        },
        {
          name: `name search, ${format.count(LARGE)} tools`,
          value: describeLoad(search.subject),
          baseline: `${describeLoad(search.baseline)} (${SMALL} tools)`,
          ratio: format.ratio(ratio(search.subject.rps, search.baseline.rps)),
        },
        {
          name: `name search p99, ${format.count(LARGE)} tools`,
          value: format.ms(search.subject.p99),
          baseline: `${format.ms(search.baseline.p99)} (${SMALL} tools)`,
          ratio: format.ratio(ratio(search.subject.p99, search.baseline.p99)),
          goal: '< 30 ms',
          met: search.subject.p99 < 30 && search.subject.errors + search.subject.non2xx === 0,
        },
      ],
      notes: [
        `Search rotates through ${paths.length} distinct queries (e.g. "${decodeURIComponent(paths[40]?.split('q=')[1]?.split('&')[0] ?? '')}"), page of 24 each, across all connections.`,
        `Request headers: ${Object.entries(BROWSER_HEADERS)
          .map(([name, value]) => `${name}: ${value}`)
          .join('; ')}.`,
      ],
    };
  } finally {
    await large.stop();
    await small.stop();
    removeDataDir(largeDir);
    removeDataDir(smallDir);
  }
}

if (isMain(import.meta.url)) runAlone(runScale);
