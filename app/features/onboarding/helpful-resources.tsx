// The new hire's Helpful Resources card: the links an admin sets for the company (DESIGN.md section 8).
import { ExternalLink, Link2 } from 'lucide-react';
import { memo } from 'react';
import { safeUrl } from '../../../shared/links.ts';
import type { HelpfulLink } from '../../../shared/sync.ts';
import { PlanViewCard } from './plan-view-card.tsx';

/**
 * Each link through the same safeUrl as a task's: anything but http(s) is dropped, and with none left, the card.
 * Memoised: the dashboard renders again on every tick, the links do not change with it.
 */
export const HelpfulResources = memo(function HelpfulResources({ links: saved }: { links: HelpfulLink[] }) {
  const links = saved.flatMap((link) => {
    const href = safeUrl(link.url);
    return href && link.label ? [{ label: link.label, href }] : [];
  });
  if (links.length === 0) return null;
  return (
    <PlanViewCard id="helpful-resources" icon={Link2} title="Helpful Resources" gap="gap-2">
      <ul className="menu w-full p-0">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer" className="justify-between">
              {link.label}
              <ExternalLink className="size-4 opacity-60" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </PlanViewCard>
  );
});
