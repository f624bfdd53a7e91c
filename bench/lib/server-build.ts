export { ensureServerBuild } from '../../server/testing/server-build.ts';
