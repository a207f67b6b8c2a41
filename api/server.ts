// The production process: config, database, API and the built PWA on one port, with graceful shutdown.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createApp } from './app.ts';
import { purgeExpiredSessions } from './auth/sessions.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { createMailer } from './mail/mailer.ts';
import { purgeExpiredRateLimits } from './middleware/rate-limit.ts';

async function start() {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const { db } = database;
  const mailer = createMailer(config);
  const app = createApp({ db, config, mailer });

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
  // `precompressed`: the build writes .br/.gz beside each asset (vite.config.ts); sent when accepted.
  app.use('*', serveStatic({ root: config.staticDir, precompressed: true }));
  // SPA fallback: any page path without a file extension gets index.html; missing assets stay 404.
  app.get('*', (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path) || !existsSync(indexPath)) return c.text('Not found', 404);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexPath, 'utf8'));
  });

  // Expired sessions and rate-limit windows count for nothing (every read checks expiry), but rows
  // nobody presents again would stay forever: sweep them at start and hourly.
  const sweep = () => Promise.all([purgeExpiredSessions(db), purgeExpiredRateLimits(db)]);
  await sweep();
  setInterval(() => sweep().catch((error: unknown) => console.error('Sweep of expired rows failed:', error)), 60 * 60 * 1000).unref();

  // Instances starting together on one PostgreSQL database take turns, so only the first one seeds.
  const seeded = config.seedDemo ? await database.engine.exclusively('seed', () => seedDemo(db)) : undefined;
  if (seeded) {
    console.log('Demo company created. Sign in with any of these (password for all: ' + seeded.password + '):');
    for (const person of seeded.people) console.log(`  ${person.role.padEnd(9)} ${person.email}`);
  }

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(`Kickoff is running at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and closing the database.`);
    const closeAndExit = () => void database.close().finally(() => process.exit(0));
    server.close(closeAndExit);
    setTimeout(closeAndExit, 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
