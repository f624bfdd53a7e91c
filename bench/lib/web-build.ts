import path from 'node:path';
import { PROJECT_ROOT } from '../../scripts/build-freshness.ts';

export { ensureWebBuild } from '../../server/testing/web-build.ts';

/** The files browsers load (the page renderer sits beside it, in dist/web/server). */
export const DIST_DIR = path.join(PROJECT_ROOT, 'dist/web/client');
