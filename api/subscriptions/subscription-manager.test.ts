// PayHere's Subscription Manager API as its documentation describes it, over a fake fetch; and the
// configuration it needs.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PAYHERE_APP_REQUIRED_MESSAGE } from '../config.ts';
import { createSubscriptionManager, PAYHERE_API_HOSTS, PayhereRefusal, payhereSubscriptionManager, SimulatedSubscriptionManager } from './subscription-manager.ts';

type Call = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
};

/** A fetch that records each request and answers the next of `answers` (an Error is thrown, as a network failure). */
function fakeFetch(...answers: (Response | Error)[]) {
  const calls: Call[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    calls.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: String(init?.body ?? ''),
    });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
const token = () =>
  json({
    access_token: 'token-123',
    token_type: 'bearer',
    expires_in: 599,
    scope: 'SANDBOX',
  });
const cancelled = () =>
  json({
    status: 1,
    msg: 'Successfully cancelled the subscription',
    data: null,
  });

const key = {
  host: PAYHERE_API_HOSTS.sandbox,
  appId: 'app-id',
  appSecret: 'app-secret',
};

describe('PayHere Subscription Manager API', () => {
  it('takes a token with the app key (client credentials), then cancels with it', async () => {
    const { fetch, calls } = fakeFetch(token(), cancelled());
    await payhereSubscriptionManager({ ...key, fetch }).cancel('420075032251');
    expect(calls).toEqual([
      {
        url: 'https://sandbox.payhere.lk/merchant/v1/oauth/token',
        method: 'POST',
        headers: expect.objectContaining({
          authorization: `Basic ${Buffer.from('app-id:app-secret').toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        }),
        body: 'grant_type=client_credentials',
      },
      {
        url: 'https://sandbox.payhere.lk/merchant/v1/subscription/cancel',
        method: 'POST',
        headers: expect.objectContaining({
          authorization: 'Bearer token-123',
          'content-type': 'application/json',
        }),
        body: '{"subscription_id":420075032251}',
      },
    ]);
    expect(JSON.parse(calls[1]!.body)).toEqual({
      subscription_id: 420075032251,
    });
  });

  it('sends an id beyond 2^53 digit for digit', async () => {
    const { fetch, calls } = fakeFetch(token(), cancelled());
    await payhereSubscriptionManager({ ...key, fetch }).cancel('98765432109876543210');
    expect(calls[1]?.body).toBe('{"subscription_id":98765432109876543210}');
  });

  it('uses the live host in live mode and the sandbox one in sandbox mode', () => {
    expect(PAYHERE_API_HOSTS).toEqual({
      sandbox: 'https://sandbox.payhere.lk',
      live: 'https://www.payhere.lk',
    });
  });

  it.each([
    ['the token is refused', () => [json({ error: 'invalid_client' }, 401)], /HTTP 401 to \/merchant\/v1\/oauth\/token/],
    ['there is no token', () => [json({})], /no access token/],
    ['the cancel is answered with an error status', () => [token(), json({ status: -1, msg: 'Subscription not found' }, 400)], /HTTP 400 .*Subscription not found/],
    ['the cancel is refused in a 200', () => [token(), json({ status: -1, msg: 'Already cancelled' })], /refused the cancel \(status -1\).*Already cancelled/],
    ['the answer is not JSON', () => [token(), new Response('<html>busy</html>', { status: 200 })], /refused the cancel \(status null\)/],
    ['PayHere cannot be reached', () => [new TypeError('fetch failed')], /could not be reached \(fetch failed\)/],
    ['the cancel times out', () => [token(), new DOMException('The operation was aborted due to timeout', 'TimeoutError')], /could not be reached/],
  ])('throws a PayhereRefusal when %s', async (_, answers, message) => {
    const { fetch } = fakeFetch(...answers());
    const cancel = payhereSubscriptionManager({ ...key, fetch }).cancel('420075032251');
    await expect(cancel).rejects.toThrow(PayhereRefusal);
    await expect(cancel).rejects.toThrow(message);
  });
});

describe('which Subscription Manager a server uses', () => {
  it('is the in-process simulator in simulator mode, recording each cancel', async () => {
    const manager = createSubscriptionManager(loadConfig({}).payhere);
    expect(manager).toBeInstanceOf(SimulatedSubscriptionManager);
    await manager.cancel('420075032251');
    expect((manager as SimulatedSubscriptionManager).cancelled).toEqual(['420075032251']);
  });

  it('refuses every cancel in live mode without an API key, saying which variables are missing', async () => {
    const manager = createSubscriptionManager(loadConfig({ PAYHERE_MODE: 'live' }).payhere);
    await expect(manager.cancel('420075032251')).rejects.toThrow(/PAYHERE_APP_ID, PAYHERE_APP_SECRET/);
  });
});

describe('PAYHERE_APP_ID and PAYHERE_APP_SECRET', () => {
  const merchant = {
    PAYHERE_MERCHANT_ID: '1211149',
    PAYHERE_MERCHANT_SECRET: 'secret',
  };
  const appKey = { PAYHERE_APP_ID: 'app-id', PAYHERE_APP_SECRET: 'app-secret' };

  it('are read into the PayHere config', () => {
    expect(loadConfig({ PAYHERE_MODE: 'live', ...merchant, ...appKey }).payhere).toEqual({
      mode: 'live',
      merchantId: '1211149',
      merchantSecret: 'secret',
      appId: 'app-id',
      appSecret: 'app-secret',
    });
  });

  it('are required with a merchant in live and sandbox mode, with one line', () => {
    for (const PAYHERE_MODE of ['live', 'sandbox']) {
      expect(() => loadConfig({ PAYHERE_MODE, ...merchant }), PAYHERE_MODE).toThrow(new ConfigError(PAYHERE_APP_REQUIRED_MESSAGE));
    }
    expect(PAYHERE_APP_REQUIRED_MESSAGE).not.toContain('\n');
  });

  it('are not needed by the simulator, nor before PayHere is configured at all', () => {
    expect(loadConfig({ ...merchant }).payhere.mode).toBe('simulator');
    expect(loadConfig({ PAYHERE_MODE: 'live' }).payhere.appId).toBeUndefined();
  });

  it('go together', () => {
    expect(() => loadConfig({ PAYHERE_APP_ID: 'app-id' })).toThrow('Invalid configuration: PAYHERE_APP_ID and PAYHERE_APP_SECRET go together');
    expect(() => loadConfig({ PAYHERE_APP_SECRET: 'app-secret' })).toThrow(ConfigError);
  });
});
