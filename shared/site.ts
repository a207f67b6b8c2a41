// The public site: the configuration the browser may read, the support chat link, and the policy
// figures the legal pages quote (spec sections 2 and 9), kept here so copy and tests agree.
import type { PayhereMode } from './subscriptions.ts';

/** `GET /api/public-config`: what a signed-out visitor's browser needs, nothing secret. */
export type PublicConfig = {
  supportEmail: string;
  /** Digits only (international format without '+'), or null when the support button is off. */
  supportWhatsapp: string | null;
  payhereMode: PayhereMode;
};

export const LEGAL_LAST_UPDATED = 'January 1, 2025';

/** Spec section 9, policy figures. */
export const REFUND_FACTS = {
  fullRefundDays: 30,
  notExtensivelyUsedPlans: 6,
  replyBusinessDays: 2,
  decisionBusinessDays: 5,
  processingBusinessDays: '5 to 10',
  bankDays: '3 to 5',
  serviceCreditMonths: 12,
  dataExportDays: 30,
  deletionDays: 90,
} as const;

export const MINIMUM_AGE = 13;
export const GOVERNING_LAW = 'the State of California';

export const SUPPORT_MESSAGE = 'Hi Kickoff team, I need help with Kickoff.';

/** Keeps only the digits of a phone number ('+94 77 123 4567' -> '94771234567'); null when none. */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length > 0 ? digits : null;
}

/** The WhatsApp click-to-chat link (https://faq.whatsapp.com/5913398998672934): digits only, prefilled text. */
export function whatsappLink(phone: string, message: string = SUPPORT_MESSAGE): string | null {
  const digits = phoneDigits(phone);
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
