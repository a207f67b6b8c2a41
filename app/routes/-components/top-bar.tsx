import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { isFreePlan } from '../../../shared/catalogue.ts';
import { UserMenu } from '../../features/auth/user-menu.tsx';
import { ConnectionStatus } from '../../components/pwa/connection-status.tsx';
import { InstallButton } from '../../components/pwa/install-button.tsx';

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
      <InstallButton />
      <ConnectionStatus user={user} />
      <UserMenu user={user} />
    </header>
  );
}
