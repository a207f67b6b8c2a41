// PayHere's Subscription Manager API (https://support.payhere.lk/api-&-mobile-sdk/subscription-manager-api):
// cancelling a subscription there is what stops PayHere charging the card again. In simulator mode an
// in-process stand-in takes the call and records it.
import type { Config } from '../config.ts';

export type SubscriptionManager = {
  /** Stops PayHere's recurring billing of `payhereSubscriptionId`; throws a PayhereRefusal when PayHere did not confirm it. */
  cancel(payhereSubscriptionId: string): Promise<void>;
};

/** PayHere did not confirm a request: it refused, could not be reached, or answered something else. */
export class PayhereRefusal extends Error {}

export const PAYHERE_API_HOSTS = {
  sandbox: 'https://sandbox.payhere.lk',
  live: 'https://www.payhere.lk',
} as const;

/** Long enough for a slow PayHere, short enough that the admin's request does not hang. */
const REQUEST_TIMEOUT_MS = 15_000;

export type PayhereApiOptions = {
  host: string;
  appId: string;
  appSecret: string;
  /** Tests pass their own; the default is the global fetch, looked up per call. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** PayHere's `msg`, when its answer has one (quoted, and cut short: it goes into logs). */
function payhereMessage(body: unknown): string {
  const msg = (body as { msg?: unknown } | undefined)?.msg;
  return typeof msg === 'string' && msg ? `: ${JSON.stringify(msg.slice(0, 200))}` : '';
}

/** The API itself: an OAuth token from the app's key (client credentials), then the cancel with it. */
export function payhereSubscriptionManager(options: PayhereApiOptions): SubscriptionManager {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function post(path: string, headers: Record<string, string>, body: string): Promise<unknown> {
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${options.host}${path}`, {
        method: 'POST',
        headers: { Accept: 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PayhereRefusal(`PayHere could not be reached (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new PayhereRefusal(`PayHere answered HTTP ${response.status} to ${path}${payhereMessage(answer)}`);
    return answer;
  }

  return {
    async cancel(payhereSubscriptionId) {
      const basic = Buffer.from(`${options.appId}:${options.appSecret}`, 'utf8').toString('base64');
      const token = await post(
        '/merchant/v1/oauth/token',
        {
          Authorization: `Basic ${basic}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        'grant_type=client_credentials',
      );
      const accessToken = (token as { access_token?: unknown } | undefined)?.access_token;
      if (typeof accessToken !== 'string' || !accessToken) throw new PayhereRefusal('PayHere gave no access token');
      // PayHere's ids are numbers in its JSON; written out digit for digit, as they may pass 2^53.
      const body = /^\d+$/.test(payhereSubscriptionId) ? `{"subscription_id":${payhereSubscriptionId}}` : JSON.stringify({ subscription_id: payhereSubscriptionId });
      const result = await post(
        '/merchant/v1/subscription/cancel',
        {
          Authorization: `Bearer ${accessToken}`,
          'Content-Type': 'application/json',
        },
        body,
      );
      // A refusal is an HTTP 200 too: only status 1 says the subscription is cancelled.
      const status = (result as { status?: unknown } | undefined)?.status;
      if (Number(status) !== 1) throw new PayhereRefusal(`PayHere refused the cancel (status ${JSON.stringify(status ?? null)})${payhereMessage(result)}`);
    },
  };
}

/** PAYHERE_MODE=simulator: PayHere is not called; each cancel it was asked for is recorded, in order. */
export class SimulatedSubscriptionManager implements SubscriptionManager {
  readonly cancelled: string[] = [];

  async cancel(payhereSubscriptionId: string): Promise<void> {
    this.cancelled.push(payhereSubscriptionId);
  }
}

/** Live or sandbox without an API key (only possible with no merchant either: config.ts refuses the rest). */
const unconfigured: SubscriptionManager = {
  async cancel() {
    throw new PayhereRefusal("PayHere's Subscription Manager API key (PAYHERE_APP_ID, PAYHERE_APP_SECRET) is not configured");
  },
};

export function createSubscriptionManager(payhere: Config['payhere']): SubscriptionManager {
  if (payhere.mode === 'simulator') return new SimulatedSubscriptionManager();
  if (!payhere.appId || !payhere.appSecret) return unconfigured;
  return payhereSubscriptionManager({
    host: PAYHERE_API_HOSTS[payhere.mode],
    appId: payhere.appId,
    appSecret: payhere.appSecret,
  });
}

/** One per server (its config): the simulator's record lasts as long as the server. */
const managers = new WeakMap<Config, SubscriptionManager>();

/** The Subscription Manager of the server running with `config`. */
export function subscriptionManagerFor(config: Config): SubscriptionManager {
  let manager = managers.get(config);
  if (!manager) {
    manager = createSubscriptionManager(config.payhere);
    managers.set(config, manager);
  }
  return manager;
}

/** Replaces the server's Subscription Manager (tests: a PayHere that refuses, or one over a fake fetch). */
export function setSubscriptionManager(config: Config, manager: SubscriptionManager): void {
  managers.set(config, manager);
}
