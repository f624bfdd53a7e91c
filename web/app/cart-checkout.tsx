import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { Order } from '#contract/orders.ts';
import type { SessionUser } from '#contract/session.ts';
import type { TaxDecision } from '#contract/tax.ts';
import { VerifyEmailNotice } from '#web/features/auth/components/verify-email-notice.tsx';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { useCartCheckout } from '#web/features/cart/hooks/use-cart-checkout.ts';
import { storableLines } from '#web/features/cart/utils/cart-lines.ts';
import { CheckoutForm, type ShortLines } from '#web/features/orders/components/checkout-form.tsx';
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
import { useOrderDelivery } from './order-delivery.tsx';

/**
 * A signed-in customer's side of the cart: where the order goes, how it travels and is paid, the
 * order itself, and a quote instead. Its own module, loaded when a customer's cart shows
 * (routes/cart.tsx): the forms' library and the order's schemas stay out of a visitor's cart.
 */
export function CustomerCheckout({
  user,
  onPlaced,
  onShortLines,
  onCartOutdated,
  onPricedFor,
}: {
  user: SessionUser;
  onPlaced: (order: Order) => void;
  onShortLines: (short: ShortLines) => void;
  onCartOutdated: (error: ApiError) => void;
  /**
   * How an order to the chosen address is taxed, whenever that changes (undefined while the store
   * decides, and once the checkout goes): the cart above prices its lines with it.
   */
  onPricedFor: (decision: TaxDecision | undefined) => void;
}) {
  const { cart, refresh } = useCart();
  const checkOut = useCartCheckout();
  const details = useUserDetails(user.email);
  const state: unknown = useLocation().state;
  const earlier = useMemo(() => readBuyAgainState(state), [state]);
  const { delivery, deliveryMethod, charges, goods, toPay, taxDecision } = useOrderDelivery({
    subject: { kind: 'cart', version: cart?.version },
    // The lines an order of the cart holds, as its total counts them (those without a problem).
    lines: cart?.lines.filter((line) => line.problem === null),
    currency: cart?.currency ?? 'USD',
    earlier,
  });
  useEffect(() => {
    onPricedFor(taxDecision);
    return () => onPricedFor(undefined);
  }, [taxDecision, onPricedFor]);
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
            <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} total={toPay} />
          ),
        }}
      />
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
