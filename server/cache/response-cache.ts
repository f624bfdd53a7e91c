import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { createKeptAnswers } from './kept-answers.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * An answer made once (a JSON body, or a page's HTML), with its validator and its compressed forms
 * made on demand.
 */
export interface PreparedBody {
  body: Buffer;
  /** 200 unless said. */
  status?: number;
  /** Weak: the same validator stands for the identity, gzip and brotli forms of the body. */
  etag: string;
  /** Headers that belong to the answer (e.g. X-Total-Count). */
  headers: Record<string, string>;
  /** Compressed forms, each made once (off the main thread) on first demand. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The compressed forms made so far, to send without waiting on a promise. */
  ready: Partial<Record<Encoding, Buffer>>;
  /** How often its brotli form was sent (counted for large bodies alone: servedCompressed). */
  servedCompressed?: number;
  /** Its brotli form was made again at brotli's best (servedCompressed). */
  isThorough?: boolean;
  /**
   * What the answer belongs to, when only its build could tell (a page that turned out to show
   * reviews); the `group` a get names comes first.
   */
  group?: string;
}

export function prepareJson(value: unknown, headers: Record<string, string> = {}): PreparedBody {
  return prepareBody(JSON.stringify(value), headers);
}

/** Any body; its type goes in `headers` (JSON when none is said). */
export function prepareBody(
  text: string,
  headers: Record<string, string> = {},
  status?: number,
): PreparedBody {
  const body = Buffer.from(text);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return {
    body,
    etag: `W/"${hash}"`,
    headers,
    encoded: {},
    ready: {},
    ...(status ? { status } : {}),
  };
}

/**
 * Bodies up to this size are compressed on the main thread: for a page of tools (10 KB) that is
 * about 0.15 ms, where handing it to the thread pool costs 0.4 ms of this thread's time in stream
 * machinery alone. Larger ones go to the pool, so one big body cannot hold up every request.
 */
const SYNC_COMPRESS_LIMIT = 32 * 1024;

export function encodedBody(prepared: PreparedBody, encoding: Encoding): Promise<Buffer> {
  prepared.encoded[encoding] ??= compress(prepared.body, encoding).then((body) => {
    prepared.ready[encoding] = body;
    return body;
  });
  return prepared.encoded[encoding];
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  const isSmall = body.length <= SYNC_COMPRESS_LIMIT;
  if (encoding === 'gzip') {
    const options = { level: 6 };
    return isSmall ? Promise.resolve(gzipSync(body, options)) : gzipAsync(body, options);
  }
  const options = {
    // Quality 5 gets most of brotli's gain for a sliver of quality 11's time; a body is
    // compressed again after every catalogue change, so time matters.
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
  return isSmall ? Promise.resolve(brotliCompressSync(body, options)) : brotliAsync(body, options);
}

/**
 * A page this large and sent compressed this often is compressed again at brotli's best; not one
 * so large that it would hold a thread of the pool for long (about a second a megabyte).
 */
const THOROUGH_MIN_BYTES = 32 * 1024;
const THOROUGH_MAX_BYTES = 1024 * 1024;
const THOROUGH_AFTER_SENDS = 2;
/** One at a time, and a second apart at least: a tenth of one core at most, however busy. */
const THOROUGH_SPACING_MS = 1_000;
let isThoroughBusy = false;
let thoroughDoneAt = Number.NEGATIVE_INFINITY;

/**
 * Says a body was sent in `encoding`. A large page sent more than once (one many visitors open)
 * is compressed again, off the main thread, at brotli's best: 10 to 12 % smaller than quality 5
 * for pages of the store (a page's HTML then fits a slow link's first round trip more often), for
 * 70 to 150 ms of one core, spent once in the body's life, never while another is being made and
 * never twice within a second. Until it is ready the quality-5 form is sent.
 */
export function servedCompressed(prepared: PreparedBody, encoding: Encoding): void {
  if (
    encoding !== 'br' ||
    prepared.isThorough ||
    prepared.body.length < THOROUGH_MIN_BYTES ||
    prepared.body.length > THOROUGH_MAX_BYTES ||
    !prepared.headers['content-type']?.startsWith('text/html')
  ) {
    return;
  }
  prepared.servedCompressed = (prepared.servedCompressed ?? 0) + 1;
  if (
    prepared.servedCompressed < THOROUGH_AFTER_SENDS ||
    isThoroughBusy ||
    performance.now() - thoroughDoneAt < THOROUGH_SPACING_MS
  ) {
    return;
  }
  prepared.isThorough = true;
  isThoroughBusy = true;
  brotliAsync(prepared.body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: prepared.body.length,
    },
  })
    .then(
      (body) => {
        if (body.length >= (prepared.ready.br?.length ?? Number.POSITIVE_INFINITY)) return;
        prepared.ready.br = body;
        prepared.encoded.br = Promise.resolve(body);
      },
      // Not made (out of memory): the quality-5 form serves on.
      () => undefined,
    )
    .finally(() => {
      isThoroughBusy = false;
      thoroughDoneAt = performance.now();
    });
}

