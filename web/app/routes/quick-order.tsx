import { Link, type MetaArgs } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { useCart } from '#web/features/cart/hooks/use-cart.ts';
import { QuickOrderPad } from '#web/features/quick-order/components/quick-order-pad.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { PageContainer } from '../layouts/page-container.tsx';

export const meta = ({ matches }: MetaArgs) =>
  pageMeta(matches, {
    title: 'Quick order',
    description:
      'Order by part number: type or paste SKUs and quantities, or upload a CSV file, and add them to your cart in one step.',
    path: paths.quickOrder(),
  });

/** Ordering by part number; the ready lines go into the app's cart, whoever is buying. */
export function QuickOrderPage() {
  const cart = useCart();
  return (
    <PageContainer width="narrow">
      <PageHeading
        eyebrow="Quick order"
        title="Order by part number"
        description="Type or paste the SKUs and quantities you need, or choose a CSV file. Each line is checked against the catalogue: its minimum order, pack size, most per order and stock."
      />
      <QuickOrderPad
        addToCart={(lines) => cart.addLines(lines)}
        cartLink={
          <Link
            to={paths.cart()}
            className="font-semibold text-navy-700 underline underline-offset-2"
          >
            View cart
          </Link>
        }
      />
    </PageContainer>
  );
}

export default QuickOrderPage;
