import type { MergedCart, PutCartBody } from '../../../contract/cart.ts';
import { MAX_ORDER_UNITS } from '../../../contract/order-limits.ts';
import {
  type AddedToList,
  type AddToListBody,
  type CreateListBody,
  MAX_LIST_LINES,
  MAX_LISTS_PER_PERSON,
  type SavedList,
  type SavedListSummary,
  type SetListLinesBody,
  type UpdateListBody,
} from '../../../contract/saved-lists.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { membershipOf } from '../companies/index.ts';
import * as repo from './saved-lists.repo.ts';

const NO_LIST = 'No list with this id among your lists and your company’s.';

type Membership = Awaited<ReturnType<typeof membershipOf>>;

/** The person, with the company they are in now (read fresh: never from the session). */
interface Caller {
  viewer: repo.Viewer;
  membership: Membership;
}

/**
 * Who may change a list: its maker, or the owner of the company it is shared with. Everyone else
 * who sees it (the company's other members) reads it only. A list shared with a company stays the
 * company's when its maker leaves: they still read it, and only its owner changes it.
 */
function canChange(list: repo.ListRow, caller: Caller): boolean {
  const { membership } = caller;
  const inItsCompany = list.companyId !== null && membership?.companyId === list.companyId;
  if (list.userId === caller.viewer.userId) return list.companyId === null || inItsCompany;
  return inItsCompany && membership?.role === 'owner';
}

function summaryOf(list: repo.ListRow, caller: Caller): SavedListSummary {
  return {
    _id: list.id,
    name: list.name,
    isShared: list.companyId !== null,
    maker: { name: list.makerName, isCaller: list.userId === caller.viewer.userId },
    canChange: canChange(list, caller),
    lineCount: list.lineCount,
    updatedAt: list.updatedAt.toISOString(),
  };
}

/** Sums `added` into `lines`: a tool already there gets the units (capped), others go last. */
function summed(lines: readonly repo.LineInput[], added: readonly repo.LineInput[]) {
  const result = lines.map((line) => ({ ...line }));
  for (const line of added) {
    const there = result.find((existing) => existing.toolId === line.toolId);
    if (there) there.quantity = Math.min(MAX_ORDER_UNITS, there.quantity + line.quantity);
    else result.push({ ...line });
  }
  return result;
}

/**
 * Saved lists: a person's own, or shared with their company (decision 054). Every change runs in
 * one transaction holding the list's row; a list the caller cannot see is none at all (404).
 */
