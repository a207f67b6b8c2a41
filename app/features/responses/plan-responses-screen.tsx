// /plans/{planId}/responses (admin or the plan's manager, checked by its route): what the new hire
// handed in — form answers, policy acceptances with their evidence, uploaded documents — with the
// CSV export of each form or policy across every plan of the template.
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ClipboardList, Download, FileCheck2, FileText, FileImage } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AcknowledgementRecord } from '../../../shared/acknowledgements.ts';
import { displayName } from '../../../shared/auth.ts';
import { ERROR_CODE } from '../../../shared/errors.ts';
import { formAnswerText } from '../../../shared/forms.ts';
import { responsesCsvUrl, type AcknowledgementResponse, type FormResponse, type PlanResponses, type UploadResponse } from '../../../shared/responses.ts';
import { fileDownloadUrl } from '../../../shared/uploads.ts';
import { formatFileSize } from '../../components/task-content/action-content.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { PlanNotFound } from '../../components/ui/plan-not-found.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { PageHeader, SectionHeader } from '../../components/ui/page-header.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { formatCount, formatDay } from '../../lib/format.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { usePlanResponses } from './api/get-plan-responses.ts';

const momentFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
/** A moment as a date and time in the reader's locale: when it was submitted, accepted, uploaded. */
const formatMoment = (iso: string) => momentFormat.format(new Date(iso));

/** How many characters of a SHA-256 the list shows; the whole hash is in the tooltip and the export. */
const SHORT_HASH_LENGTH = 12;

function BackLink() {
  return (
    <Link to="/" activeOptions={{ exact: true }} className="btn btn-sm btn-ghost self-start">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to dashboard
    </Link>
  );
}

export function PlanResponsesScreen({ planId }: { planId: string }) {
  const { data, isPending, error, refetch } = usePlanResponses(planId);
  if (isPending) return <LoadingScreen label="Loading responses..." />;
  if (hasErrorCode(error, ERROR_CODE.notFound)) return <PlanNotFound />;
  if (error) return <ErrorState error={error} onRetry={() => void refetch()} title="Could not load the responses" />;
  return <ResponsesView responses={data} />;
}

function ResponsesView({ responses }: { responses: PlanResponses }) {
  const { plan, forms, acknowledgements, uploads } = responses;
  const name = displayName(plan.newHire);
  const nothingToCollect = forms.length === 0 && acknowledgements.length === 0 && uploads.length === 0;
  return (
    <section className="flex flex-col gap-6">
      <BackLink />
      <PageHeader
        title={`${name}’s responses`}
        description={
          <>
            {plan.templateTitle ?? 'Template removed'} · starts {formatDay(plan.startDate)}
          </>
        }
      />
      {nothingToCollect ? (
        <EmptyState
          icon={ClipboardList}
          title="Nothing to collect on this plan"
          action={
            <Link to="/templates" className="btn btn-primary btn-sm">
              Go to templates
            </Link>
          }
        >
          Add a form, a policy to accept or a document upload task to the template (or to this plan’s own tasks) and what {name} hands in shows here.
        </EmptyState>
      ) : (
        <>
          {forms.length > 0 && (
            <ResponsesSection title="Forms" count={forms.length}>
              {forms.map((form) => (
                <FormCard key={form.taskId} form={form} templateId={plan.templateId} />
              ))}
            </ResponsesSection>
          )}
          {acknowledgements.length > 0 && (
            <ResponsesSection title="Policies" count={acknowledgements.length}>
              {acknowledgements.map((policy) => (
                <PolicyCard key={policy.taskId} policy={policy} templateId={plan.templateId} />
              ))}
            </ResponsesSection>
          )}
          {uploads.length > 0 && (
            <ResponsesSection title="Documents" count={uploads.length}>
              {uploads.map((upload) => (
                <DocumentsCard key={upload.taskId} upload={upload} />
              ))}
            </ResponsesSection>
          )}
        </>
      )}
    </section>
  );
}

function ResponsesSection({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <SectionHeader
        title={
          <>
            {title} <span className="badge badge-ghost badge-sm align-middle">{count}</span>
          </>
        }
      />
      <div className="flex flex-col gap-3">{children}</div>
    </section>
  );
}

/** A task's card: its title, where it stands, and the export across the template when it has one. */
function TaskCard({ title, status, action, children }: { title: string; status: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <article className="card card-border bg-base-100" aria-label={title}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold break-words">{title}</h3>
            <div className="mt-1">{status}</div>
          </div>
          {action}
        </div>
        {children}
      </div>
    </article>
  );
}

function ExportLink({ templateId, templateTaskId, label }: { templateId: string | null; templateTaskId: string | null; label: string }) {
  // A task added to this one plan has no template task to gather across plans.
  if (!templateId || !templateTaskId) return null;
  return (
    <a className="btn btn-sm btn-outline" href={responsesCsvUrl(templateId, templateTaskId)} download>
      <Download className="size-4" aria-hidden="true" />
      {label}
    </a>
  );
}

