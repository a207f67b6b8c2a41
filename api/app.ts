// The HTTP API: middleware, one router per resource at its prefix, and the one error handler.
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { sql } from 'drizzle-orm';
import type { ApiErrorBody } from '../shared/errors.ts';
import { apiKeysRoutes } from './api-keys/api-keys.routes.ts';
import { acknowledgementRoutes } from './acknowledgements/acknowledgements.routes.ts';
import { accountRoutes, authRoutes } from './auth/auth.routes.ts';
import { loadUser } from './auth/sessions.ts';
import { companyRoutes } from './company/company.routes.ts';
import { isUnstorableText, rows, uniqueViolation } from './db/client.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { rememberWritingClient } from './events/origin.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { alreadyExists, AppError, emailTaken } from './lib/app-error.ts';
import type { AppDeps, AppEnv } from './lib/env.ts';
import { compressAnswers } from './middleware/compression.ts';
import { isSafeMethod, refuseUnstorableText, requireSameOrigin, securityHeaders, unstorableText } from './middleware/security.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { myTasksRoutes } from './my-tasks/my-tasks.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { plansRoutes, tasksRoutes } from './onboarding/onboarding.routes.ts';
import { planTasksRoutes } from './onboarding/plan-tasks.routes.ts';
import { peopleRoutes, plansExportRoutes } from './people-import/people-import.routes.ts';
import { passkeySignInRoutes, passkeysRoutes } from './passkeys/passkeys.routes.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { responsesRoutes } from './responses/responses.routes.ts';
import { sessionsRoutes } from './sessions/sessions.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { ssoAuthRoutes, ssoRoutes } from './sso/sso.routes.ts';
import { statsRoutes } from './stats/stats.routes.ts';
import { paymentsRoutes, subscriptionRoutes } from './subscriptions/subscriptions.routes.ts';
import { syncRoutes } from './sync/sync.routes.ts';
import { teamRoutes } from './team/team.routes.ts';
import { templatesRoutes } from './templates/templates.routes.ts';
import { companySecondFactorRoutes, secondFactorSignInRoutes, twoFactorRoutes } from './two-factor/two-factor.routes.ts';
import { isFileUpload, uploadsRoutes } from './uploads/uploads.routes.ts';
import { webhooksRoutes } from './webhooks/webhooks.routes.ts';

const MAX_BODY_BYTES = 1024 * 1024;
const countBody = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: () => {
    throw new AppError(413, 'Request body is too large.');
  },
});

/**
 * Bodies over MAX_BODY_BYTES answer 413. bodyLimit looks at the body before its Content-Length, which
 * has @hono/node-server build a whole web Request (headers, AbortSignal, stream) for each request
 * (issue 20). A declared length is checked here instead (Node reads no more than it declares); a read
 * has no body to count; a file's is counted by its route, up to UPLOAD_LIMITS.maxBytes (api/uploads/uploads.routes.ts).
 */
const limitBody: MiddlewareHandler<AppEnv> = (c, next) => {
  if (isSafeMethod(c.req.method) || isFileUpload(c.req.method, c.req.path)) return next();
  const declared = c.req.header('transfer-encoding') === undefined ? c.req.header('content-length') : undefined;
  return declared !== undefined && Number(declared) <= MAX_BODY_BYTES ? next() : countBody(c, next);
};

