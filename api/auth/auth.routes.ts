import { Hono } from 'hono';
import type { AppEnv } from '../lib/env.ts';

export const authRoutes = new Hono<AppEnv>();
