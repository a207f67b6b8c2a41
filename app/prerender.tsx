// Build-time rendering of the public pages, run in Node by the kickoff:prerender plugin (vite.config.ts)
// after the browser build. The site pages are HTML whose islands app/site.tsx hydrates. The app's own
// signed-out screens (sign-in, sign-up, forgot password) render through the router, and the new hire's
// dashboard as it first draws, for a stand-in new hire; main.tsx replaces that HTML with the same screen
// in one commit once the app has loaded.
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterContextProvider, RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { SessionUser } from '../shared/auth.ts';
import { NEW_HIRE_PAGE_PATH, STAND_IN_PERSON } from '../shared/signed-in-page.ts';
import { ISLANDS, islandsIn } from './features/site/islands.tsx';
import { SITE_PAGES } from './features/site/site-pages.tsx';
import type { DocumentMeta } from './features/site/use-document-meta.ts';
import { WelcomeLoading } from './features/onboarding/welcome-card.tsx';
import { queryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';
import { AppShell } from './routes/-components/app-shell.tsx';

export const SITE_PATHS = Object.keys(SITE_PAGES);
export const APP_PATHS = ['/login', '/signup', '/forgot-password'];

async function toHtml(tree: ReactNode): Promise<string> {
  const { prelude } = await prerender(tree);
  return new Response(prelude).text();
}

/** The page's HTML, its title and description, and the modules of its islands (app/-relative). */
export async function renderSitePage(path: string): Promise<{ html: string; meta: DocumentMeta; modules: string[] }> {
  const loadPage = SITE_PAGES[path];
  if (!loadPage) throw new Error(`${path} is not a site page`);
  const { Component, meta } = await loadPage();
  const html = await toHtml(
    <StrictMode>
      <Component />
    </StrictMode>,
  );
  return { html, meta, modules: [...new Set(islandsIn(html).map((name) => ISLANDS[name].module))] };
}

/** Stands in for the signed-in new hire (shared/signed-in-page.ts); the server puts theirs in its place. */
const STAND_IN_USER: SessionUser = {
  id: 'stand-in',
  email: STAND_IN_PERSON.email,
  fullName: STAND_IN_PERSON.fullName,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: 'new_hire',
  companyId: 'stand-in',
  managerId: null,
  isEmailVerified: true,
  accountType: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  company: { id: 'stand-in', name: STAND_IN_PERSON.companyName, planType: 'growth' },
};

/**
 * The new hire's dashboard as it first draws, for the stand-in new hire: the signed-in frame
 * (routes/_app.tsx) around the dashboard's loading state (features/onboarding/new-hire-dashboard.tsx),
 * rendered directly rather than through the routes, whose beforeLoad and sync engine need a browser.
 * renderToString, not prerender: what loads lazily in the frame (the sync status, the My tasks count)
 * shows its fallback, as the app's first draw does before those chunks have run.
 */
export function renderNewHirePage(): string {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [NEW_HIRE_PAGE_PATH] }));
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterContextProvider router={router}>
          <AppShell user={STAND_IN_USER}>
            <WelcomeLoading user={STAND_IN_USER} />
          </AppShell>
        </RouterContextProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

export async function renderAppPage(path: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  return toHtml(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
