import { Hono } from 'hono';
import type { AppEnv } from '../lib/env.ts';

export const teamRoutes = new Hono<AppEnv>();
