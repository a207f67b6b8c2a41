// The prerendered public pages run React only in their islands: each island's HTML in the page must be
// exactly what the browser hydrates it with, or React throws the page's markup away and draws it again.
import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Island } from './island.tsx';
import { ISLANDS, islandsIn } from './islands.tsx';
import { SITE_PAGES } from './site-pages.tsx';

const pageHtml = async (path: string) => {
  const page = await SITE_PAGES[path]!();
  return renderToString(createElement(StrictMode, null, createElement(page.Component)));
};

describe("the public pages' islands", () => {
  it.each(Object.keys(SITE_PAGES))('%s holds each of its islands as its component draws it', async (path) => {
    const html = await pageHtml(path);
    const names = islandsIn(html);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const Component = await ISLANDS[name].load();
      const drawn = renderToString(createElement(Island, { name, children: createElement(Component) }));
      const count = (text: string) => html.split(text).length - 1;
      expect(count(drawn), name).toBe(count(`data-island="${name}"`));
    }
  });

  it('leaves the landing page plain HTML but for its menu, video, pricing and support address', async () => {
    expect(islandsIn(await pageHtml('/'))).toEqual(['landing-menu', 'walkthrough-video', 'pricing', 'support-email']);
  });
});
