import { badgeCount } from '../../../shared/messages.ts';

/** A sidebar count (99+ above 99); hidden when zero or not known yet. */
export function NavCount({ count, label, tone = 'badge-ghost' }: { count: number | undefined; label: string; tone?: string }) {
  if (!count) return null;
  return (
    <span className={`badge badge-sm ${tone}`} aria-label={`${count} ${label}`}>
      {badgeCount(count)}
    </span>
  );
}
