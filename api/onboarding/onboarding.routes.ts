import { Hono } from 'hono';
import type { AppEnv } from '../lib/env.ts';

export const onboardingRoutes = new Hono<AppEnv>();
