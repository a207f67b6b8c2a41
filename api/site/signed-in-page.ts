// GET /new-hire-dashboard for its new hire, before any script has run (issue 20): the dashboard's frame
// and loading state prerendered at build time (vite.config.ts, kickoff:prerender), with the person's
// name, email and company in place of the stand-ins (shared/signed-in-page.ts). Their greeting, the
// page's largest text, then paints with the HTML instead of after the app's code and first pull.
// Anyone else (signed out, staff, a session owing a second factor) gets what the path gave before.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { fillSignedInPage, NEW_HIRE_PAGE_FILE } from '../../shared/signed-in-page.ts';
import { getSessionId, readSession } from '../auth/sessions.ts';
import { first } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import type { AppEnv } from '../lib/env.ts';

export function newHirePage(staticDir: string): MiddlewareHandler<AppEnv> {
  const file = resolve(staticDir, NEW_HIRE_PAGE_FILE);
  return async (c, next) => {
    const sid = getSessionId(c);
    // Read on each request, as the SPA fallback reads index.html: a build while the server runs replaces
    // the assets the page names.
    if (!sid || !existsSync(file)) return next();
    const { db } = c.var.deps;
    const session = await readSession(db, sid);
    if (!session || session.user.role !== 'new_hire' || session.secondFactorMissing) return next();
    const company = await first(db.select({ name: companies.name }).from(companies).where(eq(companies.id, session.user.companyId)));
    if (!company) return next();
    // Someone's own page: no shared cache may keep it, and the browser asks again each time.
    c.header('Cache-Control', 'private, no-cache');
    c.header('Vary', 'Cookie', { append: true });
    return c.html(fillSignedInPage(readFileSync(file, 'utf8'), { fullName: session.user.fullName, email: session.user.email, companyName: company.name }));
  };
}
