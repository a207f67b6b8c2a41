// Company settings' "Require two-factor authentication" (admins, issue 24): when on, admins and managers
// sign in with a second factor (an authenticator app or a passkey), and one who has none yet must set one
// up before anything else. New hires are never asked.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { CompanySecondFactorInput } from '../../../shared/two-factor.ts';
import { SwitchRow } from '../../components/forms/switch-row.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';
import { currentUserQueryOptions } from '../../lib/api/get-current-user.ts';
import { formatCount } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { COMPANY_SECOND_FACTOR_KEY, companySecondFactorQueryOptions, twoFactorApi } from './two-factor-api.ts';

/** Where a person held to setting up a second factor goes (app/routes/two-factor-setup.tsx). */
export const TWO_FACTOR_SETUP_PATH = '/two-factor-setup';

export function RequireSecondFactorPanel() {
  const queryClient = useQueryClient();
  const rule = useQuery(companySecondFactorQueryOptions());
  const [saving, setSaving] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (body: CompanySecondFactorInput) => twoFactorApi.setCompanyRule(body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(COMPANY_SECOND_FACTOR_KEY, answer);
      notify.success(answer.required ? 'Two-factor authentication is now required' : 'Two-factor authentication is no longer required');
      if (!answer.required) return;
      // The rule holds this admin too: without a second factor in this session, they set one up first.
      const me = await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 });
      if (me?.secondFactorRequired) window.location.assign(TWO_FACTOR_SETUP_PATH);
    },
    onError: (error) => notifyError(error, 'Could not change the two-factor rule'),
    onSettled: () => setSaving(null),
  });

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="company-two-factor">
      <div className="card-body gap-0 p-4 md:p-6">
        <h2 id="company-two-factor" className="card-title text-lg">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> Two-factor authentication
        </h2>
        {rule.isPending ? (
          <SectionLoading label="Loading the two-factor rule..." />
        ) : rule.isError ? (
          <ErrorState error={rule.error} title="Could not load the two-factor rule" onRetry={() => void rule.refetch()} />
        ) : (
          <>
            <SwitchRow
              label="Require a second factor for admins and managers"
              description="They sign in with an authenticator app code or a passkey after their password. Anyone without one is asked to set it up before doing anything else. New hires are never asked."
              checked={saving ?? rule.data.required}
              disabled={save.isPending}
              onChange={(required) => {
                // Moves at once (in the same render as the click), and back if the save fails.
                setSaving(required);
                save.mutate({ required });
              }}
            />
            <p className={`mt-3 rounded-box px-3 py-2 text-sm ${rule.data.required && rule.data.withoutSecondFactor > 0 ? 'bg-warning/15' : 'bg-base-200'}`}>
              {rule.data.withoutSecondFactor === 0
                ? 'Every admin and manager has a second factor.'
                : `${formatCount(rule.data.withoutSecondFactor, 'admin or manager', 'admins and managers')} of ${new Intl.NumberFormat().format(rule.data.adminsAndManagers)} ${rule.data.withoutSecondFactor === 1 ? 'has' : 'have'} no second factor yet.`}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
