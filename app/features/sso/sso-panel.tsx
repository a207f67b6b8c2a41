// Company settings' "Single sign-on" (admins, issue 24): the connection to the company's OpenID Connect
// provider (issuer, client ID, client secret never shown again, the email domains it covers), the test
// sign-in that must succeed before it can be turned on, the switches (on, require it with one break-glass
// admin, create accounts for new people) and removal. The route composes it under the company's settings.
import { AlertTriangle, Check, CircleCheck, Copy, FlaskConical, Save, ShieldCheck, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { SSO_LIMITS, SSO_TESTED_PARAM, SsoConnectionSchema, ssoErrorMessage, ssoStatus, type SsoOptions, type SsoSettings } from '../../../shared/sso.ts';
import { PasswordField, SelectField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { SectionLoading } from '../../components/ui/section-loading.tsx';
import { useSignedInUser } from '../../lib/api/get-current-user.ts';
import { useManagers } from '../../lib/api/get-managers.ts';
import { formatDate } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useRemoveSso, useSaveSsoConnection, useSso, useTestSso, useUpdateSsoOptions } from './api/sso-settings.ts';
import { SwitchRow } from '../../components/forms/switch-row.tsx';

const SECTION_ID = 'single-sign-on';
const CALLBACK_PATH = '/api/auth/sso/callback';

type ConnectionValues = { issuer: string; clientId: string; clientSecret: string; domains: string };

/** The form's text reshaped into the PUT body, then the API's own schema: one set of rules and messages. */
const ConnectionFormSchema = v.pipe(
  v.object({ issuer: v.string(), clientId: v.string(), clientSecret: v.string(), domains: v.string() }),
  v.transform(({ issuer, clientId, clientSecret, domains }) => ({
    issuer,
    clientId,
    // Left empty once a secret is stored: the stored one is kept.
    ...(clientSecret.trim() ? { clientSecret } : {}),
    domains: domains
      .split(/[\s,;]+/)
      .map((domain) => domain.trim())
      .filter(Boolean),
  })),
  SsoConnectionSchema,
);

const valuesOf = (settings: SsoSettings | null): ConnectionValues => ({
  issuer: settings?.issuer ?? '',
  clientId: settings?.clientId ?? '',
  clientSecret: '',
  domains: settings?.domains.join(', ') ?? '',
});

/** Where the test sign-in came back with: `?sso=tested` or `?sso_error=<code>`, read once and taken off the address. */
function useTestOutcome(): { tested: boolean; error: string | null } | null {
  const [outcome] = useState(() => {
    const search = new URLSearchParams(window.location.search);
    if (search.get('sso') !== SSO_TESTED_PARAM && !search.get('sso_error')) return null;
    return { tested: search.get('sso') === SSO_TESTED_PARAM, error: search.get('sso_error') };
  });
  useEffect(() => {
    if (!outcome) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (outcome.tested) notify.success('Test sign-in succeeded', 'You can turn single sign-on on now.');
    else notify.error('Test sign-in failed', ssoErrorMessage(outcome.error) ?? '');
    document.getElementById(SECTION_ID)?.scrollIntoView({ block: 'start' });
  }, [outcome]);
  return outcome;
}

export function SsoPanel() {
  const sso = useSso();
  const outcome = useTestOutcome();
  const settings = sso.data ?? null;
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={SECTION_ID}>
      <div className="card-body gap-0 p-4 md:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={SECTION_ID} className="card-title scroll-mt-20 text-lg">
            <ShieldCheck className="size-5 text-primary" aria-hidden="true" /> Single sign-on
          </h2>
          {sso.isSuccess && <StatusBadge settings={settings} />}
        </div>
        <p className="mt-1 mb-2 text-sm text-base-content/70">
          Let your people sign in with your company’s identity provider (Google Workspace, Microsoft Entra ID, Okta or any OpenID Connect provider) instead of a Kickoff password.
        </p>
        {outcome && (
          <div role="status" className={`alert alert-soft mb-3 text-sm ${outcome.tested ? 'alert-success' : 'alert-error'}`}>
            {outcome.tested ? <CircleCheck className="size-5 shrink-0" aria-hidden="true" /> : <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />}
            <span>{outcome.tested ? 'Test sign-in succeeded: your provider signed you in and its answer checked out.' : ssoErrorMessage(outcome.error)}</span>
          </div>
        )}
        {sso.isPending ? (
          <SectionLoading label="Loading single sign-on..." />
        ) : sso.isError ? (
          <ErrorState error={sso.error} title="Could not load single sign-on" onRetry={() => void sso.refetch()} />
        ) : (
          <div className="flex flex-col gap-4">
            <ConnectionForm key={settings ? 'saved' : 'new'} settings={settings} />
            {settings && <SsoOptionsForm settings={settings} />}
          </div>
        )}
      </div>
    </section>
  );
}

