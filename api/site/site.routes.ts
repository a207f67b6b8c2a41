// Public, unauthenticated configuration for the landing page and support button (DESIGN.md section 3).
import { Hono } from 'hono';
import type { PublicConfig } from '../../shared/site.ts';
import { phoneDigits } from '../../shared/site.ts';
import type { AppEnv } from '../lib/env.ts';

/** Mounted at /api/public-config. */
export const siteRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { config } = c.var.deps;
  return c.json<PublicConfig>({
    supportEmail: config.supportEmail,
    supportWhatsapp: phoneDigits(config.supportWhatsapp),
    payhereMode: config.payhere.mode,
  });
});
