import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  Cart,
  CartLine,
  MergedCart,
  PutCartBody,
  ReplaceCartBody,
} from '../../../contract/cart.ts';
import { formatCount, formatUnits } from '../../../contract/format.ts';
import { MAX_ORDER_TOTAL } from '../../../contract/order-placement.ts';
import { unitPriceFor } from '../../../contract/pricing.ts';
import { largestOrder, lineProblem, ruleSentence } from '../../../contract/quantity-rules.ts';
import type { Db } from '../../db/client.ts';
import { carts, tools } from '../../db/schema.ts';
import { badRequest, conflict } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { mergeCartLines } from './cart-merge.ts';

type StoredLine = { toolId: string; quantity: number };
type ToolRow = typeof tools.$inferSelect;

/** What to order instead of more than is in stock: at most that, in whole packs. */
function stockAdvice(tool: ToolRow): string {
  const most = largestOrder(tool);
  if (most < tool.minimumOrder) return 'that is less than its minimum order.';
  return most === tool.quantity ? 'order at most that.' : `order at most ${formatCount(most)}.`;
}

/**
 * A signed-in customer's cart. Only the lines are kept; each read shows every tool as it is now,
 * the price its quantity reaches (the same unitPriceFor as an order) and what would stop it at
 * checkout, so the cart never promises what the order would refuse.
 */
