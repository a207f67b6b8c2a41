// The HTTP API: middleware, one router per feature, and the one error handler.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'drizzle-orm';
import { ALREADY_EXISTS, type ApiErrorBody } from '../shared/errors.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { isUnstorableText, rows, uniqueViolation } from './db/client.ts';
import { AppError } from './lib/app-error.ts';
import type { AppDeps, AppEnv } from './lib/env.ts';
import { loadUser } from './middleware/auth.ts';
import { refuseUnstorableText, requireSameOrigin, securityHeaders, UNSTORABLE_TEXT } from './middleware/security.ts';
import { siteRoutes } from './site/site.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { onboardingRoutes } from './onboarding/onboarding.routes.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.ts';
import { syncRoutes } from './sync/sync.routes.ts';
import { templatesRoutes } from './templates/templates.routes.ts';
import { teamRoutes } from './team/team.routes.ts';

const MAX_BODY_BYTES = 1024 * 1024;

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders(deps.config.hsts));

  const api = new Hono<AppEnv>();
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  api.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => { throw new AppError(413, 'Request body is too large.'); } }));
  api.use('*', requireSameOrigin);
  api.use('*', refuseUnstorableText);
  api.use('*', loadUser);

  api.get('/health', async (c) => {
    await rows(deps.db, sql`SELECT 1`);
    return c.json({ status: 'ok', time: new Date().toISOString() });
  });
  api.route('/', authRoutes);
  api.route('/', teamRoutes);
  api.route('/', templatesRoutes);
  api.route('/', onboardingRoutes);
  api.route('/', messagesRoutes);
  api.route('/', statsRoutes);
  api.route('/', subscriptionsRoutes);
  api.route('/', syncRoutes);
  api.route('/', siteRoutes);
  api.all('*', (c) => c.json<ApiErrorBody>({ message: `No API route for ${c.req.method} ${c.req.path}` }, 404));

  app.route('/api', api);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json<ApiErrorBody>(
        error.issues ? { message: error.message, issues: error.issues } : { message: error.message },
        error.status,
      );
    }
    if (error instanceof HTTPException) {
      // Hono's own 4xx (malformed JSON and the like): keep the status, never the raw response.
      const status = error.status >= 500 ? 500 : error.status;
      return c.json<ApiErrorBody>({ message: status === 500 ? 'Something went wrong.' : error.message || 'Bad request' }, status);
    }
    if (isUnstorableText(error)) return c.json<ApiErrorBody>({ message: UNSTORABLE_TEXT }, 400);
    // Two requests racing to create the same thing: the database's unique index decides, the loser gets 409.
    const duplicate = uniqueViolation(error);
    if (duplicate) {
      const message = duplicate.index.includes('users_email') ? `A user with this email ${ALREADY_EXISTS}.` : `This record ${ALREADY_EXISTS}.`;
      return c.json<ApiErrorBody>({ message }, 409);
    }
    console.error(error);
    return c.json<ApiErrorBody>({ message: 'Something went wrong. Please try again.' }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
