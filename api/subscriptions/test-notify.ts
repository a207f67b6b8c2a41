// Tests' PayHere: a notify as PayHere's server would post it for an order, signed with the simulator's secret.
import { notifySignature, SIMULATOR_MERCHANT_ID, SIMULATOR_MERCHANT_SECRET } from './payhere.ts';

export type NotifyFields = Record<string, string>;

/** Correctly signed over the given fields (`fields` overrides the defaults before signing). */
export function signedNotify(order: { orderId: string; amount: string; currency: string }, statusCode: string, fields: Partial<NotifyFields> = {}): NotifyFields {
  const signed = {
    merchant_id: SIMULATOR_MERCHANT_ID,
    order_id: order.orderId,
    payment_id: '320025071234',
    payhere_amount: order.amount,
    payhere_currency: order.currency,
    status_code: statusCode,
    method: 'VISA',
    status_message: 'Successfully completed the payment.',
    card_holder_name: 'Ada Admin',
    card_no: '************1292',
    custom_1: 'growth',
    ...fields,
  };
  return {
    ...signed,
    md5sig: notifySignature({
      merchantId: signed.merchant_id,
      orderId: signed.order_id,
      payhereAmount: signed.payhere_amount,
      payhereCurrency: signed.payhere_currency,
      statusCode: signed.status_code,
      merchantSecret: SIMULATOR_MERCHANT_SECRET,
    }),
  };
}
