// The signed-out top bar: logo, in-page anchors (landing only) and the two ways in.
import { Menu, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Island } from './island.tsx';
import { SiteLink } from './site-link.tsx';

export const LANDING_ANCHORS = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;

export function KickoffLogo() {
  return (
    <SiteLink to="/" className="flex items-center gap-2 rounded-field text-xl font-bold tracking-tight" aria-label="Kickoff home">
      <span className="grid size-8 place-items-center rounded-field bg-primary text-primary-content shadow-sm shadow-primary/40">
        <Sparkles className="size-4.5" aria-hidden="true" />
      </span>
      Kickoff
    </SiteLink>
  );
}

/** A link to a landing section: a plain in-page anchor on the landing page, a router link home elsewhere. */
export function AnchorLink({ id, onLanding, className, children, onClick }: { id: string; onLanding: boolean; className?: string; children: ReactNode; onClick?: () => void }) {
  if (onLanding) {
    return (
      <a href={`#${id}`} className={className} onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <SiteLink to="/" hash={id} className={className} onClick={onClick}>
      {children}
    </SiteLink>
  );
}

/** `onLanding`: the Features / Pricing / Testimonials links stay on the page instead of navigating home. */
export function PublicHeader({ onLanding = false }: { onLanding?: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-base-300/70 bg-base-100/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <KickoffLogo />
        <nav aria-label="Sections" className="ml-8 hidden md:block">
          <ul className="flex items-center gap-1">
            {LANDING_ANCHORS.map((anchor) => (
              <li key={anchor.id}>
                <AnchorLink id={anchor.id} onLanding={onLanding} className="btn btn-ghost btn-sm font-medium text-base-content/80">
                  {anchor.label}
                </AnchorLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <SiteLink to="/login" className="btn btn-ghost btn-sm hidden sm:inline-flex">
            Sign In
          </SiteLink>
          <SiteLink to="/signup" className="btn btn-primary btn-sm">
            Sign Up Free
          </SiteLink>
          {onLanding ? (
            <Island name="landing-menu">
              <LandingMenu />
            </Island>
          ) : (
            <SectionMenu onLanding={false} />
          )}
        </div>
      </div>
    </header>
  );
}

/** The phone's menu: the landing's sections and the way in. A tap on a section closes it. */
function SectionMenu({ onLanding }: { onLanding: boolean }) {
  return (
    <div className="dropdown dropdown-end md:hidden">
      <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Open menu">
        <Menu className="size-5" aria-hidden="true" />
      </button>
      <ul tabIndex={-1} className="dropdown-content menu z-40 mt-2 w-52 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl">
        {LANDING_ANCHORS.map((anchor) => (
          <li key={anchor.id}>
            <AnchorLink id={anchor.id} onLanding={onLanding} onClick={() => (document.activeElement as HTMLElement | null)?.blur()}>
              {anchor.label}
            </AnchorLink>
          </li>
        ))}
        <li className="sm:hidden">
          <SiteLink to="/login">Sign In</SiteLink>
        </li>
      </ul>
    </div>
  );
}

/** The landing page's menu: an island there, since its links stay on the page and must close it. */
export function LandingMenu() {
  return <SectionMenu onLanding />;
}
