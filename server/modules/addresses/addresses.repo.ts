import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Address } from '../../../contract/addresses.ts';
import type { Tx } from '../../db/client.ts';
import { addresses } from '../../db/schema.ts';

/** Whose book: a company's (its members share it) or one person's, who is in no company. */
export type Book = { companyId: string } | { userId: string };

type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Pick<
  AddressRow,
  'label' | 'recipient' | 'line1' | 'line2' | 'postcode' | 'city' | 'country' | 'phone'
>;

function inBook(book: Book): SQL {
  return 'companyId' in book
    ? eq(addresses.companyId, book.companyId)
    : eq(addresses.userId, book.userId);
}

export function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    label: row.label,
    recipient: row.recipient,
    line1: row.line1,
    line2: row.line2,
    postcode: row.postcode,
    city: row.city,
    country: row.country,
    phone: row.phone,
    isDefault: row.isDefault,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Changes to one book queue behind each other until the transaction ends, so that two additions
 * cannot both find room under the cap, and two defaults cannot cross.
 */
export async function lockBook(tx: Tx, book: Book): Promise<void> {
  const key = 'companyId' in book ? `company:${book.companyId}` : `user:${book.userId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`toolyard.addresses:${key}`}))`);
}

/** The book's addresses, the default first, then by label; at most `limit`. */
export async function listBook(tx: Tx, book: Book, limit: number): Promise<AddressRow[]> {
  return tx
    .select()
    .from(addresses)
    .where(inBook(book))
    .orderBy(desc(addresses.isDefault), asc(addresses.label), asc(addresses.createdAt))
    .limit(limit);
}

export async function countBook(tx: Tx, book: Book): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(addresses)
    .where(inBook(book));
  return row?.count ?? 0;
}

/** One address of this book; undefined for another book's, or none. */
export async function findInBook(tx: Tx, book: Book, id: string): Promise<AddressRow | undefined> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), inBook(book)));
  return row;
}

export async function insertAddress(
  tx: Tx,
  book: Book,
  values: AddressValues & { isDefault: boolean },
): Promise<AddressRow> {
  const [row] = await tx
    .insert(addresses)
    .values({ ...values, ...book })
    .returning();
  if (!row) throw new Error('inserting an address returned no row');
  return row;
}

export async function updateAddress(
  tx: Tx,
  book: Book,
  id: string,
  values: AddressValues,
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), inBook(book)))
    .returning();
  return row;
}

export async function deleteAddress(
  tx: Tx,
  book: Book,
  id: string,
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .delete(addresses)
    .where(and(eq(addresses.id, id), inBook(book)))
    .returning();
  return row;
}

/** The book has no default any more (before another address becomes it). */
export async function clearDefault(tx: Tx, book: Book): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(inBook(book), eq(addresses.isDefault, true)));
}

/** Makes `id` the book's one default, or with null the oldest address left (if any). */
export async function setDefault(tx: Tx, book: Book, id: string | null): Promise<void> {
  await clearDefault(tx, book);
  await tx
    .update(addresses)
    .set({ isDefault: true })
    .where(
      id === null
        ? eq(
            addresses.id,
            sql`(select ${addresses.id} from ${addresses} where ${inBook(book)} order by ${addresses.createdAt}, ${addresses.id} limit 1)`,
          )
        : and(eq(addresses.id, id), inBook(book)),
    );
}
