import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo, useRef } from 'react';
import type { Cart, CartLine } from '#contract/cart.ts';
import { unitPriceFor } from '#contract/pricing.ts';
import { lineProblem, ruleSentence } from '#contract/quantity-rules.ts';
import { isApiError } from '#web/lib/api-error.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { emptyCart, putServerCart, quoteQuery, serverCartQuery } from '../api/cart-queries.ts';
import { readLocalLines, useLocalLines, writeLocalLines } from '../api/local-cart.ts';
import {
  type AddedLines,
  type CartApi,
  CartContext,
  type CartOwner,
} from '../hooks/cart-context.ts';
import { useVisitorCartMerge } from '../hooks/use-visitor-cart-merge.ts';
import {
  type CartLineInput,
  mergeLines,
  storableLines,
  withoutTool,
  withQuantity,
} from '../utils/cart-lines.ts';

const PUT_KEY = [...queryKeys.cart, 'put'];
const NO_LINES: readonly CartLineInput[] = Object.freeze([]);

/** A line's problem at a new quantity: the rules' sentence at once, the stock's from the store. */
function optimisticProblem(known: CartLine, quantity: number): CartLine['problem'] {
  if (!known.tool) return known.problem;
  const code = lineProblem(known.tool, quantity);
  if (code === null) return null;
  if (code === 'over_stock') return known.problem;
  return { code, message: ruleSentence(known.tool, known.tool.name, quantity) ?? '' };
}

/** The cart as it will be, shown at once: known tools repriced, the store's answer follows. */
function optimistic(cart: Cart, lines: readonly CartLineInput[]): Cart {
  const next = lines.flatMap((line) => {
    const known = cart.lines.find((existing) => existing.toolId === line.toolId);
    if (!known?.tool) return [];
    const unitPrice = unitPriceFor(known.tool, line.quantity);
    return [
      {
        ...known,
        quantity: line.quantity,
        unitPrice,
        lineTotal: unitPrice * line.quantity,
        problem: optimisticProblem(known, line.quantity),
      },
    ];
  });
  const total = next.filter((line) => !line.problem).reduce((sum, l) => sum + l.lineTotal, 0);
  return { ...cart, lines: next, total };
}

/** Indexes of lines the store refused because their tool is not in the catalogue. */
function unknownToolLines(error: unknown): Set<number> {
  if (!isApiError(error) || error.status !== 400) return new Set();
  return new Set(
    error.errors.flatMap((fieldError) => {
      const match = /^lines\.(\d+)\.toolId$/.exec(fieldError.field);
      return match ? [Number(match[1])] : [];
    }),
  );
}

/** Whether the store refused a change because the cart changed elsewhere since it was read. */
const isCartChanged = (error: unknown) => isApiError(error) && error.code === 'cart_changed';

/** A change made from the lines of the change before it, still on its way. */
const AFTER_PREVIOUS = 'after the change before';

interface CartWrite {
  lines: CartLineInput[];
  /** The version of the cart the lines were made from (undefined: not known). */
  from: number | undefined | typeof AFTER_PREVIOUS;
}

function useServerCartWrites(queryClient: QueryClient) {
  // The version a change made from the one before it names: the one that change made, or, when it
  // was refused, the one it named (so that a change built on a refused one is refused too when the
  // cart had moved on).
  const previous = useRef<number | undefined>(undefined);
  // The cart as this page's last change stored it, while changes behind it are on their way (its
  // answer is not shown then).
  const stored = useRef<Cart | undefined>(undefined);
  const isLast = () => queryClient.isMutating({ mutationKey: PUT_KEY }) <= 1;
  return useMutation({
    mutationKey: PUT_KEY,
    // One at a time, in order: the last change made is the one the store keeps. Each names the
    // version of the cart it was made from, so one made in another tab or on another device
    // meanwhile is refused rather than written over.
    scope: { id: 'cart' },
    mutationFn: async ({ lines, from }: CartWrite) => {
      previous.current = from === AFTER_PREVIOUS ? previous.current : from;
      const cart = await putServerCart(lines, previous.current);
      previous.current = cart.version;
      return cart;
    },
    onMutate: async ({ lines }) => {
      await queryClient.cancelQueries({ queryKey: serverCartQuery.queryKey });
      const before = queryClient.getQueryData(serverCartQuery.queryKey);
      if (before) queryClient.setQueryData(serverCartQuery.queryKey, optimistic(before, lines));
    },
    onSuccess: (cart) => {
      // Only the last answer: an earlier one would undo the changes made since.
      if (!isLast()) {
        stored.current = cart;
        return;
      }
      stored.current = undefined;
      queryClient.setQueryData(serverCartQuery.queryKey, cart);
    },
    onError: () => {
      if (!isLast()) return;
      // The last change failed: the cart shows what the changes before it stored, at the version
      // they made, until it is read again. Left at the cart read before them, a change made
      // meanwhile would name that version and be refused as if another tab had changed the cart.
      const before = stored.current;
      stored.current = undefined;
      const shown = queryClient.getQueryData(serverCartQuery.queryKey);
      if (before && (shown === undefined || shown.version < before.version))
        queryClient.setQueryData(serverCartQuery.queryKey, before);
      void queryClient.invalidateQueries({ queryKey: serverCartQuery.queryKey });
    },
  });
}

/**
 * The cart for the whole app. `userId` is the signed-in user's (null for a visitor, undefined
 * while the session is not known yet). A visitor's cart lives in the browser; once someone is
 * signed in, it joins their cart on the store, and the browser's copy is cleared only after the
 * store has it. Signing out leaves the customer's cart on the store.
 */
