// The production process: config, database, API and the built PWA on one port, with graceful shutdown.
// `--check` only validates the configuration (npm start runs it before a build) and exits.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { getCookie } from 'hono/cookie';
import { createApp } from './app.ts';
import { sessionCookieName } from './auth/sessions.ts';
import { startChores } from './chores.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createChangeBus } from './events/create-bus.ts';
import { jobHandlers } from './jobs/job-handlers.ts';
import { startJobRunner } from './jobs/runner.ts';
import { DEMO_PASSWORD, randomDemoPassword, seedDemo } from './seed.ts';
import { createMailer } from './mail/mailer.ts';
import { settleBackgroundDeliveries } from './mail/outbox.ts';
import { vapidKeys } from './push/vapid-keys.ts';
import { createFileStorage } from './uploads/file-storage.ts';
import { startWebhookKicks } from './webhooks/delivery.ts';
import { newHirePage } from './site/signed-in-page.ts';
import { NEW_HIRE_PAGE_PATH } from '../shared/signed-in-page.ts';

// A promise nobody awaited failed somewhere (a fire-and-forget write, a library's timer): that request
// or chore is lost, but the others are fine, so log it and keep serving instead of crashing them all.
process.on('unhandledRejection', (reason) => {
  console.error('Unhandled promise rejection (the server keeps serving):', reason);
});

/** Every refusal of the configuration, the mailer's included, comes before the database is touched. */
function configure() {
  const config = loadConfig();
  return { config, mailer: createMailer(config) };
}

async function start() {
  const { config, mailer } = configure();
  const database = await openDatabase(config.database);
  const { db } = database;
  const changes = createChangeBus(config.database, db);
  const app = createApp({ db, config, mailer, changes, files: createFileStorage(config.files) });

  const staticRoot = resolve(config.staticDir);
  const indexPath = resolve(staticRoot, 'index.html');
  if (!existsSync(indexPath)) console.warn(`No built app at ${staticRoot}: run "npm run build". Serving the API only.`);

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    if (path === '/sw.js' || path.endsWith('.webmanifest') || path === '/registerSW.js') c.header('Cache-Control', 'no-cache');
    // Captions (the walkthrough's WebVTT): browsers want text/vtt, which the static server does not know.
    if (path.endsWith('.vtt') && c.res.ok) c.header('Content-Type', 'text/vtt; charset=utf-8');
  });
  // Public pages prerendered at build time (vite.config.ts, kickoff:prerender) go to visitors without a
  // session cookie, so they paint before any script runs; anyone with one gets the app shell below.
  const sessionCookie = sessionCookieName(config.secureCookies);
  const servePrerendered = serveStatic({ root: config.staticDir, precompressed: true, rewriteRequestPath: (path) => `/prerendered${path === '/' ? '/index' : path}.html` });
  app.get(NEW_HIRE_PAGE_PATH, newHirePage(config.staticDir));
  app.get('*', async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || !/^\/[a-z-]*$/.test(path)) return next();
    // Set before the answer is made, so the page (prerendered or the shell) carries them.
    c.header('Vary', 'Cookie', { append: true });
    c.header('Cache-Control', 'no-cache');
    return getCookie(c, sessionCookie) ? next() : servePrerendered(c, next);
  });
  // `precompressed`: the build writes .br/.gz beside each asset (vite.config.ts); sent when accepted.
  app.use('*', serveStatic({ root: config.staticDir, precompressed: true }));
  // SPA fallback: any page path without a file extension gets index.html; missing assets stay 404.
  app.get('*', (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path) || !existsSync(indexPath)) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });

  // Instances starting together on one PostgreSQL database take turns, so only the first one seeds.
  if (config.demoSeed !== 'off') {
    const password = config.demoSeed === 'random-password' ? randomDemoPassword() : DEMO_PASSWORD;
    const seeded = await database.engine.exclusively('seed', () => seedDemo(db, password));
    if (seeded) {
      console.log('Demo company created. Sign in with any of these (password for all: ' + seeded.password + '):');
      for (const person of seeded.people) console.log(`  ${person.role.padEnd(9)} ${person.email}`);
      if (config.demoSeed === 'random-password') console.log('  The password is shown only this once and is stored only as a hash.');
    }
  }

  // Made now, not on the first subscription: every instance then signs with the same pair from the start.
  await vapidKeys(db, config);
  const chores = startChores({ db, config });
  const jobRunner = startJobRunner({ db, handlers: jobHandlers({ config, mailer }) });
  const webhookKicks = startWebhookKicks({ db, config });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`Kickoff is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`);
  });

  let stopping = false;
  let closing: Promise<void> | undefined;
  const closeAndExit = () => {
    // A job still running gets until just before the forced exit below; one cut off is taken over by
    // another instance when its lease runs out. Mails being sent for a request finish (or stay queued).
    closing ??= Promise.all([jobRunner.stop(8_000), webhookKicks.stop(), changes.close(), settleBackgroundDeliveries()])
      .then(() => database.close())
      .catch((error: unknown) => console.error('Closing the database failed:', error))
      .finally(() => process.exit(0));
  };
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and closing the database.`);
    chores.stop();
    void jobRunner.stop(8_000);
    server.close(closeAndExit);
    // Event streams never finish on their own: ended here, so the server can close within moments.
    void changes.close();
    setTimeout(closeAndExit, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

const run = process.argv.includes('--check') ? async () => void configure() : start;
run().catch((error: unknown) => {
  // A configuration refusal is one line; anything else (the database unreachable, say) in full.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
