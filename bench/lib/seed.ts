import pg from 'pg';
import type { Store } from './store.ts';

// biome-ignore format: a word list reads better packed
const BRANDS = [
  'Orion', 'Granite', 'Kestrel', 'Ironclad', 'Summit', 'Bolt', 'Harbor', 'Vanta', 'Ridge', 'Falcon',
  'Anvil', 'Cobalt', 'Timber', 'Atlas', 'Beacon', 'Crest', 'Delta', 'Ember', 'Forge', 'Glacier',
];
// biome-ignore format: a word list reads better packed
const TYPES = [
  'Cordless Drill', 'Hammer Drill', 'Impact Driver', 'Angle Grinder', 'Circular Saw', 'Jigsaw',
  'Reciprocating Saw', 'Orbital Sander', 'Claw Hammer', 'Sledgehammer', 'Socket Set',
  'Combination Wrench Set', 'Adjustable Wrench', 'Pipe Wrench', 'Screwdriver Set', 'Pliers Set',
  'Tape Measure', 'Spirit Level', 'Laser Level', 'Utility Knife', 'Hand Saw', 'Bar Clamps',
  'Heat Gun', 'Glue Gun', 'Staple Gun', 'Wet Vacuum', 'Work Light', 'Tool Bag', 'Safety Gloves',
  'Safety Glasses',
];
// biome-ignore format: a word list reads better packed
const VARIANTS = [
  '', 'Compact', 'Heavy-Duty', 'Pro', '18 V', '12 V', 'Brushless', 'Site', 'Mini', 'XL',
  'Industrial', 'Lightweight', 'Kit', 'Twin Pack', '2nd Gen', 'Classic', 'Max',
];
// biome-ignore format: a word list reads better packed
const IMAGES = [
  'angle-grinder-125mm', 'circular-saw-185mm', 'claw-hammer-450g', 'cordless-impact-driver-18v',
  'hammer-drill-kit-13mm-120-pieces', 'hand-saw-550mm', 'pliers-set-3-pieces', 'socket-set-94-pieces',
  'spirit-level-600mm', 'tape-measure-8m', 'screwdriver-set-12-pieces', 'retractable-utility-knife',
];

/** The i-th tool's name: brand x type x variant gives 10,200 distinct names. */
export function toolName(index: number): string {
  const type = TYPES[index % TYPES.length] as string;
  const brand = BRANDS[Math.floor(index / TYPES.length) % BRANDS.length] as string;
  const variant = VARIANTS[Math.floor(index / (TYPES.length * BRANDS.length)) % VARIANTS.length];
  const serial = Math.floor(index / (TYPES.length * BRANDS.length * VARIANTS.length));
  return [brand, variant, type, serial > 0 ? `Mk ${serial + 1}` : ''].filter(Boolean).join(' ');
}

/**
 * What people type in the search box: a tool type, a brand, brand + type, variant + type, a word:
 * 1,100+ distinct queries, more than the catalogue cache keeps (500 answers).
 */
export function searchTerms(): string[] {
  const words = [...new Set(TYPES.flatMap((type) => type.toLowerCase().split(' ')))];
  const brandTypes = BRANDS.flatMap((brand) => TYPES.map((type) => `${brand} ${type}`));
  const variantTypes = VARIANTS.filter(Boolean).flatMap((variant) =>
    TYPES.map((type) => `${variant} ${type}`.toLowerCase()),
  );
  const terms = [...TYPES, ...BRANDS, ...words, ...brandTypes, ...variantTypes];
  // Interleaved so that broad and narrow queries alternate, as they would from many visitors.
  return terms.map((_, i) => terms[(i * 7919) % terms.length] as string);
}

/**
 * Inserts `count` listed tools straight into the database, oldest first, each with the stock
 * given (ample by default, so orders never run out during a benchmark).
 */
