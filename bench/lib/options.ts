/** Command-line switches every benchmark understands. */
export interface BenchOptions {
  /** Shorter runs (a few seconds each, one round): for trying the harness, not for figures. */
  isQuick: boolean;
  /** Seconds of each measured load run. */
  durationSeconds: number;
  /** Seconds of load before measuring, so the JIT, pools and caches are warm. */
  warmupSeconds: number;
  /** Measured runs of the subject, each next to a run of its baseline (ABBA order). */
  rounds: number;
  /** Lighthouse runs per page (the median is reported). */
  lighthouseRuns: number;
  /** Rebuild the web app even when dist/web looks up to date. */
  forceBuild: boolean;
  /** `--page=/blog` (repeatable): the web bench scores only these of its pages. */
  pages: string[];
}

export function parseOptions(argv: string[] = process.argv.slice(2)): BenchOptions {
  const unknown = argv.filter(
    (arg) => !['--quick', '--build', '--help'].includes(arg) && !arg.startsWith('--page='),
  );
  if (argv.includes('--help') || unknown.length > 0) {
    if (unknown.length > 0) console.error(`Unknown option(s): ${unknown.join(' ')}`);
    console.error(
      'Options: --quick (short runs), --build (rebuild the web app first), --page=<path> (the web bench: only this page; repeatable)',
    );
    process.exit(unknown.length > 0 ? 2 : 0);
  }
  const isQuick = argv.includes('--quick');
  return {
    isQuick,
    durationSeconds: isQuick ? 3 : 10,
    warmupSeconds: isQuick ? 1 : 3,
    rounds: isQuick ? 1 : 2,
    lighthouseRuns: isQuick ? 1 : 3,
    forceBuild: argv.includes('--build'),
    pages: argv
      .filter((arg) => arg.startsWith('--page='))
      .map((arg) => arg.slice('--page='.length)),
  };
}