export function createSavedListsService(
  db: Db,
  options: {
    cartLinesOf: (user: SessionUser) => Promise<repo.LineInput[]>;
    addToCart: (user: SessionUser, body: PutCartBody) => Promise<MergedCart>;
  },
) {
  async function callerOf(tx: Tx, user: SessionUser): Promise<Caller> {
    const membership = await membershipOf(tx, user.id);
    return { viewer: { userId: user.id, companyId: membership?.companyId ?? null }, membership };
  }

  async function answer(tx: Tx, caller: Caller, id: string): Promise<SavedList> {
    const list = await repo.findVisible(tx, caller.viewer, id);
    if (!list) throw notFound(NO_LIST);
    return { ...summaryOf(list, caller), lines: await repo.linesOf(tx, id) };
  }

  /** Opens a transaction on a list the caller may change, its row held. */
  function changing<T>(
    user: SessionUser,
    id: string,
    change: (tx: Tx, list: repo.ListRow, caller: Caller) => Promise<T>,
  ) {
    return db.transaction(async (tx) => {
      const caller = await callerOf(tx, user);
      const list = await repo.findVisible(tx, caller.viewer, id, true);
      if (!list) throw notFound(NO_LIST);
      if (!canChange(list, caller))
        throw forbidden("Only the list's maker or your company's owner can change a shared list.");
      return change(tx, list, caller);
    });
  }

  function companyToShareWith(caller: Caller, isShared: boolean | undefined) {
    if (!isShared) return null;
    if (!caller.membership)
      throw fieldError('isShared', 'You are in no company to share a list with.');
    return caller.membership.companyId;
  }

  async function listedOnly(tx: Tx, lines: readonly repo.LineInput[]) {
    const facts = await repo.toolFacts(
      tx,
      lines.map((line) => line.toolId),
    );
    return {
      kept: lines.filter((line) => facts.get(line.toolId)?.isListed),
      /** The positions of lines whose tool does not exist at all. */
      unknown: lines.flatMap((line, index) => (facts.has(line.toolId) ? [] : [index])),
      /** The tools no longer listed, by name (a cart's or an order's lines name only tools). */
      left: lines.flatMap((line) => {
        const fact = facts.get(line.toolId);
        return fact && !fact.isListed ? [{ toolId: line.toolId, name: fact.name }] : [];
      }),
    };
  }

  return {
    async list(user: SessionUser, page: { limit: number; offset: number }) {
      const caller = await callerOf(db, user);
      const { rows, total } = await repo.listPage(db, caller.viewer, page);
      return { lists: rows.map((row) => summaryOf(row, caller)), total };
    },

    async read(user: SessionUser, id: string): Promise<SavedList> {
      return answer(db, await callerOf(db, user), id);
    },

    create: (user: SessionUser, body: CreateListBody): Promise<SavedList> =>
      db.transaction(async (tx) => {
        const caller = await callerOf(tx, user);
        const companyId = companyToShareWith(caller, body.isShared);
        await repo.lockMaker(tx, user.id);
        if ((await repo.countMadeBy(tx, user.id)) >= MAX_LISTS_PER_PERSON)
          throw new AppError(
            409,
            'lists_full',
            `You have made ${MAX_LISTS_PER_PERSON} lists, the most one person may. Delete one you no longer use first.`,
          );
        const id = await repo.insertList(tx, { userId: user.id, companyId, name: body.name });
        return answer(tx, caller, id);
      }),

    update: (user: SessionUser, id: string, body: UpdateListBody): Promise<SavedList> =>
      changing(user, id, async (tx, list, caller) => {
        const sharing =
          body.isShared === undefined
            ? {}
            : {
                companyId: body.isShared
                  ? (list.companyId ?? companyToShareWith(caller, true))
                  : null,
              };
        await repo.updateList(tx, id, { ...(body.name ? { name: body.name } : {}), ...sharing });
        return answer(tx, caller, id);
      }),

    remove: (user: SessionUser, id: string) =>
      changing(user, id, async (tx) => {
        await repo.deleteList(tx, id);
        return { deletedCount: 1 };
      }),

    setLines: (user: SessionUser, id: string, body: SetListLinesBody): Promise<SavedList> =>
      changing(user, id, async (tx, _list, caller) => {
        // A tool that left the catalogue may stay on the list (its page says so), not join it.
        const onList = new Set((await repo.linesOf(tx, id)).map((line) => line.toolId));
        const left = (await listedOnly(tx, body.lines)).left.filter(
          (gone) => !onList.has(gone.toolId),
        );
        if (left.length > 0)
          throw badRequest(
            'Some tools are no longer in the catalogue: remove them from the list.',
            body.lines.flatMap((line, index) =>
              left.some((gone) => gone.toolId === line.toolId)
                ? [
                    {
                      field: `lines.${index}.toolId`,
                      in: 'body' as const,
                      message: 'This tool does not exist or was removed from the catalogue.',
                    },
                  ]
                : [],
            ),
          );
        await repo.replaceLines(tx, id, body.lines);
        return answer(tx, caller, id);
      }),

    addLines: (user: SessionUser, id: string, body: AddToListBody): Promise<AddedToList> =>
      changing(user, id, async (tx, _list, caller) => {
        const asked = await linesToAdd(tx, user, body);
        const { kept, left, unknown } = await listedOnly(tx, asked);
        // Lines given by id name tools there are: an id of no tool at all is an error, where a
        // tool that has left the catalogue is named among those not added.
        if (body.from === 'lines' && unknown.length > 0)
          throw badRequest(
            'Some lines name no tool of the catalogue.',
            unknown.map((index) => ({
              field: `lines.${index}.toolId`,
              in: 'body' as const,
              message: 'No tool has this id.',
            })),
          );
        const current = (await repo.linesOf(tx, id)).map(({ toolId, quantity }) => ({
          toolId,
          quantity,
        }));
        const next = summed(current, kept);
        if (next.length > MAX_LIST_LINES)
          throw new AppError(
            409,
            'list_full',
            `A list holds at most ${MAX_LIST_LINES} tools; this would make it ${next.length}. Nothing was added: make another list, or remove some lines.`,
          );
        await repo.replaceLines(tx, id, next);
        return { list: await answer(tx, caller, id), notAdded: left };
      }),

    /** Every line of the list into the caller's cart, joined as a visitor's cart is. */
    async toCart(user: SessionUser, id: string): Promise<MergedCart> {
      const list = await this.read(user, id);
      return options.addToCart(user, {
        lines: list.lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
      });
    },
  };

  async function linesToAdd(tx: Tx, user: SessionUser, body: AddToListBody) {
    if (body.from === 'lines') return body.lines;
    if (body.from === 'cart') return options.cartLinesOf(user);
    const lines = await repo.orderLinesOf(tx, user.id, body.orderId);
    if (!lines) throw notFound('No order of yours with this id.');
    return lines;
  }
}

export type SavedListsService = ReturnType<typeof createSavedListsService>;