export function CartProvider({
  userId,
  children,
}: {
  userId: string | null | undefined;
  children: ReactNode;
}) {
  const owner: CartOwner =
    userId === undefined ? 'pending' : userId === null ? 'visitor' : 'customer';
  const queryClient = useQueryClient();
  const currency = useCurrency();
  const localLines = useLocalLines();
  const server = useQuery({ ...serverCartQuery, staleTime: 30_000, enabled: owner === 'customer' });
  const quote = useQuery({
    ...quoteQuery(localLines),
    enabled: owner === 'visitor' && localLines.length > 0,
    placeholderData: keepPreviousData,
  });
  const writes = useServerCartWrites(queryClient);
  const { mutateAsync: putAsync } = writes;

  // The lines of the last PUT sent, until every PUT has settled: a change made meanwhile builds on
  // them, not on the cached cart (which may not show a tool just added yet).
  const intended = useRef<CartLineInput[] | null>(null);
  const inFlight = useRef(0);
  // Settles when the last PUT sent has (they go one at a time, in order).
  const lastWrite = useRef<Promise<unknown>>(Promise.resolve());
  const saved = useCallback(() => lastWrite.current, []);
  const send = useCallback(
    async (lines: CartLineInput[]) => {
      // Made from the lines of the change still on its way, or from the cart as last read.
      const from =
        inFlight.current > 0
          ? AFTER_PREVIOUS
          : queryClient.getQueryData(serverCartQuery.queryKey)?.version;
      intended.current = lines;
      inFlight.current += 1;
      const writing = putAsync({ lines, from });
      lastWrite.current = writing.catch(() => undefined);
      try {
        return await writing;
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) intended.current = null;
      }
    },
    [putAsync, queryClient],
  );

  const currentServerLines = useCallback(
    () => intended.current ?? storableLines(queryClient.getQueryData(serverCartQuery.queryKey)),
    [queryClient],
  );

  const addToServer = useCallback(
    async (added: readonly CartLineInput[]): Promise<AddedLines> => {
      // Tools the store no longer lists (lines kept in a browser or an old order may name some):
      // left out of every attempt, and told as not added.
      const gone = new Set<string>();
      const add = async (isRetry: boolean): Promise<AddedLines> => {
        const base =
          intended.current ?? storableLines(await queryClient.ensureQueryData(serverCartQuery));
        const merged = mergeLines(base, added);
        const lines = merged.lines.filter((line) => !gone.has(line.toolId));
        try {
          try {
            await send(lines);
          } catch (error) {
            // The store names the tools it no longer lists: the rest go in.
            const unknown = unknownToolLines(error);
            if (unknown.size === 0) throw error;
            for (const index of unknown) {
              const line = lines[index];
              if (line) gone.add(line.toolId);
            }
            await send(lines.filter((line) => !gone.has(line.toolId)));
          }
        } catch (error) {
          // The cart changed elsewhere since this page read it (which the store says once every
          // tool is known): once every change of this page has settled, the lines join the cart
          // as it is now.
          if (!isCartChanged(error) || isRetry) throw error;
          await saved();
          await queryClient.fetchQuery({ ...serverCartQuery, staleTime: 0 });
          return add(true);
        }
        return { left: [...merged.left, ...merged.lines.filter((line) => gone.has(line.toolId))] };
      };
      return add(false);
    },
    [queryClient, send, saved],
  );

  const { report: mergeReport, take: takeMergeReport } = useVisitorCartMerge({
    owner,
    userId,
    localLines,
    beforeMerge: saved,
  });

  const addLines = useCallback(
    async (added: readonly CartLineInput[]): Promise<AddedLines> => {
      if (owner === 'customer') return addToServer(added);
      const { lines, left } = mergeLines(readLocalLines(), added);
      writeLocalLines(lines);
      return { left };
    },
    [owner, addToServer],
  );

  const change = useCallback(
    (next: (lines: readonly CartLineInput[]) => CartLineInput[]) => {
      // A refusal shows as the cart's write error, and the store's cart is read again.
      if (owner === 'customer') send(next(currentServerLines())).catch(() => undefined);
      else writeLocalLines(next(readLocalLines()));
    },
    [owner, send, currentServerLines],
  );

  const api = useMemo<CartApi>(() => {
    const isCustomer = owner === 'customer';
    const lines: readonly CartLineInput[] =
      owner === 'pending' ? NO_LINES : isCustomer ? (server.data?.lines ?? NO_LINES) : localLines;
    let cart: Cart | undefined;
    if (isCustomer) cart = server.data;
    else if (owner === 'visitor')
      cart =
        localLines.length === 0
          ? emptyCart(currency)
          : quote.data && {
              ...quote.data,
              // Until the new prices arrive, removed lines go at once.
              lines: quote.data.lines.filter((line) =>
                localLines.some((local) => local.toolId === line.toolId),
              ),
            };
    const query = isCustomer ? server : quote;
    return {
      owner,
      lines,
      cart,
      isPending: owner === 'pending' || (cart === undefined && query.isPending),
      isUpdating: isCustomer ? writes.isPending : quote.isPlaceholderData || quote.isFetching,
      error: cart === undefined ? query.error : null,
      // Read again even when fresh: the store may price it otherwise now.
      refresh: () => void queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
      addLines,
      setQuantity: (toolId, quantity) =>
        change((current) => withQuantity(current, toolId, quantity)),
      remove: (toolId) => change((current) => withoutTool(current, toolId)),
      saved,
      writeError: isCustomer ? writes.error : null,
      mergeReport,
      takeMergeReport,
    };
  }, [
    owner,
    server,
    quote,
    localLines,
    currency,
    writes,
    addLines,
    change,
    saved,
    queryClient,
    mergeReport,
    takeMergeReport,
  ]);

  return <CartContext value={api}>{children}</CartContext>;
}
