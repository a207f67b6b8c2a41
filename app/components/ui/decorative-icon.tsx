// An icon beside words that say the same (hidden from screen readers), rendered once: a screen that
// renders again on every tick (the new hire's dashboard) does not build its icons' SVG again each time.
import type { LucideIcon } from 'lucide-react';
import { memo } from 'react';

export const DecorativeIcon = memo(function DecorativeIcon({ icon: Icon, className }: { icon: LucideIcon; className: string }) {
  return <Icon className={className} aria-hidden="true" />;
});
