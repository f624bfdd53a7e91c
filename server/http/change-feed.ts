import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

export interface ChangeFeedOptions {
  /** The app's pool: its connection settings are reused for the one listening connection. */
  pool: pg.Pool;
  /** A PostgreSQL channel name (a plain identifier). */
  channel: string;
  log: Logger;
  /** Something changed, here or in another instance; `kind` says what (see ChangeKind). */
  onChange: (kind: ChangeKind) => void;
  /** Whether changes can be heard right now; while not, nothing may be cached. */
  onLiveChange: (isLive: boolean) => void;
  /** At most one NOTIFY per this many milliseconds from this instance (bursts coalesce). */
  notifyEveryMs?: number;
  /** How often the listening connection proves it is alive. */
  heartbeatMs?: number;
  /**
   * More channels heard on the same connection, each with what to do with a message (the text
   * after "<sender>:"; this instance's own are skipped). While the feed is not live (onLiveChange),
   * nothing heard on them can be relied on either.
   */
  listeners?: Record<string, (text: string) => void>;
}

/**
 * `stock`: only stock levels moved (the frequent change: every order); `reviews`: a review was
 * posted (pages that show reviews change, tools do not); `all`: anything else, or unknown (treat
 * everything as changed). Listeners tell `all` apart from the rest; the others are named for logs.
 */
export type ChangeKind = 'stock' | 'reviews' | 'all';

export interface ChangeFeed {
  /** Call after a change commits: this instance hears it at once, the others through PostgreSQL. */
  changed(kind?: ChangeKind): void;
  start(): void;
  stop(): Promise<void>;
  readonly isLive: boolean;
}

const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];

/**
 * Tells every instance sharing the database that some data changed, with LISTEN/NOTIFY on one
 * dedicated connection. The feed is "live" only while that connection is up and answers its
 * heartbeat; any lapse counts as a change (notifications may have been missed) and callers stop
 * caching until it is back.
 */
export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { channel, log } = options;
  const listeners = options.listeners ?? {};
  for (const name of [channel, ...Object.keys(listeners)]) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad channel name: ${name}`);
  }
  const notifyEveryMs = options.notifyEveryMs ?? 100;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  // Our own notifications come back to us too; we heard those changes already.
  const instanceId = randomUUID();

  let client: pg.Client | undefined;
  let isLive = false;
  let isStopped = true;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let lastNotifyAt = 0;
  let notifyTimer: NodeJS.Timeout | undefined;
  /** The broadest kind of change waiting to be announced. */
  let pendingKind: ChangeKind = 'stock';

  const setLive = (value: boolean) => {
    if (isLive === value) return;
    isLive = value;
    options.onLiveChange(value);
  };

  const lost = (reason: unknown) => {
    const old = client;
    client = undefined;
    clearInterval(heartbeatTimer);
    if (old) {
      old.removeAllListeners('notification');
      old.on('error', () => {});
      void old.end().catch(() => {});
    }
    if (isStopped) return;
    if (isLive) log.warn({ err: reason }, 'change feed lost its connection; caching paused');
    setLive(false);
    options.onChange('all');
    const delay = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    retryTimer = setTimeout(() => void connect(), delay);
    retryTimer.unref();
  };

  const connect = async () => {
    if (isStopped) return;
    const settings = options.pool.options;
    const listener = new pg.Client({
      ...settings,
      ...(settings.password ? { password: settings.password } : {}),
      application_name: `${settings.application_name ?? 'toolyard'}-listener`,
      query_timeout: 3_000,
      keepAlive: true,
    });
    client = listener;
    listener.on('error', (error) => client === listener && lost(error));
    listener.on('end', () => client === listener && lost(new Error('connection ended')));
    // Payload "<sender>:<kind>"; the database's own triggers send no sender.
    listener.on('notification', (message) => {
      const payload = message.payload ?? '';
      const colon = payload.indexOf(':');
      const sender = colon === -1 ? '' : payload.slice(0, colon);
      const text = colon === -1 ? payload : payload.slice(colon + 1);
      if (sender === instanceId) return;
      if (message.channel === channel) {
        options.onChange(text === 'stock' || text === 'reviews' ? text : 'all');
      } else {
        listeners[message.channel]?.(text);
      }
    });
    try {
      await listener.connect();
      await listener.query(
        [channel, ...Object.keys(listeners)].map((name) => `listen ${name};`).join(' '),
      );
    } catch (error) {
      if (client === listener) lost(error);
      return;
    }
    if (client !== listener) return;
    failures = 0;
    // Whatever changed while we were not listening is unknown: start from nothing.
    options.onChange('all');
    setLive(true);
    heartbeatTimer = setInterval(() => {
      listener.query('select 1').catch((error: unknown) => client === listener && lost(error));
    }, heartbeatMs);
    heartbeatTimer.unref();
  };

  const sendNotify = async () => {
    notifyTimer = undefined;
    lastNotifyAt = Date.now();
    const kind = pendingKind;
    pendingKind = 'stock';
    const target = client && isLive ? client : options.pool;
    try {
      await target.query('select pg_notify($1, $2)', [channel, `${instanceId}:${kind}`]);
    } catch (error) {
      // The others fall back on their cache's maximum age.
      log.warn({ err: error }, 'could not announce a change to the other instances');
    }
  };

  return {
    changed(kind = 'all') {
      options.onChange(kind);
      if (kind === 'all') pendingKind = 'all';
      if (notifyTimer) return;
      const wait = lastNotifyAt + notifyEveryMs - Date.now();
      if (wait <= 0) void sendNotify();
      else notifyTimer = setTimeout(() => void sendNotify(), wait).unref();
    },
    start() {
      if (!isStopped) return;
      isStopped = false;
      void connect();
    },
    async stop() {
      isStopped = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeatTimer);
      const old = client;
      client = undefined;
      setLive(false);
      if (notifyTimer) {
        // A change announced in the last moments still reaches the others.
        clearTimeout(notifyTimer);
        await sendNotify();
      }
      await old?.end().catch(() => {});
    },
    get isLive() {
      return isLive;
    },
  };
}
