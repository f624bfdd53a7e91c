import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';

export interface ChangeFeedOptions {
  /** The app's pool: its connection settings are reused for the one listening connection. */
  pool: pg.Pool;
  log: Logger;
  /**
   * The PostgreSQL channels heard (plain identifiers), each with what to do with a subject heard
   * on it: one this instance or another announced, or one a trigger sent from inside the changing
   * transaction. After any lapse every channel hears `all` (something may have been missed).
   */
  channels: Record<string, (subject: string) => void>;
  /** Whether changes can be heard right now; while not, nothing may be cached. */
  onLiveChange: (isLive: boolean) => void;
  /** At most one NOTIFY per this many milliseconds from this instance (bursts coalesce). */
  notifyEveryMs?: number;
  /** How often the listening connection proves it is alive. */
  heartbeatMs?: number;
}

export interface ChangeFeed {
  /**
   * Call after a change commits: this instance hears `subject` on `channel` at once, the others
   * through PostgreSQL (the subjects of a burst go together in one notification per channel).
   */
  announce(channel: string, subject: string): void;
  start(): void;
  stop(): Promise<void>;
  readonly isLive: boolean;
  /**
   * How long the listening connection last took to answer (its LISTEN, then each heartbeat): the
   * least a change announced elsewhere waits before this instance hears it. Null before the first.
   */
  readonly lagMs: number | null;
}

/** What every channel hears when what changed is not known. */
const EVERYTHING = 'all';

const RETRY_MS = [250, 500, 1_000, 2_000, 5_000];
/** PostgreSQL takes payloads up to 8000 bytes; a burst beyond this is announced as `all`. */
const PAYLOAD_MAX = 7_000;

/**
 * Tells every instance sharing the database what changed, with LISTEN/NOTIFY on one dedicated
 * connection. A payload is "<sender>:<subject>,<subject>..." (triggers send no sender; an
 * instance skips its own). The feed is "live" only while that connection is up and answers its
 * heartbeat; any lapse counts as a change to everything, and callers cache nothing until it is back.
 */
export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const { channels, log } = options;
  for (const name of Object.keys(channels)) {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad channel name: ${name}`);
  }
  const notifyEveryMs = options.notifyEveryMs ?? 100;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  // Our own notifications come back to us too; we heard those changes already.
  const instanceId = randomUUID();

  let client: pg.Client | undefined;
  let isLive = false;
  let lagMs: number | null = null;
  let isStopped = true;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let lastNotifyAt = 0;
  let notifyTimer: NodeJS.Timeout | undefined;
  /** Subjects waiting to be announced, by channel. */
  let pending = new Map<string, Set<string>>();

  const hear = (channel: string, subject: string) => channels[channel]?.(subject);
  const hearEverything = () => {
    for (const channel of Object.keys(channels)) hear(channel, EVERYTHING);
  };

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
    hearEverything();
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
    listener.on('notification', (message) => {
      const payload = message.payload ?? '';
      const colon = payload.indexOf(':');
      const sender = colon === -1 ? '' : payload.slice(0, colon);
      if (sender === instanceId) return;
      const subjects = colon === -1 ? payload : payload.slice(colon + 1);
      for (const subject of subjects.split(',')) hear(message.channel, subject);
    });
    let asked = 0;
    try {
      await listener.connect();
      asked = performance.now();
      await listener.query(
        Object.keys(channels)
          .map((name) => `listen ${name};`)
          .join(' '),
      );
    } catch (error) {
      if (client === listener) lost(error);
      return;
    }
    if (client !== listener) return;
    lagMs = performance.now() - asked;
    failures = 0;
    // Whatever changed while we were not listening is unknown: start from nothing.
    hearEverything();
    setLive(true);
    heartbeatTimer = setInterval(() => {
      const asked = performance.now();
      listener.query('select 1').then(
        () => {
          if (client === listener) lagMs = performance.now() - asked;
        },
        (error: unknown) => client === listener && lost(error),
      );
    }, heartbeatMs);
    heartbeatTimer.unref();
  };

  const sendNotify = async () => {
    notifyTimer = undefined;
    lastNotifyAt = Date.now();
    const sending = pending;
    pending = new Map();
    const values: string[] = [];
    for (const [channel, subjects] of sending) {
      const joined = subjects.has(EVERYTHING) ? EVERYTHING : [...subjects].join(',');
      values.push(channel, `${instanceId}:${joined.length > PAYLOAD_MAX ? EVERYTHING : joined}`);
    }
    const calls = values.map((_, i) => (i % 2 === 0 ? `pg_notify($${i + 1}, $${i + 2})` : ''));
    const target = client && isLive ? client : options.pool;
    try {
      await target.query(`select ${calls.filter(Boolean).join(', ')}`, values);
    } catch (error) {
      // The others fall back on their caches' maximum age.
      log.warn({ err: error }, 'could not announce a change to the other instances');
    }
  };

  return {
    announce(channel, subject) {
      if (!(channel in channels)) throw new Error(`not a channel of this feed: ${channel}`);
      hear(channel, subject);
      const subjects = pending.get(channel) ?? new Set<string>();
      subjects.add(subject);
      pending.set(channel, subjects);
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
    get lagMs() {
      return lagMs;
    },
  };
}
