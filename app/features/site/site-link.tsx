// The public pages' links. These pages render in two places: inside the app, where a link is the
// router's (client-side navigation, preloading), and as the prerendered pages app/site.tsx makes
// interactive without the router, where a link is a plain anchor and a page load. main.tsx provides
// the router's link; without a provider a link is the anchor.
import { createContext, use, type ReactNode } from 'react';

/** The pages a public page links to. */
export type PublicPath = '/' | '/login' | '/signup' | '/subscription' | '/terms-of-service' | '/privacy-policy' | '/refund-policy';

export type SiteLinkProps = { to: PublicPath; hash?: string; className?: string; onClick?: () => void; 'aria-label'?: string; children: ReactNode };

/** Draws a link; it holds no hooks, so SiteLink calls it like a template rather than mounting it. */
export type RenderSiteLink = (props: SiteLinkProps) => ReactNode;

const renderPlainLink: RenderSiteLink = ({ to, hash, children, ...rest }) => (
  <a href={hash ? `${to}#${hash}` : to} {...rest}>
    {children}
  </a>
);

export const SiteLinkContext = createContext<RenderSiteLink>(renderPlainLink);

export function SiteLink(props: SiteLinkProps) {
  return use(SiteLinkContext)(props);
}
