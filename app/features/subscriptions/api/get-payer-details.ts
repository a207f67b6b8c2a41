// GET /api/payments/payer-details (admins): what the checkout's payer form starts from, the company's
// address, phone and city and the admin's own name and email.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayerPrefill } from '../../../../shared/subscriptions.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const PAYER_DETAILS_KEY = ['/api/payments/payer-details'];

export const getPayerDetails = (signal?: AbortSignal): Promise<PayerPrefill> => json(client.api.payments['payer-details'].$get(undefined, { init: { signal } }));

/** Read again on each checkout: a payment saves what the admin corrected to the company. */
export const payerDetailsQueryOptions = () => queryOptions({ queryKey: PAYER_DETAILS_KEY, queryFn: ({ signal }) => getPayerDetails(signal), staleTime: 0 });

export function usePayerDetails() {
  return useQuery(payerDetailsQueryOptions());
}
