// /settings/webhooks (admins, issue 21): where the company's events go. Each endpoint shows its kind,
// URL, events and state (active, or turned off and why, with Re-enable), its signing secret to copy,
// a test send and its delivery log with Resend; a dialog adds or changes one.
import {
  AlertTriangle,
  ArrowLeft,
  Check,
  Copy,
  Eye,
  EyeOff,
  History,
  MessageSquare,
  MessagesSquare,
  Pencil,
  Plus,
  Power,
  RotateCcw,
  Send,
  Trash2,
  Users,
  Webhook,
} from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_KINDS,
  WEBHOOK_LIMITS,
  WebhookEndpointCreateSchema,
  type WebhookDeliveryView,
  type WebhookEndpointCreateInput,
  type WebhookEndpointView,
  type WebhookEvent,
  type WebhookKind,
} from '../../../shared/webhooks.ts';
import { SelectField, TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { formatCount } from '../../lib/format.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useCreateWebhook } from './api/create-webhook.ts';
import { useDeleteWebhook } from './api/delete-webhook.ts';
import { useDeliveries } from './api/get-deliveries.ts';
import { useWebhooks, WEBHOOKS_KEY } from './api/get-webhooks.ts';
import { useResendDelivery } from './api/resend-delivery.ts';
import { useSendTest } from './api/send-test.ts';
import { useUpdateWebhook } from './api/update-webhook.ts';
import { SectionLoading } from '../../components/ui/section-loading.tsx';

const KIND_ICONS: Record<WebhookKind, typeof Webhook> = { webhook: Webhook, slack: MessageSquare, teams: Users, mattermost: MessagesSquare };

const moment = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const formatMoment = (iso: string | null) => (iso ? moment.format(new Date(iso)) : '—');

export function WebhooksScreen() {
  const endpoints = useWebhooks();
  const [editing, setEditing] = useState<WebhookEndpointView | 'new' | null>(null);
  const addButton = (
    <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
      <Plus className="size-4" aria-hidden="true" /> Add endpoint
    </button>
  );
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <Link to="/company-settings" className="btn btn-ghost btn-sm w-fit">
        <ArrowLeft className="size-4" aria-hidden="true" /> Company settings
      </Link>
      <PageHeader
        title="Webhooks and chat"
        description="Tell your other systems and your team chat when plans start and finish, tasks get done, people join or leave, and messages arrive."
        actions={endpoints.isSuccess && endpoints.data.length > 0 ? addButton : undefined}
      />
      {endpoints.isPending ? (
        <SectionLoading label="Loading endpoints..." />
      ) : endpoints.isError ? (
        <ErrorState error={endpoints.error} title="Could not load the webhook endpoints" onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <EmptyState icon={Webhook} title="No endpoints yet" action={addButton}>
          <p>
            A webhook sends each event the moment it happens, as signed JSON (Standard Webhooks), to a URL of yours: your IT system can provision a laptop when a plan is created.
            Or post readable messages to a Slack, Microsoft Teams or Mattermost channel. Failed deliveries are retried for a day.
          </p>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onEdit={() => setEditing(endpoint)} />
          ))}
        </ul>
      )}
      <EndpointDialog editing={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function StatusBadge({ endpoint }: { endpoint: WebhookEndpointView }) {
  return endpoint.enabled ? <span className="badge badge-success badge-soft badge-sm">Active</span> : <span className="badge badge-error badge-soft badge-sm">Disabled</span>;
}

function EndpointCard({ endpoint, onEdit }: { endpoint: WebhookEndpointView; onEdit: () => void }) {
  const Icon = KIND_ICONS[endpoint.kind];
  const [showLog, setShowLog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendTest();
  const logId = useId();
  const label = endpoint.description || endpoint.url;

  function reenable() {
    update.mutate(
      { id: endpoint.id, enabled: true },
      {
        onSuccess: () => notify.success('Endpoint re-enabled', 'New events go to it again.'),
        onError: (error) => notifyError(error, 'Could not re-enable the endpoint'),
      },
    );
  }

  function sendTest() {
    test.mutate(endpoint.id, {
      onSuccess: (delivery) => {
        setShowLog(true);
        if (delivery.status === 'delivered') notify.success('Test event delivered', `The endpoint answered ${delivery.statusCode}.`);
        else notify.error('Test event not delivered', `${delivery.error ?? 'No answer'}. It will be retried.`);
      },
      onError: (error) => notifyError(error, 'Could not send a test event'),
    });
  }

  function confirmDelete() {
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        setDeleting(false);
        notify.success('Endpoint deleted');
      },
      onError: (error) => notifyError(error, 'Could not delete the endpoint'),
    });
  }

  return (
    <li className="card bg-base-100 shadow-sm" aria-label={label}>
      <div className="card-body gap-3 p-4 md:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <span className="rounded-full bg-primary/10 p-2 text-primary" title={WEBHOOK_KIND_LABELS[endpoint.kind].label}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold">{WEBHOOK_KIND_LABELS[endpoint.kind].label}</h2>
                <StatusBadge endpoint={endpoint} />
                {endpoint.description && <span className="text-sm text-base-content/70">{endpoint.description}</span>}
              </div>
              <code className="text-xs break-all text-base-content/80">{endpoint.url}</code>
            </div>
          </div>
          <div className="flex flex-wrap gap-1">
            <button type="button" className="btn btn-ghost btn-sm" onClick={onEdit} aria-label={`Edit ${label}`}>
              <Pencil className="size-4" aria-hidden="true" /> Edit
            </button>
            <PendingButton
              type="button"
              tone="outline"
              className="btn-sm"
              pending={test.isPending}
              disabled={!endpoint.enabled}
              onClick={sendTest}
              icon={<Send className="size-4" aria-hidden="true" />}
            >
              Send test
            </PendingButton>
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setDeleting(true)} aria-label={`Delete ${label}`}>
              <Trash2 className="size-4" aria-hidden="true" /> Delete
            </button>
          </div>
        </div>
        {!endpoint.enabled && (
          <div role="alert" className="alert alert-error alert-soft flex-col items-start text-sm sm:flex-row sm:items-center">
            <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
            <span className="grow">
              Turned off {formatMoment(endpoint.disabledAt)}. {endpoint.disabledReason}
            </span>
            <PendingButton type="button" className="btn-sm" pending={update.isPending} onClick={reenable} icon={<Power className="size-4" aria-hidden="true" />}>
              Re-enable
            </PendingButton>
          </div>
        )}
        <div className="flex flex-wrap gap-1" aria-label="Events">
          {endpoint.events.map((event) => (
            <span key={event} className="badge badge-ghost badge-sm" title={event}>
              {WEBHOOK_EVENT_LABELS[event].label}
            </span>
          ))}
        </div>
        {endpoint.kind === 'webhook' && <SigningSecret secret={endpoint.secret} />}
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-base-content/70">
          <span>
            Last delivery:{' '}
            {endpoint.lastDelivery ? (
              <>
                {endpoint.lastDelivery.status}
                {endpoint.lastDelivery.statusCode !== null && ` (${endpoint.lastDelivery.statusCode})`}, {formatMoment(endpoint.lastDelivery.at)}
              </>
            ) : (
              'none yet'
            )}
          </span>
          <button type="button" className="btn btn-outline btn-sm" aria-expanded={showLog} aria-controls={logId} onClick={() => setShowLog((shown) => !shown)}>
            <History className="size-4" aria-hidden="true" /> {showLog ? 'Hide deliveries' : 'Show deliveries'}
          </button>
        </div>
        <div id={logId}>{showLog && <DeliveryLog endpoint={endpoint} />}</div>
      </div>
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title="Delete this endpoint?"
        icon={<AlertTriangle className="size-6 text-error" />}
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        <p>
          Events stop going to <strong className="break-all">{endpoint.url}</strong> and its delivery log is deleted. This cannot be undone.
        </p>
      </ConfirmDialog>
    </li>
  );
}

