// The signed-in frame: top bar and sidebar around every protected screen.
import { Link } from '@tanstack/react-router';
import { BarChart3, Building2, CreditCard, LayoutDashboard, ListChecks, ListTodo, Menu, Plus, Sparkles, UserPlus, Users } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { isFreePlan, PLAN_CATALOGUE } from '../../../shared/catalogue.ts';
import { badgeCount } from '../../../shared/messages.ts';
import { isStaff } from '../../../shared/roles.ts';
import { VerificationBanner } from '../../features/auth/verification-banner.tsx';
import { useUnreadMessages } from '../../features/messages/api/get-unread-messages.ts';
import { NavCount } from './nav-count.tsx';
import { TopBar } from './top-bar.tsx';
import { useChangeRefresh } from './use-change-refresh.ts';
import { useNavCounts } from './use-nav-counts.ts';

const LocalMyTasksCount = lazy(() => import('./local-my-tasks-count.tsx'));

type NavItem = { to: string; label: string; icon: typeof LayoutDashboard; badge?: ReactNode };

export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const staff = isStaff(user.role);
  const counts = useNavCounts(user);
  useChangeRefresh(user.companyId);
  const unread = useUnreadMessages().data?.total ?? 0;
  const nav: NavItem[] = [
    { to: '/', label: 'Dashboard', icon: LayoutDashboard, badge: <NavCount count={unread} label="unread messages" tone="badge-error" /> },
    {
      to: '/my-tasks',
      label: 'My tasks',
      icon: ListTodo,
      badge: staff ? (
        <NavCount count={counts.myTasks} label="open tasks" tone="badge-primary" />
      ) : (
        <Suspense fallback={null}>
          <LocalMyTasksCount user={user} />
        </Suspense>
      ),
    },
    ...(staff
      ? [
          { to: '/templates', label: 'Templates', icon: ListChecks, badge: <NavCount count={counts.templates} label="templates" /> },
          { to: '/team', label: 'Team', icon: Users, badge: <NavCount count={counts.team} label="people" /> },
        ]
      : []),
    ...(user.role === 'admin'
      ? [
          { to: '/analytics', label: 'Analytics', icon: BarChart3, badge: <span className="badge badge-secondary badge-sm">Pro</span> },
          {
            to: '/subscription',
            label: 'Subscription',
            icon: CreditCard,
            // The plan's short name: the sidebar has no room for the menu's 'Growth ($5/mo)'.
            badge: isFreePlan(user.company.planType) ? (
              <span className="badge badge-ghost badge-sm">Free</span>
            ) : (
              <span className="badge badge-primary badge-sm">{PLAN_CATALOGUE[user.company.planType].name}</span>
            ),
          },
          { to: '/company-settings', label: 'Company settings', icon: Building2 },
        ]
      : []),
  ];
  return (
    <div className="drawer lg:drawer-open">
      {/* The open drawer holds the page still on phones, as dialogs do (theme.css; no :root:has() rule, which re-styled the page on every tick). */}
      <input
        id="app-drawer"
        type="checkbox"
        className="drawer-toggle"
        aria-label="Open navigation"
        onChange={(event) => document.documentElement.classList.toggle('drawer-scroll-locked', event.currentTarget.checked)}
      />
      <div className="drawer-content flex min-h-screen flex-col bg-base-200">
        <TopBar user={user}>
          {/* Text in sr-only spans, not aria-label: a label element may not carry one (axe aria-prohibited-attr). */}
          <label htmlFor="app-drawer" className="btn btn-ghost btn-square indicator lg:hidden">
            <span className="sr-only">{unread ? `Open navigation, ${unread} unread messages` : 'Open navigation'}</span>
            {unread > 0 && (
              <span className="indicator-item badge badge-error badge-xs" aria-hidden="true">
                {badgeCount(unread)}
              </span>
            )}
            <Menu className="size-5" aria-hidden="true" />
          </label>
        </TopBar>
        <main id="main" className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-6">
          <VerificationBanner user={user} />
          {children}
        </main>
      </div>
      <div className="drawer-side z-40">
        <label htmlFor="app-drawer" className="drawer-overlay">
          <span className="sr-only">Close navigation</span>
        </label>
        <nav aria-label="Main" className="flex min-h-full w-64 flex-col gap-4 bg-base-100 p-4">
          <Link to="/" className="flex items-center gap-2 px-2 text-xl font-bold text-primary">
            <Sparkles className="size-6" aria-hidden="true" /> Kickoff
          </Link>
          <ul className="menu w-full gap-1 p-0">
            {nav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} activeOptions={{ exact: item.to === '/' }} activeProps={{ className: 'menu-active' }}>
                  <item.icon className="size-4" aria-hidden="true" />
                  <span className="flex-1">{item.label}</span>
                  {item.badge}
                </Link>
              </li>
            ))}
          </ul>
          {staff && (
            <div>
              <h2 className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-base-content/70">Quick actions</h2>
              <ul className="menu w-full gap-1 p-0">
                <li>
                  <Link to="/invite">
                    <UserPlus className="size-4" aria-hidden="true" /> Invite
                  </Link>
                </li>
                <li>
                  <Link to="/templates/new">
                    <Plus className="size-4" aria-hidden="true" /> New Template
                  </Link>
                </li>
              </ul>
            </div>
          )}
          {user.role === 'admin' && isFreePlan(user.company.planType) && (
            <Link to="/subscription" className="btn btn-primary mt-auto">
              Upgrade Now
            </Link>
          )}
        </nav>
      </div>
    </div>
  );
}
