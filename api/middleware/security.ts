// Same-origin check for unsafe methods and the security headers of DESIGN.md section 5.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_CODE } from '../../shared/errors.ts';
import { carriesApiKey } from '../api-keys/api-key-auth.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A read: it changes nothing and carries no body. */
export const isSafeMethod = (method: string) => SAFE_METHODS.has(method);
/**
 * PayHere's server posts to the first, verified by its signature instead; mail clients post the
 * one-click unsubscribe (RFC 8058) from their own servers, and its signed token is the authority.
 */
const ORIGIN_EXEMPT = new Set(['/api/payments/notify', '/api/notifications/unsubscribe']);

/**
 * hono/csrf skips JSON bodies, so every unsafe request is checked here whatever its type. A request with an
 * API key is not a browser's (none adds the header by itself) and is authenticated by the key alone.
 */
export const requireSameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isSafeMethod(c.req.method) && !ORIGIN_EXEMPT.has(c.req.path) && !carriesApiKey(c)) {
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbidden('Cross-site request refused.');
    if (origin && origin !== new URL(c.req.url).origin && origin !== c.var.deps.config.appUrl) {
      throw forbidden('Cross-site request refused.');
    }
  }
  await next();
};

const UNSTORABLE_TEXT = 'Text must be valid Unicode without NUL characters.';

/** The one answer to text no engine stores, from this check or (app.onError) from the engine itself. */
export const unstorableText = () => new AppError(400, UNSTORABLE_TEXT, { code: ERROR_CODE.unstorableText });

/**
 * Text no engine stores as sent: PostgreSQL refuses the NUL character (SQLite keeps it) and a lone
 * UTF-16 surrogate in JSON (the drivers turn it into U+FFFD elsewhere). With the `u` flag a well-formed
 * surrogate pair is one code point, so \p{Cs} matches only a lone half.
 */
function unstorable(text: string): boolean {
  return text.includes('\0') || /\p{Cs}/u.test(text);
}

/**
 * Both engines refuse unstorable text at the edge, in the URL and in JSON bodies, the same way, before
 * any query runs. (Other bodies reach a query only through PayHere's notify; app.onError answers the
 * engine's refusal there.) `fileBody`: the request's body is a file's bytes (an upload), never stored as
 * text and read by its route under its own size limit, so only its URL is checked here.
 */
export function refuseUnstorableText(isFileBody: (method: string, path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let target = url.pathname + url.search;
    try {
      target = decodeURIComponent(target);
    } catch {
      // A malformed escape is the router's business (it answers 404).
    }
    if (unstorable(target)) throw unstorableText();
    if (!isSafeMethod(c.req.method) && !isFileBody(c.req.method, c.req.path) && c.req.header('content-type')?.includes('json')) {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        body = undefined; // malformed JSON: the route's validator answers it
      }
      if (containsUnstorable(body)) throw unstorableText();
    }
    await next();
  };
}

/** Walks the parsed body without recursion: a body nested 100,000 levels deep must not overflow the stack. */
function containsUnstorable(root: unknown): boolean {
  const pending = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (unstorable(value)) return true;
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (unstorable(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** `hsts` is config.hsts: on when deployed (production or beyond loopback) unless ALLOW_INSECURE_HTTP. */
export function securityHeaders(hsts: boolean): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    // A route's own header wins: a file download sends a stricter, sandboxing CSP (api/uploads/uploads.routes.ts),
    // and the API reference page one with a nonce for its start-up script (api/openapi/openapi.routes.ts).
    overwrite: false,
    strictTransportSecurity: hsts ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://www.payhere.lk', 'https://sandbox.payhere.lk'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      mediaSrc: ["'self'"],
      connectSrc: ["'self'", 'https://www.payhere.lk', 'https://sandbox.payhere.lk'],
      frameSrc: [
        'https://www.youtube-nocookie.com',
        'https://www.youtube.com',
        'https://player.vimeo.com',
        'https://www.loom.com',
        'https://www.payhere.lk',
        'https://sandbox.payhere.lk',
      ],
      formAction: ["'self'", 'https://www.payhere.lk', 'https://sandbox.payhere.lk'],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
    },
  });
}