function FormCard({ form, templateId }: { form: FormResponse; templateId: string | null }) {
  const { answers } = form;
  return (
    <TaskCard
      title={form.title}
      status={
        form.submittedAt ? (
          <span className="badge badge-success badge-sm">Submitted {formatMoment(form.submittedAt)}</span>
        ) : (
          <span className="badge badge-ghost badge-sm">Not submitted yet</span>
        )
      }
      action={<ExportLink templateId={templateId} templateTaskId={form.templateTaskId} label="Export all answers (CSV)" />}
    >
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,16rem)_1fr]">
        {form.questions.map((question) => {
          const answer = answers ? formAnswerText(question, answers[question.id]) : '';
          return (
            <div key={question.id} className="contents">
              <dt className="text-sm font-medium text-base-content/70">{question.label}</dt>
              <dd className="-mt-2 break-words whitespace-pre-line sm:mt-0">{answer || <span className="text-base-content/60">{answers ? 'No answer' : '—'}</span>}</dd>
            </div>
          );
        })}
      </dl>
    </TaskCard>
  );
}

function PolicyCard({ policy, templateId }: { policy: AcknowledgementResponse; templateId: string | null }) {
  return (
    <TaskCard
      title={policy.title}
      status={policy.isCompleted ? <span className="badge badge-success badge-sm">Accepted</span> : <span className="badge badge-ghost badge-sm">Not accepted yet</span>}
      action={<ExportLink templateId={templateId} templateTaskId={policy.templateTaskId} label="Export acceptances (CSV)" />}
    >
      {policy.records.length === 0 ? (
        <p className="text-sm text-base-content/70">No one has accepted this policy on this plan yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {policy.records.map((record) => (
            <AcceptanceRecord key={record.id} record={record} />
          ))}
        </ul>
      )}
    </TaskCard>
  );
}

function RecordField({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2 lg:col-span-3' : ''}`}>
      <dt className="text-xs text-base-content/70">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

/** The whole hash, to compare with a file's own (sha256sum) or the export's. */
async function copyHash(sha256: string) {
  try {
    await navigator.clipboard.writeText(sha256);
    notify.success('Hash copied');
  } catch (error) {
    notifyError(error, 'Could not copy the hash');
  }
}

function AcceptanceRecord({ record }: { record: AcknowledgementRecord }) {
  return (
    <li className="rounded-box border border-base-300 p-3">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <FileCheck2 className="size-4 text-success" aria-hidden="true" />
        <span className="font-medium break-words">{record.typedName}</span>
        <span className="badge badge-outline badge-sm">Version {record.version}</span>
        {!record.isCurrent && <span className="badge badge-warning badge-sm">Policy changed since</span>}
      </div>
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        <RecordField label="Accepted on">{formatMoment(record.acceptedAt)}</RecordField>
        <RecordField label="SHA-256">
          <Tooltip content={<span className="break-all">{record.sha256} (click to copy)</span>}>
            <button
              type="button"
              title={record.sha256}
              aria-label={`SHA-256 ${record.sha256}, copy`}
              className="cursor-copy rounded-field bg-base-200 px-1 font-mono text-xs"
              onClick={() => void copyHash(record.sha256)}
            >
              {record.sha256.slice(0, SHORT_HASH_LENGTH)}…
            </button>
          </Tooltip>
        </RecordField>
        <RecordField label="IP address">{record.ipAddress ?? '—'}</RecordField>
        <RecordField label="User agent" wide>
          <span className="text-base-content/80">{record.userAgent ?? '—'}</span>
        </RecordField>
      </dl>
    </li>
  );
}

function DocumentsCard({ upload }: { upload: UploadResponse }) {
  return (
    <TaskCard
      title={upload.title}
      status={
        upload.files.length ? (
          <span className="badge badge-success badge-sm">{formatCount(upload.files.length, 'file')}</span>
        ) : (
          <span className="badge badge-ghost badge-sm">Nothing uploaded yet</span>
        )
      }
    >
      {upload.files.length > 0 && (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {upload.files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3 p-3">
              {file.contentType === 'application/pdf' ? (
                <FileText className="size-5 shrink-0 text-base-content/60" aria-hidden="true" />
              ) : (
                <FileImage className="size-5 shrink-0 text-base-content/60" aria-hidden="true" />
              )}
              <div className="min-w-0 flex-1">
                <p className="font-medium break-all">{file.name}</p>
                <p className="text-xs text-base-content/70">
                  {formatFileSize(file.size)} · uploaded {formatMoment(file.createdAt)}
                </p>
              </div>
              <a className="btn btn-sm" href={fileDownloadUrl(file.id)} download={file.name} aria-label={`Download ${file.name}`}>
                <Download className="size-4" aria-hidden="true" />
                Download
              </a>
            </li>
          ))}
        </ul>
      )}
    </TaskCard>
  );
}
