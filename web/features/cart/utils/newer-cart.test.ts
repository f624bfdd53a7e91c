import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Cart } from '#contract/cart.ts';
import { newerCart } from './newer-cart.ts';

/** The customer's cart as serverCartQuery (api/cart-queries.ts) keeps it. */
const serverCartQuery = { queryKey: ['cart', 'server'], structuralSharing: newerCart } as const;

const cart = (version: number, quantity: number): Cart => ({
  lines: [],
  total: quantity * 100,
  currency: 'USD',
  isReady: true,
  problem: null,
  updatedAt: '2026-11-29T12:00:00.000Z',
  version,
});

/** The store answering a read with `answer`, through the cart's own query options. */
const readAs = (client: QueryClient, answer: Cart) =>
  client.fetchQuery({ ...serverCartQuery, queryFn: async () => answer, staleTime: 0 });

describe('the cart a customer is shown', () => {
  it('stays at the newer version when a read answered before a change arrives after it', async () => {
    const client = new QueryClient();
    await readAs(client, cart(4, 1));
    // The change's answer (version 5), then the late read, answered at version 4.
    client.setQueryData(serverCartQuery.queryKey, cart(5, 2));
    await readAs(client, cart(4, 1));
    expect(client.getQueryData(serverCartQuery.queryKey)).toEqual(cart(5, 2));
  });

  it('takes a newer cart read, and the same version read again (prices move without a change)', async () => {
    const client = new QueryClient();
    await readAs(client, cart(4, 1));
    await readAs(client, cart(6, 3));
    expect(client.getQueryData<Cart>(serverCartQuery.queryKey)?.version).toBe(6);
    await readAs(client, { ...cart(6, 3), total: 999 });
    expect(client.getQueryData<Cart>(serverCartQuery.queryKey)?.total).toBe(999);
  });
});
