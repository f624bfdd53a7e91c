import type { Config } from './config.ts';
import { StartupError } from './db/postgres-binaries.ts';

/**
 * One line that says why the store could not start and what to do, for whatever went wrong before
 * it was open. (The full error goes to the log at debug level.)
 */
export function describeStartupFailure(
  error: unknown,
  config: Pick<Config, 'port' | 'host' | 'databaseUrl'>,
): string {
  if (error instanceof StartupError) return error.message;
  const e = error as { code?: string; message?: string } | undefined;
  const where = config.databaseUrl ? 'the PostgreSQL server at DATABASE_URL' : 'the database';
  switch (e?.code) {
    case 'EADDRINUSE':
      return `port ${config.port} on ${config.host} is already in use. To fix: stop what uses it, or set PORT to another port.`;
    case 'EACCES':
    case 'EPERM':
      return `${e.message ?? 'permission denied'}. To fix: use a port above 1023 (PORT) and a DATA_DIR this user can write to.`;
    case 'ENOSPC':
      return 'the disk is full. To fix: free some space (DATA_DIR holds the database and the mail outbox).';
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
      return `${where} cannot be reached (${e.code}). To fix: check that it is running and that DATABASE_URL names the right host and port.`;
    case '28P01':
    case '28000':
      return `${where} refused the user name or password. To fix: correct them in DATABASE_URL.`;
    case '3D000':
      return `${where} has no such database. To fix: create it (createdb), or correct its name in DATABASE_URL.`;
  }
  const message = (e?.message ?? String(error)).split('\n')[0];
  return `${message}. To see more: start again with LOG_LEVEL=debug.`;
}
