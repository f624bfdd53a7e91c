import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, type MetaArgs, useLocation, useNavigate } from 'react-router';
import type { Order } from '#contract/orders.ts';
import type { SessionUser } from '#contract/session.ts';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { VerifyEmailNotice } from '#web/features/auth/components/verify-email-notice.tsx';
import { CartView } from '#web/features/cart/components/cart-view.tsx';
import { MergedCartNotice } from '#web/features/cart/components/merged-cart-notice.tsx';
import { OutdatedCartNotice } from '#web/features/cart/components/outdated-cart-notice.tsx';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { storableLines } from '#web/features/cart/utils/cart-lines.ts';
import type {
  CheckoutForm as LoadedCheckoutForm,
  ShortLines,
} from '#web/features/orders/components/checkout-form.tsx';
import { OrderPlaced } from '#web/features/orders/components/order-placed.tsx';
import { checkoutDraftKey } from '#web/features/orders/utils/checkout-draft.ts';
import { AskForQuote } from '#web/features/quotes/components/ask-for-quote.tsx';
import { SaveToListButton } from '#web/features/saved-lists/components/save-to-list.tsx';
import {
  type PaymentMethod,
  PaymentMethodChoice,
} from '#web/features/terms/components/payment-method-choice.tsx';
import { useUserDetails } from '#web/features/users/api/users.ts';
import type { ApiError } from '#web/lib/api-error.ts';
import { readBuyAgainState } from '#web/lib/buy-again-state.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import type { LoginState } from '../guards/require-auth.tsx';
import { PageContainer } from '../layouts/page-container.tsx';
import { useOrderDelivery } from '../order-delivery.tsx';

/**
 * The checkout form (react-hook-form, the order's schemas) loads once a signed-in customer's cart
 * shows: the server's page and a visitor's first visit do not carry it.
 */
const CheckoutForm = lazy(
  () =>
    import('#web/features/orders/components/checkout-form.tsx').then((m) => ({
      default: m.CheckoutForm,
    })),
  // `lazy` drops the form's type parameter (what an order placed is): the same component.
) as unknown as typeof LoadedCheckoutForm;

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

function CustomerCheckout({
  user,
  onPlaced,
  onShortLines,
  onCartOutdated,
}: {
  user: SessionUser;
  onPlaced: (order: Order) => void;
  onShortLines: (short: ShortLines) => void;
  onCartOutdated: (error: ApiError) => void;
}) {
  const { cart, refresh, checkOut } = useCart();
  const details = useUserDetails(user.email);
  const state: unknown = useLocation().state;
  const earlier = useMemo(() => readBuyAgainState(state), [state]);
  const { delivery, deliveryMethod, charges, goods, toPay } = useOrderDelivery({
    subject: { kind: 'cart', version: cart?.version },
    // The lines an order of the cart holds, as its total counts them (those without a problem).
    lines: cart?.lines.filter((line) => line.problem === null),
    currency: cart?.currency ?? 'USD',
    earlier,
  });
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>('card');
  const lines = storableLines(cart);
  const blockedBy = !user.emailVerified
    ? 'Confirm your email address to place orders (see above).'
    : cart?.isReady
      ? null
      : 'Fix the lines marked in your cart to place the order.';
  return (
    <div className="space-y-6">
      {lines.length > 0 && (
        <SaveToListButton what="your cart" className="w-full" source={() => ({ from: 'cart' })} />
      )}
      <h3 className="text-lg font-bold text-navy-900">Delivery</h3>
      <div className="empty:hidden">
        <VerifyEmailNotice user={user} />
      </div>
      <Suspense fallback={<LoadingState label="Loading the checkout…" className="py-6" />}>
        <CheckoutForm
          lines={lines}
          placeOrder={checkOut}
          customer={{ name: user.name, email: user.email }}
          savedPhone={details.data?.phone}
          blockedBy={blockedBy}
          expectedTotal={goods}
          onPlaced={onPlaced}
          onShortLines={onShortLines}
          onPriceChanged={() => {
            // The prices, the tax of the destination or the delivery changed: read them all again.
            void refresh();
            deliveryMethod.refresh();
          }}
          onCartOutdated={onCartOutdated}
          draftKey={checkoutDraftKey(user.id)}
          delivery={delivery}
          deliveryMethod={deliveryMethod}
          charges={charges}
          payment={{
            method: paymentMethod,
            choice: (
              <PaymentMethodChoice
                value={paymentMethod}
                onChange={setPaymentMethod}
                total={toPay}
              />
            ),
          }}
        />
      </Suspense>
      <AskForQuote
        blockedBy={
          !user.emailVerified
            ? 'Confirm your email address to ask for a quote.'
            : lines.length === 0
              ? 'Add the tools you want a price for first.'
              : cart?.lines.some((line) => line.problem?.code === 'unavailable')
                ? 'Remove the tools no longer sold from your cart first.'
                : null
        }
      />
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
        description="Volume prices apply per line. Stock is taken when you place the order."
      />
      <MergedCartNotice />
      {outdated && <OutdatedCartNotice key={outdated.seen} checkedOutAs={outdated.order} />}
      <CartView
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
