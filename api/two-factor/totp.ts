// Authenticator-app codes (RFC 6238) through otpauth, and the QR code of the enrolment link as SVG, made
// here so that no QR library reaches the browser bundle.
import { Secret, TOTP as Totp } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP, TOTP_WINDOW } from '../../shared/two-factor.ts';

/** A new random secret (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

function totpOf(secret: string, label = ''): Totp {
  return new Totp({ issuer: TOTP.issuer, label, algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.periodSeconds, secret: Secret.fromBase32(secret) });
}

/** The time step a code is for: the 30 s period since the epoch. */
export const totpStep = (now = Date.now()) => Math.floor(now / 1000 / TOTP.periodSeconds);

/** The step the code belongs to when it is right within ±TOTP_WINDOW steps of now, else null. */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(now) + delta;
}

/** The otpauth:// link an authenticator app reads (from the QR code, or typed in), labelled with the email. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
