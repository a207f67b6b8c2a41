// A real OpenID Connect provider for the tests (issue 24): oidc-provider on a loopback port, with its
// development login form (any login and password; the login is the account id, and the account's email
// unless the test says otherwise), consent granted by itself like a company's own apps, and a driver that
// signs in through it with fetch, following each redirect by hand. Used by api/sso/sso.test.ts and
// e2e/sso.spec.ts (where a browser fills the same form).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TestClient = { client_id: string; client_secret: string; redirect_uris: string[] };
/** What the provider says about an account; by default its email is its id and verified. */
export type TestAccount = { email?: string | null; email_verified?: boolean; name?: string };

type ProviderInstance = {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  Grant: new (options: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  };
};
type ProviderModule = { default: new (issuer: string, configuration: Record<string, unknown>) => ProviderInstance };

export type TestProvider = {
  issuer: string;
  /** The accounts the provider describes differently from the default (unverified, another email...). */
  accounts: Map<string, TestAccount>;
  /** When set, the token endpoint answers this instead (an ID token made for another client, say). */
  setTokenAnswer(body: Record<string, unknown> | null): void;
  close(): Promise<void>;
};

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function startOidcProvider(options: { clients: TestClient[]; port?: number }): Promise<TestProvider> {
  // No types ship with oidc-provider; the specifier in a variable keeps the import untyped (ProviderModule).
  const moduleName = 'oidc-provider';
  const { default: Provider } = (await import(moduleName)) as ProviderModule;
  const accounts = new Map<string, TestAccount>();
  let tokenAnswer: Record<string, unknown> | null = null;
  // Filled once the provider exists, which needs the port the server got.
  const routes: { provider?: (req: IncomingMessage, res: ServerResponse) => void } = {};
  const server = createServer((req, res) => {
    if (tokenAnswer && req.method === 'POST' && req.url?.startsWith('/token')) {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(tokenAnswer));
      return;
    }
    routes.provider?.(req, res);
  });
  const port = await listen(server, options.port ?? 0);
  const issuer = `http://127.0.0.1:${port}`;

  const provider = new Provider(issuer, {
    clients: options.clients.map((client) => ({ ...client, grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' })),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    cookies: { keys: ['kickoff-test-provider-cookie-key'] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => {
        const account = accounts.get(id) ?? {};
        const email = account.email === undefined ? id : account.email;
        return { sub: id, ...(email ? { email } : {}), email_verified: account.email_verified ?? true, name: account.name ?? `Person ${id.split('@')[0]}` };
      },
    }),
    // Consent is taken as given, as for a company's own apps: only the login form is shown.
    loadExistingGrant: async (ctx: { oidc: { client: { clientId: string }; session: { accountId: string } } }) => {
      const grant = new provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });
  routes.provider = provider.callback();

  return {
    issuer,
    accounts,
    setTokenAnswer: (body) => {
      tokenAnswer = body;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A discovery document at its own address that names itself the issuer but sends everything else to the
 * real provider: an ID token from there then carries another issuer than the one configured.
 */
export async function startIssuerImpostor(real: TestProvider): Promise<{ issuer: string; close(): Promise<void> }> {
  const document = (await (await fetch(`${real.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
  const server = createServer((req, res) => {
    // Under any path, so an issuer of `${impostor}/tenant` finds a document naming another issuer.
    if (!req.url?.endsWith('/.well-known/openid-configuration')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    // Without the RFC 9207 `iss` parameter, so the ID token's own `iss` is what a client must check.
    res.end(JSON.stringify({ ...document, issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, authorization_response_iss_parameter_supported: false }));
  });
  const port = await listen(server, 0);
  return {
    issuer: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A minimal cookie jar for one browser at the provider. */
class CookieJar {
  private cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in at the provider as `login` through its login form, from the authorization URL to the redirect
 * back to the app, and answers that redirect's URL (with code, state and iss) without following it.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUriPrefix: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.store(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUriPrefix)) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`The provider answered ${response.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`No form at the provider: ${html.slice(0, 500)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('Too many redirects at the provider');
}
