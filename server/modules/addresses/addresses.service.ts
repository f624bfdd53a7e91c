import {
  type Address,
  type AddressBook,
  type AddressFields,
  type CreateAddressBody,
  MAX_BOOK_ADDRESSES,
} from '../../../contract/addresses.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { membershipOf } from '../companies/index.ts';
import * as repo from './addresses.repo.ts';

const NO_ADDRESS = 'No address with this id in your address book.';

/** The company roles that change the company's book; approvers and viewers only read it. */
const CHANGES_THE_BOOK = new Set(['owner', 'buyer']);

export interface BookAccess {
  book: repo.Book;
  owner: AddressBook['owner'];
  companyName: string | null;
  canChange: boolean;
}

/**
 * Whose book the caller uses, read fresh (membership is never taken from the session): their
 * company's when they are in one, else their own.
 */
export async function bookAccessOf(tx: Tx, userId: string): Promise<BookAccess> {
  const membership = await membershipOf(tx, userId);
  if (!membership)
    return { book: { userId }, owner: 'personal', companyName: null, canChange: true };
  return {
    book: { companyId: membership.companyId },
    owner: 'company',
    companyName: membership.companyName,
    canChange: CHANGES_THE_BOOK.has(membership.role),
  };
}

function assertCanChange(access: BookAccess): void {
  if (!access.canChange)
    throw forbidden(
      `Only the owner and the buyers of ${access.companyName ?? 'your company'} can change its address book.`,
    );
}

/** The fields as stored: an empty second line is none, the country in upper case. */
function valuesOf(fields: AddressFields): repo.AddressValues {
  return {
    label: fields.label,
    recipient: fields.recipient,
    line1: fields.line1,
    line2: fields.line2 || null,
    postcode: fields.postcode,
    city: fields.city,
    country: fields.country.toUpperCase(),
    phone: fields.phone,
  };
}

/**
 * The address book: one per company (its members share it) or per person without a company.
 * Every change runs under the book's lock (the cap and the single default hold under races), and
 * an id outside the caller's book is answered as no address at all (404), whoever's it is.
 */
export function createAddressesService(db: Db) {
  /** Opens a transaction on the caller's book, locked, once they may change it. */
  function changing<T>(user: SessionUser, change: (tx: Tx, book: repo.Book) => Promise<T>) {
    return db.transaction(async (tx) => {
      const access = await bookAccessOf(tx, user.id);
      assertCanChange(access);
      await repo.lockBook(tx, access.book);
      return change(tx, access.book);
    });
  }

  return {
    async book(user: SessionUser): Promise<AddressBook> {
      const access = await bookAccessOf(db, user.id);
      const rows = await repo.listBook(db, access.book, MAX_BOOK_ADDRESSES);
      return {
        owner: access.owner,
        companyName: access.companyName,
        canChange: access.canChange,
        addresses: rows.map(repo.toAddress),
        max: MAX_BOOK_ADDRESSES,
      };
    },

    create: (user: SessionUser, body: CreateAddressBody): Promise<Address> =>
      changing(user, async (tx, book) => {
        const count = await repo.countBook(tx, book);
        if (count >= MAX_BOOK_ADDRESSES)
          throw new AppError(
            409,
            'address_book_full',
            `Your address book is full: it holds ${MAX_BOOK_ADDRESSES} addresses, the most one book may. Delete one you no longer use first.`,
          );
        const isDefault = count === 0 || body.isDefault === true;
        if (isDefault) await repo.clearDefault(tx, book);
        const row = await repo.insertAddress(tx, book, { ...valuesOf(body), isDefault });
        return repo.toAddress(row);
      }),

    update: (user: SessionUser, id: string, body: AddressFields): Promise<Address> =>
      changing(user, async (tx, book) => {
        const row = await repo.updateAddress(tx, book, id, valuesOf(body));
        if (!row) throw notFound(NO_ADDRESS);
        return repo.toAddress(row);
      }),

    remove: (user: SessionUser, id: string): Promise<{ deletedCount: number }> =>
      changing(user, async (tx, book) => {
        const row = await repo.deleteAddress(tx, book, id);
        if (!row) throw notFound(NO_ADDRESS);
        if (row.isDefault) await repo.setDefault(tx, book, null);
        return { deletedCount: 1 };
      }),

    makeDefault: (user: SessionUser, id: string): Promise<Address> =>
      changing(user, async (tx, book) => {
        if (!(await repo.findInBook(tx, book, id))) throw notFound(NO_ADDRESS);
        await repo.setDefault(tx, book, id);
        const row = await repo.findInBook(tx, book, id);
        if (!row) throw notFound(NO_ADDRESS);
        return repo.toAddress(row);
      }),
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