export function createCartService(db: Db, options: { currency: string }) {
  /** The tools these lines name, removed ones too (a line still says what it was). */
  async function toolsOf(lines: StoredLine[]): Promise<Map<string, ToolRow>> {
    const ids = lines.map((line) => line.toolId);
    const found =
      ids.length === 0 ? [] : await db.select().from(tools).where(inArray(tools.id, ids));
    return new Map(found.map((tool) => [tool.id, tool]));
  }

  /**
   * Stores the lines, raising the version (a checkout from a page that read an earlier one is
   * refused). With `version`, only over the cart at that version (0: none stored yet), in one
   * statement, so of two changes made from the same version one is stored and the other finds
   * the cart moved on; answers undefined then.
   */
  async function replaceLines(userId: string, lines: StoredLine[], version: number | undefined) {
    const raised = { lines, updatedAt: sql`now()`, version: sql`${carts.version} + 1` };
    if (version === undefined) {
      const [row] = await db
        .insert(carts)
        .values({ userId, lines })
        .onConflictDoUpdate({ target: carts.userId, set: raised })
        .returning();
      return row;
    }
    if (version === 0) {
      const [row] = await db
        .insert(carts)
        .values({ userId, lines })
        .onConflictDoNothing({ target: carts.userId })
        .returning();
      return row;
    }
    const [row] = await db
      .update(carts)
      .set(raised)
      .where(and(eq(carts.userId, userId), eq(carts.version, version)))
      .returning();
    return row;
  }

  async function describe(
    lines: StoredLine[],
    stored: { updatedAt: Date; version: number } | undefined,
    read?: Map<string, ToolRow>,
  ): Promise<Cart> {
    const byId = read ?? (await toolsOf(lines));
    const described = lines.map((line): CartLine => {
      const tool = byId.get(line.toolId);
      if (!tool || tool.deletedAt !== null) {
        return {
          toolId: line.toolId,
          quantity: line.quantity,
          tool: null,
          unitPrice: 0,
          lineTotal: 0,
          problem: {
            code: 'unavailable',
            message: `${tool?.name ?? 'This tool'} is no longer in the catalogue; remove it from the cart.`,
          },
        };
      }
      const unitPrice = unitPriceFor(tool, line.quantity);
      const code =
        lineProblem(tool, line.quantity) ??
        (unitPrice * line.quantity > MAX_ORDER_TOTAL ? 'too_large' : null);
      const problem: CartLine['problem'] = code && {
        code,
        message:
          code === 'over_stock'
            ? tool.quantity === 0
              ? `${tool.name} is out of stock right now.`
              : `Only ${formatUnits(tool.quantity)} of ${tool.name} ${tool.quantity === 1 ? 'is' : 'are'} in stock; ${stockAdvice(tool)}`
            : code === 'too_large'
              ? `This line is too large to order online; order fewer units of ${tool.name} or contact us.`
              : (ruleSentence(tool, tool.name, line.quantity) ?? ''),
      };
      return {
        toolId: line.toolId,
        quantity: line.quantity,
        tool: {
          sku: tool.sku,
          name: tool.name,
          img: tool.img,
          price: tool.price,
          priceTiers: tool.priceTiers,
          quantity: tool.quantity,
          minimumOrder: tool.minimumOrder,
          orderIncrement: tool.orderIncrement,
          maxPerOrder: tool.maxPerOrder,
        },
        unitPrice,
        lineTotal: unitPrice * line.quantity,
        problem,
      };
    });
    const total = described
      .filter((line) => line.problem === null)
      .reduce((sum, line) => sum + line.lineTotal, 0);
    const isTooLarge = total > MAX_ORDER_TOTAL;
    return {
      lines: described,
      total,
      currency: options.currency,
      isReady:
        described.length > 0 && described.every((line) => line.problem === null) && !isTooLarge,
      problem: isTooLarge
        ? 'This cart is too large to order at once; split it into smaller orders or contact us.'
        : null,
      updatedAt: stored?.updatedAt.toISOString() ?? null,
      version: stored?.version ?? 0,
    };
  }

  return {
    async get(user: SessionUser): Promise<Cart> {
      const [row] = await db.select().from(carts).where(eq(carts.userId, user.id));
      return describe(row?.lines ?? [], row);
    },

    /**
     * Prices lines as the cart would, storing nothing: a visitor's cart lives in their browser,
     * which may still hold tools since removed (those are unavailable lines, not an error).
     */
    quote(body: PutCartBody): Promise<Cart> {
      return describe(body.lines, undefined);
    },

    /**
     * Joins a visitor's lines (kept in their browser until they signed in) to the stored cart, in
     * one transaction holding the cart's row, as a PUT would: the answer says what each line did.
     */
    async merge(user: SessionUser, body: PutCartBody): Promise<MergedCart> {
      return db.transaction(async (tx) => {
        await tx.insert(carts).values({ userId: user.id, lines: [] }).onConflictDoNothing();
        const [stored] = await tx
          .select()
          .from(carts)
          .where(eq(carts.userId, user.id))
          .for('update');
        const before = stored?.lines ?? [];
        const ids = [...new Set([...before, ...body.lines].map((line) => line.toolId))];
        const found =
          ids.length === 0 ? [] : await tx.select().from(tools).where(inArray(tools.id, ids));
        const byId = new Map(found.map((tool) => [tool.id, tool]));
        const facts = new Map(
          found.map((tool) => [
            tool.id,
            {
              name: tool.name,
              quantity: tool.quantity,
              isListed: tool.deletedAt === null,
              orderIncrement: tool.orderIncrement,
              maxPerOrder: tool.maxPerOrder,
              minimumOrder: tool.minimumOrder,
            },
          ]),
        );
        const { lines, merged } = mergeCartLines(before, body.lines, facts);
        const [row] = await tx
          .update(carts)
          .set({ lines, updatedAt: sql`now()`, version: sql`${carts.version} + 1` })
          .where(eq(carts.userId, user.id))
          .returning();
        return { cart: await describe(lines, row, byId), merged };
      });
    },

    /** Replaces the cart; every line must name a tool in the catalogue now. */
    async put(user: SessionUser, body: ReplaceCartBody): Promise<Cart> {
      // Read once: to check every line names a listed tool, then to describe the cart.
      const byId = await toolsOf(body.lines);
      const listed = new Set(
        [...byId.values()].filter((tool) => tool.deletedAt === null).map((tool) => tool.id),
      );
      const unknown = body.lines.flatMap((line, index) =>
        listed.has(line.toolId)
          ? []
          : [
              {
                field: `lines.${index}.toolId`,
                in: 'body' as const,
                message: 'This tool does not exist or was removed from the catalogue.',
              },
            ],
      );
      if (unknown.length > 0)
        throw badRequest((unknown[0] as { message: string }).message, unknown);
      const lines = body.lines.map(({ toolId, quantity }) => ({ toolId, quantity }));
      const row = await replaceLines(user.id, lines, body.version);
      if (!row) {
        throw conflict(
          'cart_changed',
          'Your cart changed since this page last read it, perhaps in another tab or on another device, so this change was not made. The cart here is as it is now: make the change again if you still want it.',
        );
      }
      return describe(row.lines, row, byId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