export async function seedTools(
  databaseUrl: string,
  count: number,
  options: { quantity?: number; minimumOrder?: number } = {},
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids: string[] = [];
  try {
    const start = Date.now() - count * 60_000;
    for (let offset = 0; offset < count; offset += 1000) {
      const size = Math.min(1000, count - offset);
      const rows = Array.from({ length: size }, (_, i) => offset + i);
      const result = await client.query<{ id: string }>(
        `insert into tools (name, img, description, quantity, minimum_order, price, created_at)
         select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[],
                              $7::timestamptz[])
         returning id`,
        [
          rows.map(toolName),
          rows.map((i) => `/images/tools/${IMAGES[i % IMAGES.length]}.svg`),
          rows.map(
            (i) =>
              `${toolName(i)}: a dependable tool for site crews and workshops, built to last through daily professional use. Supplied with a carry case, a printed manual and a two-year warranty. Ships in bulk cartons.`,
          ),
          rows.map(() => options.quantity ?? 10_000_000),
          rows.map(() => options.minimumOrder ?? 1),
          rows.map((i) => 500 + ((i * 7919) % 20_000)),
          rows.map((i) => new Date(start + i * 60_000).toISOString()),
        ],
      );
      ids.push(...result.rows.map((row) => row.id));
    }
  } finally {
    await client.end();
  }
  return ids;
}

export interface Buyer {
  email: string;
  /** The Cookie header of a signed-in session. */
  cookie: string;
}

/**
 * Gives the pending sign-ups of these addresses confirmation tokens the bench knows (each its own
 * id; only a token's hash is stored), instead of reading the emails: the confirmation itself then
 * goes through the API like anyone's.
 */
async function knownConfirmationTokens(client: pg.Client, emails: string[]) {
  const result = await client.query<{ id: string }>(
    `update pending_sign_up set token_hash = encode(sha256(convert_to(id, 'UTF8')), 'hex')
      where email = any($1) returning id`,
    [emails],
  );
  return result.rows.map((row) => row.id);
}

/**
 * Signs up `count` buyers through the API, confirms each sign-up through the API (ordering needs a
 * confirmed account), then signs each in through the API for a fresh session cookie. `label`
 * names them (buyer1@bench.example.com, ...): another label, other buyers.
 */
export async function seedBuyers(store: Store, count: number, label = 'buyer'): Promise<Buyer[]> {
  const password = 'bench-password-2026';
  const emails = Array.from({ length: count }, (_, i) => `${label}${i + 1}@bench.example.com`);
  const post = (path: string, body: unknown) =>
    fetch(`${store.url}${path}`, {
      method: 'POST',
      headers: { origin: store.origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await inBatches(emails, 4, async (email, i) => {
    const response = await post('/api/auth/sign-up/email', {
      name: `${label[0]?.toUpperCase()}${label.slice(1)} ${i + 1}`,
      email,
      password,
    });
    if (!response.ok)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  });
  const client = new pg.Client({ connectionString: store.databaseUrl() });
  await client.connect();
  const tokens = await knownConfirmationTokens(client, emails);
  await client.end();
  await inBatches(tokens, 4, async (token) => {
    const response = await post('/api/auth/confirm-sign-up', { token, password });
    if (!response.ok)
      throw new Error(`confirm failed: ${response.status} ${await response.text()}`);
  });
  return inBatches(emails, 4, async (email) => {
    const response = await post('/api/auth/sign-in/email', { email, password });
    if (!response.ok)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    return { email, cookie };
  });
}

async function inBatches<T, R>(
  items: T[],
  size: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    results.push(...(await Promise.all(batch.map((item, i) => work(item, start + i)))));
  }
  return results;
}

/** An admin of the bench store: signed up and in through the API, made admin in the database. */
export async function signInAdmin(store: Store): Promise<string> {
  const account = { email: 'admin@scale.example.com', password: 'bench-admin-2026' };
  const post = (path: string, body: unknown) =>
    fetch(`${store.url}${path}`, {
      method: 'POST',
      headers: { origin: store.origin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signUp = await post('/api/auth/sign-up/email', { name: 'Bench Admin', ...account });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const client = new pg.Client({ connectionString: store.databaseUrl() });
  await client.connect();
  const [token] = await knownConfirmationTokens(client, [account.email]);
  const confirmed = await post('/api/auth/confirm-sign-up', {
    token,
    password: account.password,
  });
  if (!confirmed.ok) throw new Error(`confirm failed: ${confirmed.status}`);
  await client.query(`update "user" set role = 'Admin' where email = $1`, [account.email]);
  await client.end();
  const signIn = await post('/api/auth/sign-in/email', account);
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