function SigningSecret({ secret }: { secret: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Signing secret copied');
    } catch {
      notify.error('Could not copy the secret', 'Show it and copy it from the field yourself.');
    }
  }
  return (
    <div className="fieldset gap-1 py-0">
      <label htmlFor={id} className="fieldset-legend py-0 text-sm">
        Signing secret
      </label>
      <div className="join w-full max-w-xl">
        <input
          id={id}
          className="input input-sm join-item w-full font-mono text-xs"
          type={shown ? 'text' : 'password'}
          value={secret}
          readOnly
          autoComplete="off"
          spellCheck={false}
        />
        <button type="button" className="btn btn-sm join-item" onClick={() => setShown((value) => !value)} aria-label={shown ? 'Hide signing secret' : 'Show signing secret'}>
          {shown ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
        <button type="button" className="btn btn-sm join-item" onClick={() => void copy()} aria-label="Copy signing secret">
          <Copy className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p className="text-xs text-base-content/70">
        Verify the <code>webhook-signature</code> header with it, using a Standard Webhooks library.
      </p>
    </div>
  );
}

const STATUS_BADGES: Record<WebhookDeliveryView['status'], string> = { delivered: 'badge-success', pending: 'badge-warning', failed: 'badge-error' };

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const log = useDeliveries(endpoint.id);
  const resend = useResendDelivery();
  const queryClient = useQueryClient();
  const newest = log.data?.pages[0]?.deliveries[0];
  const listedStatus = endpoint.lastDelivery?.status;
  // The log reads more often than the list: when it knows a newer outcome, the card's "Last delivery" follows.
  useEffect(() => {
    if (newest && newest.status !== listedStatus) void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true });
    // Only a change of the newest delivery (or its outcome) asks again; a list that still differs does not loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newest?.id, newest?.status]);
  if (log.isPending) {
    return <SectionLoading label="Loading deliveries..." />;
  }
  if (log.isError) return <ErrorState error={log.error} title="Could not load the deliveries" onRetry={() => void log.refetch()} />;
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  if (deliveries.length === 0) return <p className="py-3 text-sm text-base-content/70">Nothing sent yet. Send a test event, or wait for the next event it listens for.</p>;

  function resendOne(delivery: WebhookDeliveryView) {
    resend.mutate(
      { endpointId: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: (after) =>
          after.status === 'delivered'
            ? notify.success('Delivery resent', `The endpoint answered ${after.statusCode}.`)
            : notify.error('Resend failed', after.error ?? 'No answer'),
        onError: (error) => notifyError(error, 'Could not resend the delivery'),
      },
    );
  }

  /** A plain function, not a component: both layouts call it, and nothing remounts. */
  function resendButton(delivery: WebhookDeliveryView) {
    return (
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        disabled={!endpoint.enabled || (resend.isPending && resend.variables.deliveryId === delivery.id)}
        onClick={() => resendOne(delivery)}
        aria-label={`Resend ${delivery.event} of ${formatMoment(delivery.createdAt)}`}
      >
        <RotateCcw className="size-3.5" aria-hidden="true" /> Resend
      </button>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {/* Phones: one block per delivery; wider screens: the table. */}
      <ul className="flex flex-col divide-y divide-base-200 rounded-box border border-base-200 sm:hidden" aria-label={`Deliveries to ${endpoint.url}`}>
        {deliveries.map((delivery) => (
          <li key={delivery.id} className="flex items-start justify-between gap-2 p-3" data-testid="delivery-item">
            <div className="flex min-w-0 flex-col gap-1 text-xs">
              <span className="font-mono text-sm">{delivery.event}</span>
              <time dateTime={delivery.createdAt}>{formatMoment(delivery.createdAt)}</time>
              <span>
                <span className={`badge badge-soft badge-sm ${STATUS_BADGES[delivery.status]}`}>
                  {delivery.status}
                  {delivery.statusCode !== null && ` (${delivery.statusCode})`}
                </span>{' '}
                {formatCount(delivery.attempts, 'attempt')}
              </span>
              {delivery.error && delivery.status !== 'delivered' && <span className="text-base-content/70">{delivery.error}</span>}
              {delivery.nextAttemptAt && <span className="text-base-content/70">Next retry {formatMoment(delivery.nextAttemptAt)}</span>}
            </div>
            {resendButton(delivery)}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-box border border-base-200 sm:block">
        <table className="table table-sm" aria-label={`Deliveries to ${endpoint.url}`}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Time</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Next retry</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.map((delivery) => (
              <tr key={delivery.id} data-testid="delivery-row">
                <td className="font-mono text-xs">{delivery.event}</td>
                <td className="text-xs whitespace-nowrap">
                  <time dateTime={delivery.createdAt}>{formatMoment(delivery.createdAt)}</time>
                </td>
                <td>
                  <span className={`badge badge-soft badge-sm ${STATUS_BADGES[delivery.status]}`}>
                    {delivery.status}
                    {delivery.statusCode !== null && ` (${delivery.statusCode})`}
                  </span>
                  {delivery.error && delivery.status !== 'delivered' && <span className="block text-xs text-base-content/70">{delivery.error}</span>}
                </td>
                <td>{delivery.attempts}</td>
                <td className="text-xs whitespace-nowrap">{formatMoment(delivery.nextAttemptAt)}</td>
                <td>{resendButton(delivery)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {log.hasNextPage && (
        <PendingButton type="button" tone="outline" className="btn-sm self-center" pending={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          Older deliveries
        </PendingButton>
      )}
    </div>
  );
}

type EndpointFormValues = { kind: string; url: string; description: string; events: string };

/** The form's flat values (events joined by commas) reshaped into the API's body and checked by its schema. */
const EndpointFormSchema = v.pipe(
  v.object({ kind: v.string(), url: v.string(), description: v.string(), events: v.string() }),
  v.transform(({ kind, url, description, events }): WebhookEndpointCreateInput => ({
    kind: kind as WebhookKind,
    url,
    description,
    events: (events ? events.split(',') : []) as WebhookEvent[],
  })),
  WebhookEndpointCreateSchema,
);

function EndpointDialog({ editing, onClose }: { editing: WebhookEndpointView | 'new' | null; onClose: () => void }) {
  const title = editing === 'new' ? 'Add an endpoint' : 'Edit endpoint';
  return (
    <Modal open={editing !== null} onClose={onClose} title={title} icon={<Webhook className="size-6 text-primary" />}>
      {editing !== null && <EndpointForm key={editing === 'new' ? 'new' : editing.id} endpoint={editing === 'new' ? null : editing} onDone={onClose} />}
    </Modal>
  );
}

function EndpointForm({ endpoint, onDone }: { endpoint: WebhookEndpointView | null; onDone: () => void }) {
  const form = useForm<EndpointFormValues>(EndpointFormSchema, {
    kind: endpoint?.kind ?? 'webhook',
    url: endpoint?.url ?? '',
    description: endpoint?.description ?? '',
    events: (endpoint?.events ?? [...WEBHOOK_EVENTS]).join(','),
  });
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const pending = create.isPending || update.isPending;
  const eventsHint = useId();
  const chosen = new Set(form.values.events ? form.values.events.split(',') : []);
  const kind = form.values.kind as WebhookKind;

  function toggle(event: WebhookEvent, on: boolean) {
    const next = WEBHOOK_EVENTS.filter((name) => (name === event ? on : chosen.has(name)));
    form.set('events', next.join(','));
  }

  function onSubmit(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    const input = form.submit(EndpointFormSchema);
    if (!input) return;
    const onError = (error: unknown) => {
      form.showServerIssues(error);
      notifyError(error, endpoint ? 'Could not save the endpoint' : 'Could not add the endpoint');
    };
    if (endpoint) {
      update.mutate(
        { id: endpoint.id, url: input.url, description: input.description, events: input.events },
        { onSuccess: () => (notify.success('Endpoint saved'), onDone()), onError },
      );
    } else {
      create.mutate(input, { onSuccess: () => (notify.success('Endpoint added', 'Its signing secret is on its card.'), onDone()), onError });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <SelectField
        {...form.field('kind')}
        label="Kind"
        hint={WEBHOOK_KIND_LABELS[kind]?.description}
        disabled={endpoint !== null}
        options={WEBHOOK_KINDS.map((value) => ({ value, label: WEBHOOK_KIND_LABELS[value].label }))}
      />
      <TextField
        {...form.field('url')}
        label="URL"
        type="url"
        inputMode="url"
        placeholder={kind === 'webhook' ? 'https://hr.example.com/kickoff-events' : 'https://hooks.example.com/…'}
        hint={kind === 'webhook' ? 'Where Kickoff POSTs each event.' : 'The incoming webhook URL your chat tool gave you.'}
        maxLength={WEBHOOK_LIMITS.url}
        autoComplete="off"
        required
      />
      <TextField
        {...form.field('description')}
        label="Description (optional)"
        hint="What it is for, e.g. “IT provisioning”."
        maxLength={WEBHOOK_LIMITS.description}
        autoComplete="off"
      />
      <fieldset className="fieldset gap-1 py-1" aria-describedby={eventsHint}>
        <legend className="fieldset-legend py-0 text-sm">Events</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex cursor-pointer items-start gap-2 rounded-box p-1.5 hover:bg-base-200" aria-label={WEBHOOK_EVENT_LABELS[event].label}>
              <input
                type="checkbox"
                className="checkbox checkbox-primary checkbox-sm mt-0.5"
                checked={chosen.has(event)}
                onChange={(change) => toggle(event, change.target.checked)}
              />
              <span className="flex flex-col">
                <span className="text-sm font-medium">{WEBHOOK_EVENT_LABELS[event].label}</span>
                <span className="text-xs text-base-content/70">{WEBHOOK_EVENT_LABELS[event].description}</span>
              </span>
            </label>
          ))}
        </div>
        <p id={eventsHint} className={`text-xs ${form.error('events') ? 'text-error' : 'text-base-content/70'}`} role={form.error('events') ? 'alert' : undefined}>
          {form.error('events') ?? 'Only the events you choose are sent.'}
        </p>
      </fieldset>
      <DialogActions
        onCancel={onDone}
        cancelDisabled={pending}
        confirm={
          <PendingButton type="submit" pending={pending} icon={endpoint ? <Check className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </PendingButton>
        }
      />
    </form>
  );
}
