import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecordPaymentBody,
  RecordPayoutBody,
  SetPaymentTermsBody,
} from '#contract/payment-terms.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** Payment terms and invoices on account (docs/decisions/056 and 061). */

const invoices = apiRoutes.accountInvoices;
const terms = apiRoutes.paymentTerms;

/** The signed-in buyer's terms (their company's), with what is owed and left; null without. */
export const useMyTerms = (isEnabled = true) =>
  useQuery({
    enabled: isEnabled,
    queryKey: [...queryKeys.terms, 'mine'],
    queryFn: ({ signal }) => callApi(invoices.myTerms, {}, { signal }),
  });

type Page = { limit: number; offset: number };

/** A page of the buyer's open invoices, and how many there are. */
export const useOpenInvoices = (page: Page) =>
  useQuery({
    queryKey: [...queryKeys.terms, 'open', page],
    queryFn: async ({ signal }) => callApiPage(invoices.open, { query: page }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of every overdue invoice, for admins. */
export const useOverdueInvoices = (page: Page) =>
  useQuery({
    queryKey: [...queryKeys.terms, 'overdue', page],
    queryFn: async ({ signal }) => callApiPage(invoices.overdue, { query: page }, { signal }),
    placeholderData: keepPreviousData,
  });

/** An order on account's due date, payments and what is left. */
export const useOrderAccount = (orderId: string, isEnabled: boolean) =>
  useQuery({
    enabled: isEnabled,
    queryKey: [...queryKeys.terms, 'order', orderId],
    queryFn: ({ signal }) =>
      callApi(invoices.orderAccount, { params: { id: orderId } }, { signal }),
  });

/** A page of the buyers with terms, for admins, and how many there are. */
export const usePaymentTerms = (page: Page) =>
  useQuery({
    queryKey: [...queryKeys.terms, 'all', page],
    queryFn: async ({ signal }) => callApiPage(terms.list, { query: page }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A change to terms or payments reads every terms answer (and the order) again. */
function useTermsChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.terms });
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}

export const useSetTerms = () =>
  useTermsChange((body: SetPaymentTermsBody) => callApi(terms.set, { body }));

export const useClearTerms = () =>
  useTermsChange((id: string) => callApi(terms.clear, { params: { id } }));

/** `key` names the movement: asking again with it never records it twice. */
export const useRecordPayment = () =>
  useTermsChange(
    ({ orderId, body, key }: { orderId: string; body: RecordPaymentBody; key: string }) =>
      callApi(terms.recordPayment, {
        params: { id: orderId },
        body,
        headers: { 'idempotency-key': key },
      }),
  );

/** Money paid back to a buyer who paid more than is due after credit notes. */
export const useRecordPayout = () =>
  useTermsChange(
    ({ orderId, body, key }: { orderId: string; body: RecordPayoutBody; key: string }) =>
      callApi(terms.recordPayout, {
        params: { id: orderId },
        body,
        headers: { 'idempotency-key': key },
      }),
  );
