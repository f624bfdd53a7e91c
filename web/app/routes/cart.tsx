import { useEffect, useId, useState } from 'react';
import { Link, type MetaArgs, useNavigate } from 'react-router';
import type { Order } from '#contract/orders.ts';
import type { TaxDecision } from '#contract/tax.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { lazyPart } from '#web/components/ui/lazy-part.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { CartView } from '#web/features/cart/components/cart-view.tsx';
import { MergedCartNotice } from '#web/features/cart/components/merged-cart-notice.tsx';
import { OutdatedCartNotice } from '#web/features/cart/components/outdated-cart-notice.tsx';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import type { ShortLines } from '#web/features/orders/components/checkout-form.tsx';
import { OrderPlaced } from '#web/features/orders/components/order-placed.tsx';
import type { ApiError } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import type { LoginState } from '../guards/require-auth.tsx';
import { PageContainer } from '../layouts/page-container.tsx';

/**
 * A customer's checkout (the checkout form, the address book and delivery choice, the quote
 * request: react-hook-form and the order's schemas) loads once a signed-in customer's cart shows:
 * the server's page and a visitor's cart do not carry it.
 */
const CustomerCheckout = lazyPart(
  () => import('../cart-checkout.tsx').then((m) => m.CustomerCheckout),
  { loading: 'Loading the checkout…', failed: 'We could not load the checkout' },
);

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(matches, {
    title: 'Your cart',
    description: 'The tools you are about to order, with their volume prices, stock and total.',
    path: paths.cart(),
    noIndex: true,
  });

/** Signing in (or up) comes back here, with the cart joined to the account's. */
const BACK_TO_CART: LoginState = { from: { pathname: paths.cart(), search: '', hash: '' } };

function SignInToCheckOut() {
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-700">
        Sign in to place your order: your cart comes with you.
      </p>
      <Link
        to={paths.login()}
        state={BACK_TO_CART}
        className={buttonClasses({ size: 'lg', className: 'w-full' })}
      >
        Sign in to check out
      </Link>
      <p className="text-sm text-stone-700">
        New to Toolyard?{' '}
        <Link
          to={paths.registration()}
          state={BACK_TO_CART}
          className="font-semibold text-navy-700 underline underline-offset-2"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}

/** The cart, for visitors and customers alike; checking out is for signed-in customers. */
export function CartPage() {
  usePageTitle('Your cart');
  const cart = useCart();
  const { user } = useSession();
  const navigate = useNavigate();
  const [shortLines, setShortLines] = useState<ShortLines>({});
  const [placed, setPlaced] = useState<Order | null>(null);
  // The last checkout refused because the cart moved on elsewhere; `seen` tells one from the next.
  const [outdated, setOutdated] = useState<{ order: ApiError['order']; seen: number } | null>(null);
  const titleId = useId();
  // How the checkout's address taxes the order: the lines show the prices it charges (decision 064).
  const [pricedFor, setPricedFor] = useState<TaxDecision | undefined>(undefined);
  const { refresh } = cart;

  // Stock and prices move: a cart last read a while ago is read again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit
  useEffect(() => refresh(), []);

  if (placed) {
    return (
      <PageContainer>
        <PageHeading title="Your cart" />
        <div className="max-w-2xl">
          <OrderPlaced order={placed} onOrderAgain={() => navigate(paths.tools())} />
        </div>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeading
        title="Your cart"
        titleId={titleId}
        description="Volume prices apply per line. Stock is taken when you place the order."
      />
      <MergedCartNotice />
      {outdated && <OutdatedCartNotice key={outdated.seen} checkedOutAs={outdated.order} />}
      <CartView
        titleId={titleId}
        pricedFor={pricedFor}
        shortLines={shortLines}
        onChange={(toolId) => {
          setOutdated(null);
          setShortLines(({ [toolId]: _changed, ...rest }) => rest);
        }}
        checkout={
          cart.owner === 'customer' && user ? (
            <CustomerCheckout
              user={user}
              // The store emptied the cart in the order's own transaction.
              onPlaced={setPlaced}
              onPricedFor={setPricedFor}
              onShortLines={setShortLines}
              onCartOutdated={(error) =>
                setOutdated((last) => ({ order: error.order, seen: (last?.seen ?? 0) + 1 }))
              }
            />
          ) : (
            <SignInToCheckOut />
          )
        }
      />
    </PageContainer>
  );
}

export default CartPage;
