// The top bar's user menu: who is signed in, Profile, Subscription (admins), Delete Account, Log out.
import { Link } from '@tanstack/react-router';
import { CreditCard, LogOut, Trash2, UserRound } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { SessionUser } from '../../../shared/auth.ts';
import { displayName, initials } from '../../../shared/auth.ts';
import { isFreePlan, planLabel } from '../../../shared/catalogue.ts';
import { safeProfilePhoto } from '../../../shared/links.ts';
import { ROLE_LABELS } from '../../../shared/roles.ts';
import { signOut } from '../../lib/sign-out.ts';

// Its form, its confirmation and its request load when it is asked for, not with every signed-in page.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog.tsx').then((module) => ({ default: module.DeleteAccountDialog })));

/** Closes the focus-driven daisyUI dropdown after a choice. */
const closeMenu = () => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined);

/**
 * The photo only from an allowed host (a link saved before the rule shows initials), never with a
 * referrer. Hidden from screen readers: the person's name is always beside it.
 */
export function Avatar({ user, size = 'size-9' }: { user: SessionUser; size?: string }) {
  const photo = safeProfilePhoto(user.profileImageUrl);
  return photo ? (
    <div className="avatar" aria-hidden="true">
      <div className={`${size} rounded-full`}>
        <img src={photo} alt="" referrerPolicy="no-referrer" />
      </div>
    </div>
  ) : (
    <div className="avatar avatar-placeholder" aria-hidden="true">
      <div className={`${size} rounded-full bg-primary text-primary-content`}>
        <span className="text-sm font-semibold">{initials(user)}</span>
      </div>
    </div>
  );
}

export function UserMenu({ user }: { user: SessionUser }) {
  const [deleting, setDeleting] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  return (
    <>
      <div className="dropdown dropdown-end">
        {/* Named by its text (WCAG label in name): the name and role stay readable on a phone, only hidden from sight. */}
        <div tabIndex={0} role="button" className="btn btn-ghost gap-2 px-1 sm:px-2">
          <span className="sr-only">Account menu for</span>
          <Avatar user={user} size="size-8" />
          <span className="text-left leading-tight max-sm:sr-only sm:block">
            <span className="block max-w-40 truncate text-sm font-medium">{displayName(user)}</span>
            <span className="block text-xs font-normal text-base-content/70">{ROLE_LABELS[user.role]}</span>
          </span>
        </div>
        <div tabIndex={-1} className="dropdown-content z-40 mt-2 w-72 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
          <div className="flex items-center gap-3 p-2">
            <Avatar user={user} size="size-11" />
            <div className="min-w-0">
              <p className="truncate font-semibold">{displayName(user)}</p>
              <p className="text-xs text-base-content/70">{ROLE_LABELS[user.role]}</p>
              <p className="truncate text-sm text-base-content/70">{user.email}</p>
              <p className="truncate text-xs text-base-content/70">{user.company.name}</p>
            </div>
          </div>
          <ul className="menu w-full p-0">
            <li className="menu-title sr-only">Account</li>
            <li>
              <Link to="/profile" onClick={closeMenu}>
                <UserRound className="size-4" aria-hidden="true" /> Profile
              </Link>
            </li>
            {user.role === 'admin' && (
              <li>
                <Link to="/subscription" onClick={closeMenu}>
                  <CreditCard className="size-4" aria-hidden="true" /> <span className="flex-1">Subscription</span>
                  <span className={`badge badge-sm ${isFreePlan(user.company.planType) ? 'badge-ghost' : 'badge-primary'}`}>{planLabel(user.company.planType)}</span>
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className="text-error"
                onClick={() => {
                  closeMenu();
                  setDeleting(true);
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" /> Delete Account
              </button>
            </li>
            <li className="border-t border-base-300 pt-1">
              <button
                type="button"
                // aria-disabled, not disabled: a disabled button loses focus, which closes this focus-driven
                // menu, and the 500 ms before leaving (spec section 9) would show nothing happening.
                aria-disabled={signingOut || undefined}
                onClick={() => {
                  if (signingOut) return;
                  setSigningOut(true);
                  void signOut().then(
                    (signedOut) => signedOut || setSigningOut(false),
                    () => setSigningOut(false),
                  );
                }}
              >
                {signingOut ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <LogOut className="size-4" aria-hidden="true" />}
                {signingOut ? 'Signing out…' : 'Log out'}
              </button>
            </li>
          </ul>
        </div>
      </div>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteAccountDialog open onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </>
  );
}
