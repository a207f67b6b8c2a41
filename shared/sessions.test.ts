// The user-agent reading behind the active-sessions list, on user agents real browsers send.
import { describe, expect, it } from 'vitest';
import { describeUserAgent, UNKNOWN_DEVICE } from './sessions.ts';

const AGENTS: Array<[string, string, string]> = [
  // [user agent, description, kind]
  ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android', 'phone'],
  ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'Chrome on Android', 'tablet'],
  [
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    'Samsung Internet on Android',
    'phone',
  ],
  ['Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0', 'Firefox on Android', 'phone'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iOS', 'phone'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 'Chrome on iOS', 'phone'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15', 'Firefox on iOS', 'phone'],
  // An installed web app on the home screen has no "Version/… Safari/" in its user agent.
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 'Safari on iOS', 'phone'],
  ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', 'Safari on iPadOS', 'tablet'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on Windows', 'computer'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70', 'Edge on Windows', 'computer'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera on Windows', 'computer'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows', 'computer'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari on macOS', 'computer'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on macOS', 'computer'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36', 'Chrome on Linux', 'computer'],
  ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux', 'computer'],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on ChromeOS', 'computer'],
];

describe('describeUserAgent', () => {
  it.each(AGENTS)('%s', (userAgent, description, kind) => {
    expect(describeUserAgent(userAgent)).toEqual({ description, kind });
  });

  it('names what it can read and says so when it reads nothing', () => {
    expect(describeUserAgent(null)).toEqual({ description: UNKNOWN_DEVICE, kind: 'unknown' });
    expect(describeUserAgent(undefined)).toEqual({ description: UNKNOWN_DEVICE, kind: 'unknown' });
    expect(describeUserAgent('   ')).toEqual({ description: UNKNOWN_DEVICE, kind: 'unknown' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ description: UNKNOWN_DEVICE, kind: 'unknown' });
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0) SomeNewBrowser/1.0')).toEqual({ description: 'Windows', kind: 'computer' });
    expect(describeUserAgent('Firefox/133.0')).toEqual({ description: 'Firefox', kind: 'unknown' });
  });
});