function StatusBadge({ settings }: { settings: SsoSettings | null }) {
  const status = ssoStatus(settings);
  const [tone, text] =
    status === 'enabled'
      ? ['badge-success', 'Enabled']
      : status === 'tested'
        ? ['badge-info', `Tested on ${formatDate(settings!.testedAt!)}`]
        : status === 'untested'
          ? ['badge-warning', 'Not tested yet']
          : ['badge-ghost', 'Not set up'];
  return (
    <span className={`badge badge-soft badge-sm ${tone}`} data-testid="sso-status">
      {text}
    </span>
  );
}

function RedirectUri() {
  const uri = `${window.location.origin}${CALLBACK_PATH}`;
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(uri);
      setCopied(true);
    } catch {
      notify.error('Could not copy the address', 'Select it and copy it yourself.');
    }
  }
  return (
    <div className="flex flex-col gap-1 rounded-box bg-base-200 p-3 text-sm">
      <span className="font-medium">Redirect URI to register at your provider</span>
      <div className="flex items-center gap-2">
        <code className="min-w-0 flex-1 font-mono text-xs break-all" data-testid="sso-redirect-uri">
          {uri}
        </code>
        <button type="button" className="btn btn-ghost btn-xs" onClick={() => void copy()} aria-label="Copy the redirect URI">
          {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
        </button>
      </div>
      <span className="text-xs text-base-content/70">Kickoff asks for the scopes openid, email and profile, and signs people in only with an email the provider has verified.</span>
    </div>
  );
}

