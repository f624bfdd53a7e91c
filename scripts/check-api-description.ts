/**
 * `npm run test:openapi`: the API description as a store serves it, checked as an integrator would
 * use it (docs/decisions/023):
 * 1. a store is started (its own embedded PostgreSQL, Google sign-in against a stand-in provider,
 *    so that every operation is described) and its /api/docs/json is written to
 *    examples/api-client/generated/openapi.json;
 * 2. Redocly lints it with the recommended rules (redocly.yaml): any error or warning fails;
 * 3. openapi-typescript makes a typed client from it (examples/api-client/generated/api.ts), and
 *    the sample program that uses it (examples/api-client/sample.ts) must type-check.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/setup.ts';
import { createLogger } from '../server/logger.ts';
import { startOidcStandIn } from '../server/testing/oidc-stand-in.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const generated = path.join(root, 'examples/api-client/generated');
const documentFile = path.join(generated, 'openapi.json');
/** Where the checked store says it lives: a name reserved for testing, not a real host. */
const PUBLIC_URL = 'https://toolyard.test';

/** The description the store serves at /api/docs/json. */
async function servedDescription(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolyard-api-description-'));
  // Open to enter: as root the postgres user must reach it (server/testing/data-dir.ts).
  chmodSync(dataDir, 0o755);
  const google = { clientId: 'toolyard-docs', clientSecret: 'toolyard-docs-secret' };
  const oidc = await startOidcStandIn({
    ...google,
    redirectUri: `${PUBLIC_URL}/api/auth/callback/google`,
    accounts: [],
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'error',
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  });
  const log = createLogger(config.logLevel);
  const opened = await openDatabase(config, log);
  try {
    const app = await buildApp({ config, database: opened.database, logger: log });
    try {
      const response = await app.inject({ url: '/api/docs/json' });
      if (response.statusCode !== 200) throw new Error(`/api/docs/json: ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await opened.close();
    await oidc.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs a tool of node_modules/.bin; its output goes to ours. */
/** A tool from node_modules/.bin, or a program by its absolute path. */
function run(tool: string, args: string[], capture = false) {
  const command = path.isAbsolute(tool) ? tool : path.join(root, 'node_modules/.bin', tool);
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
  });
  if (result.error) throw result.error;
  return result;
}

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: {
    ruleId: string;
    severity: string;
    message: string;
    location: { pointer: string }[];
  }[];
}

const failures: string[] = [];

const document = await servedDescription();
const servers = document.servers as { url: string }[] | undefined;
if (servers?.[0]?.url !== PUBLIC_URL) {
  failures.push(`servers[0].url is ${servers?.[0]?.url}, not PUBLIC_URL (${PUBLIC_URL})`);
}
mkdirSync(generated, { recursive: true });
writeFileSync(documentFile, `${JSON.stringify(document, null, 2)}\n`);
console.log(`The served description: ${path.relative(root, documentFile)}`);

// Redocly exits 0 on warnings: its report is read instead, and a warning fails as an error does.
const lint = run('redocly', ['lint', documentFile, '--format=json', '--max-problems=1000'], true);
const report = JSON.parse(lint.stdout) as LintReport;
for (const problem of report.problems) {
  const where = problem.location[0]?.pointer ?? '';
  failures.push(`redocly ${problem.severity} ${problem.ruleId}: ${problem.message} (${where})`);
}
console.log(
  `Redocly (recommended): ${report.totals.errors} errors, ${report.totals.warnings} warnings`,
);

const types = astToString(await openapiTS(document as unknown as OpenAPI3));
writeFileSync(path.join(generated, 'api.ts'), types);
console.log('openapi-typescript: examples/api-client/generated/api.ts');
// TypeScript 7 (the npm alias typescript-native), as `npm run typecheck` runs it: docs/decisions/059.
const typecheck = run(process.execPath, [
  'node_modules/typescript-native/bin/tsc',
  '--noEmit',
  '-p',
  'examples/api-client/tsconfig.json',
]);
if (typecheck.status !== 0) failures.push('examples/api-client/sample.ts does not type-check');
else console.log('examples/api-client/sample.ts type-checks against the generated client');

if (failures.length > 0) {
  console.error(`\nThe API description does not pass:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('The API description passes.');
