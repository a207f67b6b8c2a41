// GET /api/openapi.json (the document, made once from the app's routes) and GET /api/docs, Scalar's API
// reference, whose script is served from our own origin so that the page works offline and its CSP stays strict.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Scalar } from '@scalar/hono-api-reference';
import { type Context, Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { notFound } from '../lib/app-error.ts';
import type { AppEnv } from '../lib/env.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';

export const OPENAPI_PATH = '/api/openapi.json';
/** @scalar/api-reference's browser build: an entry module and its chunks, served under the package's version. */
const SCALAR_PACKAGE = join(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')), '..');
export const SCALAR_BUILD = {
  dir: join(SCALAR_PACKAGE, 'dist', 'browser'),
  version: (JSON.parse(readFileSync(join(SCALAR_PACKAGE, 'package.json'), 'utf8')) as { version: string }).version,
};

/**
 * The reference page's own policy (the app-wide one, api/middleware/security.ts, leaves a route's header
 * alone): scripts only from this origin plus the one inline module start-up with this response's nonce.
 * Styles stay 'unsafe-inline' as everywhere: the reference sets style attributes, which a nonce cannot allow.
 */
const docsPolicy = (nonce: string, appUrl: string) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // Its "Test request" calls the API at the document's server, APP_URL, which a proxy may put on another origin.
    `connect-src 'self' ${new URL(appUrl).origin}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** A file of the browser build; the version in its path changes with the package, so it is cached for good. */
async function script(c: Context<AppEnv>, file: string) {
  if (c.req.param('version') !== SCALAR_BUILD.version) throw notFound('File');
  const bytes = await readFile(join(SCALAR_BUILD.dir, file)).catch(() => {
    throw notFound('File');
  });
  return c.body(bytes, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' });
}

/** `routes`: the app's routes once all are registered (app.ts mounts this last, before the 404 catch-all). */
export function openApiRoutes(routes: () => readonly RouterRoute[]) {
  let document: OpenApiDocument | undefined;
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json((document ??= buildOpenApiDocument(routes(), { serverUrl: c.var.deps.config.appUrl }))))

    .get('/docs', (c, next) => {
      const nonce = randomBytes(16).toString('base64');
      c.header('Content-Security-Policy', docsPolicy(nonce, c.var.deps.config.appUrl));
      return Scalar<AppEnv>({
        url: OPENAPI_PATH,
        pageTitle: 'Kickoff API reference',
        bundle: `/api/docs/assets/${SCALAR_BUILD.version}/standalone.esm.js`,
        nonce,
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        showDeveloperTools: 'never',
      })(c, next);
    })

    .get('/docs/assets/:version/standalone.esm.js', (c) => script(c, 'standalone.esm.js'))
    .get('/docs/assets/:version/chunks/:file{[A-Za-z0-9_.-]+\\.js}', (c) => script(c, join('chunks', c.req.param('file'))));
}
