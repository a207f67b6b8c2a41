// Build-time rendering of the public pages, run in Node by the kickoff:prerender plugin (vite.config.ts)
// after the browser build. The site pages are HTML whose islands app/site.tsx hydrates. The app's own
// signed-out screens (sign-in, sign-up, forgot password) render through the router; main.tsx replaces
// that HTML with the same screen in one commit once the app has loaded.
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { ISLANDS, islandsIn } from './features/site/islands.tsx';
import { SITE_PAGES } from './features/site/site-pages.tsx';
import type { DocumentMeta } from './features/site/use-document-meta.ts';
import { queryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';

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
