// POST /api/payments/create (admins): a pending order for PayHere's checkout, signed by the server, with
// the payer's details resolved (what the admin confirmed, else the company's, else placeholders).
import type { PaymentCreate, PaymentCreateResponse } from '../../../../shared/subscriptions.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const createPayment = (input: PaymentCreate): Promise<PaymentCreateResponse> => json(client.api.payments.create.$post({ json: input }));