interface Entry {
  prepared: PreparedBody;
  storedAt: number;
  size: number;
  group: string | undefined;
}

/** A build under way: stored when it ends unless a change to its group (or all) came first. */
interface Build {
  promise: Promise<PreparedBody>;
  group: string | undefined;
  isStale: boolean;
}

export interface ResponseCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** A safety net for changes nobody announced (a manual SQL fix): entries older than this refill. */
  maxAgeMs: number;
  /**
   * Once this many different clients asked for an answer it is protected: room is made by
   * dropping unprotected answers first, so one client walking through endless addresses only
   * ever pushes out answers no one else wanted. Unset: one plain LRU.
   */
  protectAfterClients?: number;
  now?: () => number;
}

interface GetOptions {
  /** Whether a fresh answer may be kept (a page that failed is sent, not kept). */
  keep?: (prepared: PreparedBody) => boolean;
  /**
   * What the answer belongs to (a customer, say), so `forget(group)` drops it with the rest. Without
   * one, the answer's own `group` counts once built; until then any forget drops the build.
   */
  group?: string;
  /** Who asks (a client address's subject), for `protectAfterClients`. */
  client?: string;
}

export interface ResponseCache {
  /** The stored answer for `key`, or the one `build` makes (concurrent misses share one build). */
  get(key: string, build: () => Promise<PreparedBody>, options?: GetOptions): Promise<PreparedBody>;
  /** The stored answer for `key` if there is a fresh one; nothing is built. */
  peek(key: string, client?: string): PreparedBody | undefined;
  /** Forgets everything; builds already under way are not stored. */
  invalidate(): void;
  /** Forgets the answers of one group; its builds already under way are not stored. */
  forget(group: string): void;
  /** While off (changes cannot be heard), every get builds afresh and nothing is kept. */
  setEnabled(isEnabled: boolean): void;
  readonly size: number;
  /** For metrics: answers sent from memory, and those built afresh (or shared with a build). */
  stats(): { hits: number; misses: number };
}

/**
 * An in-memory LRU of prepared answers (kept-answers.ts: lru-cache with groups and a protected
 * segment). Ours on top: concurrent misses share one build, and a build that began before a change
 * it may predate is never stored after it: invalidate() marks every build under way stale,
 * forget(group) those of its group; whoever waits on a stale build still gets its answer. The age
 * is checked here: an answer `maxAgeMs` old is built again.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const now = options.now ?? Date.now;
  const entries = createKeptAnswers<Entry>(options);
  const building = new Map<string, Build>();
  let isEnabled = false;
  let hits = 0;
  let misses = 0;

  const store = (
    key: string,
    prepared: PreparedBody,
    group: string | undefined,
    client: string | undefined,
  ) => {
    // Room for the compressed forms too (a fraction of the body for JSON).
    const size = prepared.body.length * 1.5 + key.length;
    if (size > options.maxBytes / 4) return;
    entries.set(key, { prepared, storedAt: now(), size, group }, client);
  };

  const staleBuilds = (group?: string) => {
    for (const [key, build] of building) {
      // A build without a group named up front may turn out to belong to any.
      if (group !== undefined && build.group !== undefined && build.group !== group) continue;
      build.isStale = true;
      building.delete(key);
    }
  };

  /** A fresh entry, made the most recently used, `client` counted among those who asked. */
  const fresh = (key: string, client: string | undefined): Entry | undefined => {
    if (!isEnabled) return undefined;
    const entry = entries.peek(key);
    if (!entry || now() - entry.storedAt >= options.maxAgeMs) return undefined;
    return entries.use(key, client);
  };

  return {
    get(key, make, { keep = () => true, group, client } = {}) {
      const entry = fresh(key, client);
      if (entry) {
        hits += 1;
        return Promise.resolve(entry.prepared);
      }
      misses += 1;
      if (!isEnabled) return make();
      const pending = building.get(key);
      if (pending) return pending.promise;
      const build: Build = { promise: make(), group, isStale: false };
      const ended = () => {
        if (building.get(key) === build) building.delete(key);
      };
      build.promise = build.promise.then(
        (prepared) => {
          ended();
          if (!build.isStale && isEnabled && keep(prepared)) {
            store(key, prepared, group ?? prepared.group, client);
          }
          return prepared;
        },
        (error: unknown) => {
          ended();
          throw error;
        },
      );
      building.set(key, build);
      return build.promise;
    },
    peek: (key, client) => fresh(key, client)?.prepared,
    invalidate() {
      staleBuilds();
      entries.clear();
    },
    forget(group) {
      staleBuilds(group);
      entries.forget(group);
    },
    setEnabled(value) {
      isEnabled = value;
      this.invalidate();
    },
    get size() {
      return entries.size;
    },
    stats: () => ({ hits, misses }),
  };
}
