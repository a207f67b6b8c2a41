// Same-origin check for unsafe methods and the security headers of DESIGN.md section 5.
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { forbidden } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** PayHere's server posts here; it is verified by its signature instead. */
const ORIGIN_EXEMPT = new Set(['/api/payments/notify']);

/** hono/csrf skips JSON bodies, so every unsafe request is checked here whatever its type. */
export const requireSameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && !ORIGIN_EXEMPT.has(c.req.path)) {
    const fetchSite = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbidden('Cross-site request refused.');
    if (origin && origin !== new URL(c.req.url).origin && origin !== c.var.deps.config.appUrl) {
      throw forbidden('Cross-site request refused.');
    }
  }
  await next();
};

export function securityHeaders(production: boolean): MiddlewareHandler<AppEnv> {
  return secureHeaders({
    strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
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
