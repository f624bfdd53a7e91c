import type { ReactNode } from 'react';
import { useSession } from '#web/features/auth/api/session.ts';
import { CartProvider } from '#web/features/cart/components/cart-provider.tsx';

/** The cart of whoever is signed in (a visitor's until the session is known to be someone's). */
export function SessionCartProvider({ children }: { children: ReactNode }) {
  const { user, isPending } = useSession();
  return (
    <CartProvider userId={isPending ? undefined : (user?.id ?? null)}>{children}</CartProvider>
  );
}