function ConnectionForm({ settings }: { settings: SsoSettings | null }) {
  const form = useForm(ConnectionFormSchema, valuesOf(settings));
  const save = useSaveSsoConnection();
  const test = useTestSso();
  const formRef = useRef<HTMLFormElement>(null);
  const stored = valuesOf(settings);
  const changed = (Object.keys(stored) as (keyof ConnectionValues)[]).some((name) => form.values[name] !== stored[name]);
  // A domain's own message ('domains.1') shows under the one field that lists them.
  const domainsError = form.error('domains') ?? Array.from({ length: SSO_LIMITS.domains }, (_, index) => form.error(`domains.${index}` as 'domains')).find(Boolean);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(ConnectionFormSchema);
    if (!body) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    save.mutate(body, {
      onSuccess: (answer) => {
        form.reset(valuesOf(answer));
        const retest = settings !== null && answer?.testedAt === null && settings.testedAt !== null;
        notify.success('Single sign-on saved', retest || !settings ? 'Run Test sign-in next: it must succeed before single sign-on can be turned on.' : undefined);
      },
      onError: (error) => {
        form.showServerIssues(error);
        notifyError(error, 'Could not save single sign-on', 'Failed to save single sign-on. Please try again.');
      },
    });
  }

  function runTest() {
    test.mutate(undefined, {
      // The provider's page, then back to company settings with the outcome.
      onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
      onError: (error) => {
        form.showServerIssues(error);
        notifyError(error, 'Could not start the test', 'Failed to start the test sign-in. Please try again.');
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-1" aria-label="Identity provider">
      <RedirectUri />
      <TextField
        {...form.field('issuer')}
        label="Issuer URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://accounts.google.com"
        hint="Kickoff reads the provider’s settings from this address’s /.well-known/openid-configuration."
        maxLength={SSO_LIMITS.issuer}
        required
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField {...form.field('clientId')} label="Client ID" autoComplete="off" spellCheck={false} maxLength={SSO_LIMITS.clientId} required />
        <PasswordField
          {...form.field('clientSecret')}
          label="Client secret"
          autoComplete="new-password"
          placeholder={settings ? 'Stored: leave empty to keep it' : ''}
          hint={settings ? 'Stored encrypted and never shown again.' : 'Stored encrypted; it is never shown again.'}
          maxLength={SSO_LIMITS.clientSecret}
        />
      </div>
      <TextField
        {...form.field('domains')}
        error={domainsError}
        label="Email domains"
        autoComplete="off"
        spellCheck={false}
        placeholder="acme.com, acme.co.uk"
        hint="People whose email is at these domains are sent to your provider when they sign in. Separate several with commas."
      />
      {settings?.enabled && (
        <p className="flex items-start gap-1.5 text-xs text-base-content/70">
          <AlertTriangle className="mt-px size-3.5 shrink-0 text-warning" aria-hidden="true" />
          Changing the issuer, client ID or secret turns single sign-on off until a new test succeeds.
        </p>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {settings && (
          <PendingButton
            tone="outline"
            pending={test.isPending}
            disabled={changed}
            onClick={runTest}
            icon={<FlaskConical className="size-4" aria-hidden="true" />}
            className="sm:order-first sm:mr-auto"
          >
            Test sign-in
          </PendingButton>
        )}
        {settings && changed && <span className="text-center text-xs text-base-content/70 sm:text-right">Save your changes, then test.</span>}
        <PendingButton type="submit" pending={save.isPending} icon={<Save className="size-4" aria-hidden="true" />}>
          {settings ? 'Save connection' : 'Save and continue'}
        </PendingButton>
      </div>
    </form>
  );
}

function SsoOptionsForm({ settings }: { settings: SsoSettings }) {
  const update = useUpdateSsoOptions();
  const remove = useRemoveSso();
  const me = useSignedInUser();
  const admins = useManagers(true);
  const [removing, setRemoving] = useState(false);
  const [breakGlass, setBreakGlass] = useState(settings.breakGlassUserId ?? me.id);
  const adminOptions = (admins.data ?? [])
    .filter((person) => person.role === 'admin')
    .map((person) => ({ value: person.id, label: person.fullName ? `${person.fullName} (${person.email})` : person.email }));

  function change(input: SsoOptions, done?: string) {
    update.mutate(input, {
      onSuccess: () => done && notify.success(done),
      onError: (error) => notifyError(error, 'Could not change single sign-on', 'Failed to change single sign-on. Please try again.'),
    });
  }

  function confirmRemove() {
    remove.mutate(undefined, {
      onSuccess: () => {
        setRemoving(false);
        notify.success('Single sign-on removed', 'Everyone signs in with their password again.');
      },
      onError: (error) => notifyError(error, 'Could not remove single sign-on', 'Failed to remove single sign-on. Please try again.'),
    });
  }

  return (
    <div className="flex flex-col">
      <ul className="divide-y divide-base-200 border-t border-base-200" aria-label="Single sign-on options">
        <SwitchRow
          as="li"
          label="Turn on single sign-on"
          description={
            settings.testedAt || settings.enabled
              ? 'People of your domains go to your provider when they sign in. Invited people are linked on their first sign-in when the provider has verified their email.'
              : 'Run a successful Test sign-in first.'
          }
          checked={settings.enabled}
          disabled={update.isPending || (!settings.testedAt && !settings.enabled)}
          onChange={(enabled) => change({ enabled, ...(enabled ? {} : { requireSso: false }) }, enabled ? 'Single sign-on is on' : 'Single sign-on is off')}
        />
        <SwitchRow
          as="li"
          label="Create accounts for new people"
          description="Off: only people you invited can sign in. On: anyone your provider signs in with a verified email of your domains joins as a new hire without a plan."
          checked={settings.autoProvision}
          disabled={update.isPending}
          onChange={(autoProvision) => change({ autoProvision })}
        />
        <SwitchRow
          as="li"
          label="Require single sign-on"
          description="Passwords stop working for everyone in your company except the break-glass admin below, who keeps theirs in case your provider is down."
          checked={settings.requireSso}
          disabled={update.isPending || !settings.enabled}
          onChange={(requireSso) => change(requireSso ? { requireSso, breakGlassUserId: breakGlass } : { requireSso }, requireSso ? 'Single sign-on is required' : undefined)}
        >
          <SelectField
            label="Break-glass admin"
            value={breakGlass}
            onChange={(id) => {
              setBreakGlass(id);
              if (settings.requireSso) change({ breakGlassUserId: id }, 'Break-glass admin changed');
            }}
            options={adminOptions.length > 0 ? adminOptions : [{ value: me.id, label: me.email }]}
            disabled={update.isPending || admins.isPending}
            hint="The one person whose password still works while single sign-on is required."
          />
        </SwitchRow>
      </ul>
      <div className="flex justify-end border-t border-base-200 pt-3">
        <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setRemoving(true)}>
          <Trash2 className="size-4" aria-hidden="true" /> Remove single sign-on
        </button>
      </div>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Remove single sign-on?"
        icon={<AlertTriangle className="size-6 text-error" />}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={confirmRemove}
      >
        <p>The connection, its domains and everyone’s link to your provider are removed. People without a Kickoff password then need Forgot password to sign in.</p>
      </ConfirmDialog>
    </div>
  );
}
