import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateTaxRateBody,
  SetTaxExemptionBody,
  UpdateTaxRateBody,
  VatNumberPageQuery,
} from '#contract/tax.ts';
import { callApi, callApiPage } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';
import { queryKeys } from '#web/lib/query-client.ts';

/** Tax by destination (docs/decisions/064): how a buyer's order is taxed, the admin's rates and tax-exempt buyers. */

const tax = apiRoutes.tax;

/** Every tax rate, by country, each country's own rate before its regions. */
export const useTaxRates = () =>
  useQuery({
    queryKey: [...queryKeys.tax, 'rates'],
    queryFn: ({ signal }) => callApi(tax.listRates, {}, { signal }),
  });

/**
 * How the signed-in buyer's order to `country` (and `postcode`) is taxed, as the store would decide
 * it now; without a country (a typed address), at the store's rate (TAX_RATE), the rate a
 * destination without a rate pays. Placement decides again.
 */
export const useTaxDecision = (country: string | null, postcode: string | null) =>
  useQuery({
    queryKey: [...queryKeys.tax, 'destination', country, postcode],
    queryFn: ({ signal }) =>
      callApi(
        tax.destination,
        {
          query: {
            ...(country ? { country } : {}),
            ...(country && postcode ? { postcode } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

type Page = { limit: number; offset: number };

/** A page of the tax-exempt buyers, by name, and how many there are. */
export const useTaxExemptions = (page: Page) =>
  useQuery({
    queryKey: [...queryKeys.tax, 'exemptions', page],
    queryFn: ({ signal }) => callApiPage(tax.listExemptions, { query: page }, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the companies' VAT numbers to check (`unverified`) or verified, by name. */
export const useVatNumbers = (query: VatNumberPageQuery) =>
  useQuery({
    queryKey: [...queryKeys.tax, 'vat-numbers', query],
    queryFn: ({ signal }) => callApiPage(tax.listVatNumbers, { query }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Every change (or refusal) reads the rates, exemptions and VAT numbers again. */
function useTaxChange<V, R>(change: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tax }),
  });
}

export const useAddTaxRate = () =>
  useTaxChange((body: CreateTaxRateBody) => callApi(tax.createRate, { body }));

export const useUpdateTaxRate = () =>
  useTaxChange(({ id, body }: { id: string; body: UpdateTaxRateBody }) =>
    callApi(tax.updateRate, { params: { id }, body }),
  );

export const useDeleteTaxRate = () =>
  useTaxChange((id: string) => callApi(tax.removeRate, { params: { id } }));

export const useSetTaxExemption = () =>
  useTaxChange((body: SetTaxExemptionBody) => callApi(tax.setExemption, { body }));

export const useClearTaxExemption = () =>
  useTaxChange((id: string) => callApi(tax.clearExemption, { params: { id } }));

/** The number the admin checked: refused (409) when the company gives another one now. */
export const useVerifyVatNumber = () =>
  useTaxChange(({ companyId, vatNumber }: { companyId: string; vatNumber: string }) =>
    callApi(tax.verifyVatNumber, { params: { companyId }, body: { vatNumber } }),
  );

export const useWithdrawVatNumber = () =>
  useTaxChange((companyId: string) => callApi(tax.unverifyVatNumber, { params: { companyId } }));
