import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import {
  CHECKOUT_DRAFT_FIELDS,
  type CheckoutDraft,
  readCheckoutDraft,
  writeCheckoutDraft,
} from '../utils/checkout-draft.ts';

/**
 * Puts back what was typed at checkout before a reload (only into fields still empty), then keeps
 * every change in the tab's storage under `draftKey`. The form clears it once the order is placed.
 */
export function useCheckoutDraft<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: any form with the draft's fields, whatever it outputs
  form: UseFormReturn<T, any, any>,
  draftKey: string | undefined,
): void {
  useEffect(() => {
    if (!draftKey) return;
    const draft = readCheckoutDraft(draftKey);
    if (draft) {
      for (const name of CHECKOUT_DRAFT_FIELDS) {
        const field = name as Path<T>;
        if (draft[name] && !form.getValues(field))
          form.setValue(field, draft[name] as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    }
    const subscription = form.watch((values, { name }) => {
      if (!name || !(CHECKOUT_DRAFT_FIELDS as readonly string[]).includes(name)) return;
      const text = (field: keyof CheckoutDraft) => {
        const value: unknown = values[field];
        return typeof value === 'string' ? value : '';
      };
      writeCheckoutDraft(draftKey, {
        address: text('address'),
        poNumber: text('poNumber'),
        note: text('note'),
      });
    });
    return () => subscription.unsubscribe();
  }, [form, draftKey]);
}
