// Company settings' "API keys" (admins, issue 21): the company's keys with their scope, first characters,
// creator, last use and revocation; a dialog that makes one and shows it once to copy; revoking behind a
// confirm step. The route composes it under the company's settings.
import { AlertTriangle, Check, Copy, KeyRound, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { API_KEY_NAME_MAX, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, CreateApiKeySchema, type ApiKeyView, type CreatedApiKey } from '../../../shared/api-keys.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { notify, notifyError } from '../../lib/notify.ts';
import { useCreateApiKey } from './api/create-api-key.ts';
import { useApiKeys } from './api/get-api-keys.ts';
import { useRevokeApiKey } from './api/revoke-api-key.ts';
import { SectionLoading } from '../../components/ui/section-loading.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatMoment = (iso: string) => dateTime.format(new Date(iso));

export function ApiKeysPanel() {
  const keys = useApiKeys();
  const [creating, setCreating] = useState(false);
  const createButton = (
    <button type="button" className="btn btn-primary btn-sm" onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden="true" /> Create key
    </button>
  );
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="company-api-keys">
      <div className="card-body gap-0 p-4 md:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="company-api-keys" className="card-title text-lg">
            <KeyRound className="size-5 text-primary" aria-hidden="true" /> API keys
          </h2>
          {keys.isSuccess && keys.data.length > 0 && createButton}
        </div>
        <p className="mt-1 mb-2 text-sm text-base-content/70">
          Let your HR, IT and reporting tools use the Kickoff API. A key is sent as <code className="text-xs">Authorization: Bearer kk_…</code> and acts with your admin
          permissions, limited by its scope.
        </p>
        {keys.isPending ? (
          <SectionLoading label="Loading API keys..." />
        ) : keys.isError ? (
          <ErrorState error={keys.error} title="Could not load the API keys" onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-4 py-8 text-center">
            <span className="rounded-full bg-primary/10 p-3 text-primary">
              <KeyRound className="size-6" aria-hidden="true" />
            </span>
            <p className="font-medium">No API keys yet</p>
            <p className="max-w-md text-sm text-base-content/70">
              Create a key when another system should work with Kickoff: your HR system inviting new hires, your IT system reading which plans start, or a dashboard reading
              progress. Each key can be read-only and revoked at any time.
            </p>
            {createButton}
          </div>
        ) : (
          <ul className="divide-y divide-base-200" aria-label="API keys">
            {keys.data.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        )}
      </div>
      <CreateApiKeyDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeyView }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeApiKey();
  const revoked = apiKey.revokedAt !== null;

  function confirm() {
    revoke.mutate(apiKey.id, {
      onSuccess: () => {
        setConfirming(false);
        notify.success('API key revoked', `“${apiKey.name}” no longer works.`);
      },
      onError: (error) => notifyError(error, 'Could not revoke the key', 'Failed to revoke the API key. Please try again.'),
    });
  }

  return (
    <li className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between ${revoked ? 'opacity-70' : ''}`} aria-label={apiKey.name}>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{apiKey.name}</span>
          <span className={`badge badge-sm ${apiKey.scope === 'write' ? 'badge-warning badge-soft' : 'badge-info badge-soft'}`}>{API_KEY_SCOPE_LABELS[apiKey.scope].label}</span>
          {revoked && <span className="badge badge-sm badge-error badge-soft">Revoked</span>}
        </div>
        <code className="w-fit rounded bg-base-200 px-1.5 py-0.5 font-mono text-xs" aria-label="Key starts with" data-testid="api-key-prefix">
          {apiKey.prefix}…
        </code>
        <dl className="flex flex-col gap-x-6 text-xs text-base-content/70 sm:flex-row sm:flex-wrap">
          <div className="flex gap-1">
            <dt>Created</dt>
            <dd className="text-base-content/90">
              {formatMoment(apiKey.createdAt)} by {apiKey.createdBy.name}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt>Last used</dt>
            <dd className="text-base-content/90">{apiKey.lastUsedAt ? formatMoment(apiKey.lastUsedAt) : 'Never'}</dd>
          </div>
          {apiKey.revokedAt && (
            <div className="flex gap-1">
              <dt>Revoked</dt>
              <dd className="text-base-content/90">{formatMoment(apiKey.revokedAt)}</dd>
            </div>
          )}
        </dl>
      </div>
      {!revoked && (
        <button type="button" className="btn btn-ghost btn-sm self-start text-error sm:self-center" onClick={() => setConfirming(true)} aria-label={`Revoke ${apiKey.name}`}>
          <Trash2 className="size-4" aria-hidden="true" /> Revoke
        </button>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Revoke this API key?"
        icon={<AlertTriangle className="size-6 text-error" />}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={confirm}
      >
        <p>
          <strong>{apiKey.name}</strong> ({apiKey.prefix}…) stops working at once: anything still using it gets 401 Unauthorized. This cannot be undone.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    // The key leaves memory with the dialog: it is never shown again.
    setCreated(null);
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={created ? 'Copy your new API key' : 'Create an API key'} icon={<KeyRound className="size-6 text-primary" />}>
      {created ? <ShowKeyOnce created={created} onDone={close} /> : <CreateApiKeyForm onCreated={setCreated} onCancel={close} />}
    </Modal>
  );
}

function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (created: CreatedApiKey) => void; onCancel: () => void }) {
  const form = useForm(CreateApiKeySchema, { name: '', scope: 'read' });
  const create = useCreateApiKey();
  const scopeHint = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit(CreateApiKeySchema);
    if (!input) return;
    create.mutate(input, {
      onSuccess: onCreated,
      onError: (error) => {
        form.showServerIssues(error);
        notifyError(error, 'Could not create the key', 'Failed to create the API key. Please try again.');
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField
        {...form.field('name')}
        label="Name"
        hint="What uses it, so you can tell keys apart later: “BambooHR sync”, “Progress dashboard”."
        maxLength={API_KEY_NAME_MAX}
        autoComplete="off"
        required
      />
      <fieldset className="fieldset gap-2 py-1" aria-describedby={scopeHint}>
        <legend className="fieldset-legend py-0 text-sm">Scope</legend>
        {API_KEY_SCOPES.map((scope) => (
          <div key={scope} className="flex items-start gap-3 rounded-box border border-base-300 p-3 has-checked:border-primary">
            <input
              id={`${scopeHint}-${scope}`}
              type="radio"
              name="api-key-scope"
              className="radio radio-primary radio-sm mt-0.5"
              value={scope}
              checked={form.values.scope === scope}
              onChange={() => form.set('scope', scope)}
              aria-describedby={`${scopeHint}-${scope}-description`}
            />
            <div className="flex flex-col">
              <label htmlFor={`${scopeHint}-${scope}`} className="cursor-pointer text-sm font-medium">
                {API_KEY_SCOPE_LABELS[scope].label}
              </label>
              <span id={`${scopeHint}-${scope}-description`} className="text-xs text-base-content/70">
                {API_KEY_SCOPE_LABELS[scope].description}
              </span>
            </div>
          </div>
        ))}
        <p id={scopeHint} className="text-xs text-base-content/70">
          A key can never manage keys, sign in, change accounts or make payments.
        </p>
      </fieldset>
      <DialogActions
        onCancel={onCancel}
        cancelDisabled={create.isPending}
        confirm={
          <PendingButton type="submit" pending={create.isPending} icon={<KeyRound className="size-4" aria-hidden="true" />}>
            Create key
          </PendingButton>
        }
      />
    </form>
  );
}

function ShowKeyOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const fieldId = useId();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
      notify.success('API key copied');
    } catch {
      notify.error('Could not copy the key', 'Select the key in the field and copy it yourself.');
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div role="alert" className="alert alert-warning alert-soft text-sm">
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
        <span>Copy this key now and keep it somewhere safe. For your security Kickoff keeps only a fingerprint of it: it will not be shown again.</span>
      </div>
      <div className="fieldset gap-1 py-1">
        <label htmlFor={fieldId} className="fieldset-legend py-0 text-sm">
          {created.name} ({API_KEY_SCOPE_LABELS[created.scope].label.toLowerCase()})
        </label>
        <div className="join w-full">
          <input
            id={fieldId}
            className="input join-item w-full font-mono text-xs"
            value={created.key}
            readOnly
            spellCheck={false}
            autoComplete="off"
            onFocus={(event) => event.currentTarget.select()}
          />
          <button type="button" className="btn btn-primary join-item" onClick={() => void copy()}>
            {copied ? <Check className="size-4" aria-hidden="true" /> : <Copy className="size-4" aria-hidden="true" />}
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      </div>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
