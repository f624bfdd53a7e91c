import { useState } from 'react';
import { type MetaArgs, useParams, useSearchParams } from 'react-router';
import { formatUnits } from '#contract/format.ts';
import type { Order } from '#contract/orders.ts';
import type { SessionUser } from '#contract/session.ts';
import type { Tool } from '#contract/tools.ts';
import { Breadcrumbs } from '#web/components/ui/breadcrumbs.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { VerifyEmailNotice } from '#web/features/auth/components/verify-email-notice.tsx';
import { OrderPlaced } from '#web/features/orders/components/order-placed.tsx';
import {
  type OrderableQuantity,
  PurchaseForm,
} from '#web/features/orders/components/purchase-form.tsx';
import { useTool } from '#web/features/tools/api/tools-queries.ts';
import { ToolDetails } from '#web/features/tools/components/tool-details.tsx';
import { ToolView } from '#web/features/tools/components/tool-view.tsx';
import { useUserDetails } from '#web/features/users/api/users.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';
import { PageContainer } from '../layouts/page-container.tsx';
import { useOrderDelivery } from '../order-delivery.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Purchase', path: location.pathname, noIndex: true });

/** Buy now's form with the delivery quoted for the quantity chosen (see ../order-delivery.tsx). */
function BuyNow({
  tool,
  user,
  savedPhone,
  initialQuantity,
  onPlaced,
}: {
  tool: Tool;
  user: SessionUser;
  savedPhone: string | null | undefined;
  initialQuantity: number | undefined;
  onPlaced: (order: Order) => void;
}) {
  const [orderable, setOrderable] = useState<OrderableQuantity | null>(null);
  const currency = useCurrency();
  const { delivery, deliveryMethod, charges } = useOrderDelivery({
    subject: { kind: 'tool', toolId: tool._id, quantity: orderable?.quantity ?? null },
    lines: orderable
      ? [{ unitPrice: orderable.unitPrice, quantity: orderable.quantity }]
      : undefined,
    currency,
  });
  return (
    <PurchaseForm
      tool={tool}
      customer={{ name: user.name, email: user.email }}
      savedPhone={savedPhone}
      initialQuantity={initialQuantity}
      canOrder={user.emailVerified}
      onPlaced={onPlaced}
      onOrderable={setOrderable}
      delivery={delivery}
      deliveryMethod={deliveryMethod}
      charges={charges}
    />
  );
}

export function PurchasePage() {
  const { id = '' } = useParams();
  // The quantity chosen on the tool's page, if any.
  const initialQuantity = Number(useSearchParams()[0].get('quantity')) || undefined;
  const user = useSignedInUser();
  const tool = useTool(id);
  // For the phone number the customer saved in their profile.
  const details = useUserDetails(user.email);
  const [placed, setPlaced] = useState<Order | null>(null);
  usePageTitle(tool.data ? `Buy ${tool.data.name}` : 'Purchase');

  return (
    <PageContainer>
      <Breadcrumbs
        trail={[
          { label: 'Home', to: paths.home() },
          { label: 'Tools', to: paths.tools() },
          ...(tool.data ? [{ label: tool.data.name, to: paths.tool(id) }] : []),
          { label: 'Purchase' },
        ]}
      />
      <ToolView query={tool}>
        {(t) => (
          <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
            <ToolDetails tool={t} />
            <section
              aria-labelledby="order-title"
              className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8"
            >
              <h2 id="order-title" className="text-xl font-bold text-navy-900">
                Place your order
              </h2>
              <p className="mt-1 mb-6 text-sm text-stone-600">
                Minimum order {formatUnits(t.minimumOrder)}. Pay by card after ordering.
              </p>
              <div className="mb-6 empty:hidden">
                <VerifyEmailNotice user={user} />
              </div>
              {placed ? (
                <OrderPlaced order={placed} onOrderAgain={() => setPlaced(null)} />
              ) : (
                <BuyNow
                  tool={t}
                  user={user}
                  savedPhone={details.data?.phone}
                  initialQuantity={initialQuantity}
                  onPlaced={setPlaced}
                />
              )}
            </section>
          </div>
        )}
      </ToolView>
    </PageContainer>
  );
}

export default PurchasePage;
