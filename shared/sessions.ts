// Active sessions (issue 24): the contract of /api/users/me/sessions, how a session began, and the small
// user-agent reading that names a session's device ("Chrome on Android") for its owner.
//
// Our own few regular expressions rather than a library: the list only needs a browser family, an OS and
// whether it is a phone, tablet or computer, for the browsers people actually sign in with. ua-parser-js
// (v2) is AGPL and both it and bowser ship hundreds of rules for bots, TVs and engines the list never shows.
// The rules below are tested against real user agents in shared/sessions.test.ts.

/** How a session began; the same values as the `sessions.method` column (api/db/schema.*.ts). */
export const SESSION_METHODS = ['password', 'sso', 'passkey', 'second_factor', 'signup', 'invite', 'reset'] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];

export const SESSION_METHOD_LABELS: Record<SessionMethod, string> = {
  password: 'Password',
  sso: 'Single sign-on',
  passkey: 'Passkey',
  second_factor: 'Password and two-factor code',
  signup: 'Signed up',
  invite: 'Accepted an invitation',
  reset: 'Password reset',
};

export type DeviceKind = 'phone' | 'tablet' | 'computer' | 'unknown';

/** A session's device as its owner reads it. */
export type SessionDevice = { description: string; kind: DeviceKind };

/** A session as GET /api/users/me/sessions lists it. Times are ISO. */
export type SessionView = {
  /**
   * The session's stored key (the SHA-256 of its cookie's id, 64 hex characters): names it for
   * DELETE /api/users/me/sessions/:id. Never the cookie's value, which cannot be worked back from it.
   */
  id: string;
  device: SessionDevice;
  /** Null for a session made before sessions recorded how they began. */
  method: SessionMethod | null;
  createdAt: string;
  /** When it was last used, to the hour (the server writes it at most hourly). */
  lastSeenAt: string;
  /** The session of the request that asked: this device. */
  current: boolean;
};

/** DELETE /api/users/me/sessions: how many other sessions ended. */
export type SignedOutSessions = { signedOut: number };

/** What a session id looks like (a SHA-256 in hex); anything else is simply not found. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{64}$/;

export const UNKNOWN_DEVICE = 'Unknown device';

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOPiOS\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\/|\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\bWindows\b/, 'Windows'],
  [/\biPad\b/, 'iPadOS'],
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const match = (rules: ReadonlyArray<[RegExp, string]>, text: string) => rules.find(([pattern]) => pattern.test(text))?.[1];

function deviceKind(userAgent: string, system: string | undefined): DeviceKind {
  if (/\biPad\b|\bTablet\b/.test(userAgent) || (system === 'Android' && !/\bMobile\b/.test(userAgent))) return 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b/.test(userAgent)) return 'phone';
  if (system === 'Windows' || system === 'macOS' || system === 'Linux' || system === 'ChromeOS') return 'computer';
  return 'unknown';
}

/** "Chrome on Android", "Safari on iOS", "Firefox" (no OS named), "Windows" (no browser), or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): SessionDevice {
  const text = userAgent?.trim() ?? '';
  if (!text) return { description: UNKNOWN_DEVICE, kind: 'unknown' };
  const browser = match(BROWSERS, text);
  const system = match(SYSTEMS, text);
  const description = browser && system ? `${browser} on ${system}` : (browser ?? system ?? UNKNOWN_DEVICE);
  return { description, kind: deviceKind(text, system) };
}
