// The editor's active sessions list (spec section 2, edit mode only): who else has this template open,
// by heartbeat, and this person's own leaving when the editor closes or the tab goes away.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { initials } from '../../../shared/auth.ts';
import { presenceKey, useTemplatePresence } from './api/heartbeat-presence.ts';
import { leavePresence } from './api/leave-presence.ts';

/** Avatars shown before the rest are counted as '+n'. */
const MAX_AVATARS = 3;

export function TemplatePresence({ templateId }: { templateId: string }) {
  const presence = useTemplatePresence(templateId);
  const queryClient = useQueryClient();

  useEffect(() => {
    // Switching windows (both visible) fires focus but no visibilitychange; a beat already on its way is reused.
    const beat = () => void queryClient.refetchQueries({ queryKey: presenceKey(templateId) }, { cancelRefetch: false });
    const leave = () => void leavePresence(templateId);
    // Back from the back/forward cache: the pagehide below said this person had left.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) beat();
    };
    window.addEventListener('focus', beat);
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('focus', beat);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', onPageShow);
      leave();
    };
  }, [queryClient, templateId]);

  const others = presence.data?.others ?? [];
  const names = new Intl.ListFormat(undefined, { type: 'conjunction' }).format(others.map((person) => person.name));
  return (
    // Always in the page, so a screen reader hears it when someone opens the template.
    <div role="status" aria-live="polite">
      {others.length > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box border border-info/40 bg-info/10 px-3 py-2 text-sm">
          <div className="avatar-group -space-x-2" aria-hidden="true">
            {others.slice(0, MAX_AVATARS).map((person) => (
              <div key={person.id} className="avatar avatar-placeholder border-2 border-base-100" title={person.name}>
                <div className="w-8 rounded-full bg-primary text-primary-content">
                  <span className="text-xs font-semibold">{initials({ fullName: person.name, email: person.name })}</span>
                </div>
              </div>
            ))}
            {others.length > MAX_AVATARS && (
              <div className="avatar avatar-placeholder border-2 border-base-100">
                <div className="w-8 rounded-full bg-neutral text-neutral-content">
                  <span className="text-xs">+{others.length - MAX_AVATARS}</span>
                </div>
              </div>
            )}
          </div>
          <p className="min-w-0 flex-1 basis-48">
            <span className="font-medium">Also editing:</span> {names}
            <span className="block text-xs text-base-content/70">If they save first, your save asks before replacing their changes.</span>
          </p>
        </div>
      )}
    </div>
  );
}