/** Every /api route, chained so that their types make AppType (Hono's "Grouping routes for RPC"). */
function apiRoutes() {
  return (
    new Hono<AppEnv>()
      .basePath('/api')
      .use(
        async (c, next) => {
          await next();
          // Nothing of the API is stored by a cache; a file download keeps its own 'private, no-store', and the
          // API reference's versioned scripts their 'immutable' (api/openapi/openapi.routes.ts). Set on the
          // answer's headers: c.header() on a finished answer would rebuild it as a web Response, whose body
          // @hono/node-server then streams out, over more than one turn of the event loop (issue 20).
          const headers = c.res.headers;
          if (!/no-store|immutable/.test(headers.get('Cache-Control') ?? '')) headers.set('Cache-Control', 'no-store');
        },
        limitBody,
        requireSameOrigin,
        refuseUnstorableText(isFileUpload),
        loadUser,
        rememberWritingClient,
      )
      .get('/health', async (c) => {
        await rows(c.var.deps.db, sql`SELECT 1`);
        return c.json({ status: 'ok', time: new Date().toISOString() });
      })
      .route('/auth/sso', ssoAuthRoutes)
      .route('/auth', authRoutes)
      .route('/auth/second-factor', secondFactorSignInRoutes)
      .route('/auth/passkey', passkeySignInRoutes)
      // Before /users: there 'me' would be read as a team member's id.
      .route('/users/me/passkeys', passkeysRoutes)
      .route('/users/me/sessions', sessionsRoutes)
      .route('/users/me/two-factor', twoFactorRoutes)
      .route('/users/me', accountRoutes)
      .route('/users', teamRoutes)
      .route('/templates', templatesRoutes)
      .route('/people', peopleRoutes)
      // Before plansRoutes: there 'export.csv' would be read as a plan's id.
      .route('/onboarding-plans', plansExportRoutes)
      .route('/onboarding-plans', plansRoutes)
      .route('/onboarding-plans', planTasksRoutes)
      .route('/onboarding-tasks', tasksRoutes)
      .route('/my-tasks', myTasksRoutes)
      .route('/messages', messagesRoutes)
      .route('/company/second-factor', companySecondFactorRoutes)
      .route('/company', companyRoutes)
      .route('/jobs', jobsRoutes)
      .route('/companies', statsRoutes)
      .route('/payments', paymentsRoutes)
      .route('/subscription', subscriptionRoutes)
      .route('/sync', syncRoutes)
      .route('/events', eventsRoutes)
      .route('/public-config', siteRoutes)
      .route('/push', pushRoutes)
      .route('/notifications', notificationsRoutes)
      .route('/', uploadsRoutes)
      .route('/tasks', acknowledgementRoutes)
      .route('/', responsesRoutes)
      .route('/webhooks', webhooksRoutes)
      .route('/api-keys', apiKeysRoutes)
      .route('/sso', ssoRoutes)
  );
}

/** The API's routes and their types, for the typed client: `hc<AppType>('/')` (app/lib/api-client.ts). */
export type AppType = ReturnType<typeof apiRoutes>;

/** Every error becomes the one JSON shape (DESIGN.md section 4) here, and only here. */
function errorResponse(error: Error, c: Context<AppEnv>) {
  const known = knownError(error);
  if (!known) console.error(error);
  const { status, code, message, issues, headers, currentVersion } = known ?? new AppError(500, 'Something went wrong. Please try again.');
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  return c.json<ApiErrorBody>({ code, message, ...(issues ? { issues } : {}), ...(currentVersion !== undefined ? { currentVersion } : {}) }, status);
}

/** The error as an AppError, or undefined when it is a bug (a 500 whose details stay in the log). */
function knownError(error: Error): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof HTTPException) {
    // Hono's own 4xx (malformed JSON and the like): keep the status, never the raw response.
    if (error.status >= 500) return undefined;
    return new AppError(error.status, error.message || 'Bad request');
  }
  if (isUnstorableText(error)) return unstorableText();
  // Two requests racing to create the same thing: the database's unique index decides, the loser gets 409.
  const duplicate = uniqueViolation(error);
  if (duplicate) return duplicate.index.includes('users_email') ? emailTaken() : alreadyExists();
  return undefined;
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(securityHeaders(deps.config.hsts));
  app.use(compressAnswers);

  const api = apiRoutes();
  // After every other route, so the OpenAPI document lists them all (its own two included).
  api.route(
    '/',
    openApiRoutes(() => api.routes),
  );
  // Registered last, so it answers only what no route did; kept out of AppType.
  api.all('*', (c) => {
    throw new AppError(404, `No API route for ${c.req.method} ${c.req.path}`);
  });
  app.route('/', api);
  app.onError(errorResponse);

  return app;
}

export type App = ReturnType<typeof createApp>;
