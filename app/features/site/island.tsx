// An island: an interactive part of a prerendered public page. Those pages are HTML that no script draws
// again; app/site.tsx hydrates each island on its own (islands.tsx), so a visit runs React only where
// the page responds. Inside the app, where the same pages render through the router, an island is a
// plain element.
import type { ReactNode } from 'react';
import type { IslandName } from './islands.tsx';

/** `children` must be what ISLANDS[name] draws, and nothing else. `contents`: it adds no box to the layout. */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
