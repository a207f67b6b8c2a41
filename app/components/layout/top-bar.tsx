import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { displayName } from '../../../shared/auth.ts';
import { isFreePlan } from '../../../shared/catalogue.ts';
import { ROLE_LABELS } from '../../../shared/roles.ts';

export function TopBar({ user, children }: { user: SessionUser; children?: ReactNode }) {
  return (
    <header className="navbar sticky top-0 z-30 gap-2 border-b border-base-300 bg-base-100/95 px-4 backdrop-blur">
      {children}
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span className="truncate font-semibold">{user.company.name}</span>
        {isFreePlan(user.company.planType) && (
          <Link to="/subscription" className="badge badge-warning badge-sm hidden whitespace-nowrap sm:inline-flex">
            Free Plan • Limited Features
          </Link>
        )}
      </div>
      <div className="hidden text-right sm:block">
        <div className="text-sm font-medium">{displayName(user)}</div>
        <div className="text-xs text-base-content/60">{ROLE_LABELS[user.role]}</div>
      </div>
      <a href="/api/auth/logout" className="btn btn-ghost btn-sm">
        Log out
      </a>
    </header>
  );
}
