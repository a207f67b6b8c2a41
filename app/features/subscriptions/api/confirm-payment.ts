// POST /api/payments/confirm (admins): has PayHere's notify for the order arrived? With a status, the
// browser reports a checkout the payer closed or that failed.
import type { PaymentConfirm } from '../../../../shared/subscriptions.ts';
import { client, json } from '../../../lib/typed-client.ts';

export const confirmPayment = (input: PaymentConfirm) => json(client.api.payments.confirm.$post({ json: input }));
