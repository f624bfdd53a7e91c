import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MergedLine } from '#contract/cart.ts';
import { mergeIntoServerCart, serverCartQuery } from '../api/cart-queries.ts';
import { writeLocalLines } from '../api/local-cart.ts';
import type { CartLineInput } from '../utils/cart-lines.ts';
import type { CartOwner } from './cart-context.ts';

/**
 * Signed in with lines still in the browser: the store joins them to the account's cart (one
 * request, POST /api/cart/merge), then they leave the browser. The store's report of what it did
 * is kept until a page takes it (`take`), so it is told once.
 */
export function useVisitorCartMerge({
  owner,
  userId,
  localLines,
  beforeMerge,
}: {
  owner: CartOwner;
  userId: string | null | undefined;
  localLines: readonly CartLineInput[];
  /** Settles once this page's own cart changes have reached the store. */
  beforeMerge: () => Promise<unknown>;
}): { report: readonly MergedLine[] | null; take: () => void } {
  const queryClient: QueryClient = useQueryClient();
  const [report, setReport] = useState<readonly MergedLine[] | null>(null);
  const merging = useRef<string | null>(null);
  useEffect(() => {
    if (owner !== 'customer' || !userId || localLines.length === 0) return;
    if (merging.current === userId) return;
    merging.current = userId;
    beforeMerge()
      .then(() => mergeIntoServerCart(localLines))
      .then(
        async ({ cart, merged }) => {
          // A read of the cart sent before the merge would answer the cart without the browser's
          // lines, after them: it is dropped, and the merged cart shown. (The merge is made: this
          // branch never lets it be sent again.)
          await queryClient.cancelQueries({ queryKey: serverCartQuery.queryKey });
          queryClient.setQueryData(serverCartQuery.queryKey, cart);
          writeLocalLines([]);
          setReport(merged);
        },
        () => {
          // Kept in the browser: the next page (or sign-in) tries again.
          merging.current = null;
        },
      );
  }, [owner, userId, localLines, beforeMerge, queryClient]);
  const take = useCallback(() => setReport(null), []);
  return { report, take };
}
