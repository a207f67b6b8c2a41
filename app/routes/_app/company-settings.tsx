import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { apiKeysQueryOptions } from '../../features/api-keys/api/get-api-keys.ts';
import { ApiKeysPanel } from '../../features/api-keys/api-keys-panel.tsx';
import { CompanySettingsScreen } from '../../features/company/company-settings-screen.tsx';
import { jobsQueryOptions } from '../../features/notifications/api/get-jobs.ts';
import { JobsPanel } from '../../features/notifications/jobs-panel.tsx';
import { ssoQueryOptions } from '../../features/sso/api/sso-settings.ts';
import { SsoPanel } from '../../features/sso/sso-panel.tsx';
import { RequireSecondFactorPanel } from '../../features/two-factor/require-second-factor-panel.tsx';
import { companySecondFactorQueryOptions } from '../../features/two-factor/two-factor-api.ts';
import { WebhooksLink } from '../../features/webhooks/webhooks-link.tsx';
import { companyQueryOptions } from '../../lib/api/get-company.ts';
import { settled } from '../../lib/query-client.ts';
import { requireRole } from '../../lib/route-access.ts';

export const Route = createFileRoute('/_app/company-settings')({
  beforeLoad: ({ context }) => requireRole(context.user, ['admin'], 'You need admin privileges to change company settings.'),
  // The loader in a chunk of its own: kept out of the first load every visitor downloads.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) =>
    settled(
      context.queryClient.ensureQueryData(companyQueryOptions()),
      context.queryClient.ensureQueryData(jobsQueryOptions()),
      context.queryClient.ensureQueryData(apiKeysQueryOptions()),
      context.queryClient.ensureQueryData(companySecondFactorQueryOptions()),
      context.queryClient.ensureQueryData(ssoQueryOptions()),
    ),
  pendingComponent: () => <LoadingScreen label="Loading company settings..." />,
  component: CompanySettingsRoute,
});

function CompanySettingsRoute() {
  return (
    <CompanySettingsScreen
      jobsPanel={(timeZone) => (
        <>
          <JobsPanel timeZone={timeZone} />
          <SsoPanel />
          <RequireSecondFactorPanel />
          <ApiKeysPanel />
          <WebhooksLink />
        </>
      )}
    />
  );
}
