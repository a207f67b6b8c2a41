// Company settings' "Reminders and jobs" (admins): each job that sends the company's reminders, when it
// last ran and runs next on the company's clock, whether it is failing and why, and the mail outbox.
import { CalendarClock, Mail } from 'lucide-react';
import type { JobsOverview, JobView } from '../../../shared/notifications.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { formatCount } from '../../lib/format.ts';
import { useJobs } from './api/get-jobs.ts';
import { formatJobTime } from './job-time.ts';
import { SectionLoading } from '../../components/ui/section-loading.tsx';

/** `timeZone`: the company's, in which every time here is read. */
export function JobsPanel({ timeZone }: { timeZone: string }) {
  const jobs = useJobs();
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby="company-jobs">
      <div className="card-body gap-0 p-4 md:p-6">
        <h2 id="company-jobs" className="card-title text-lg">
          <CalendarClock className="size-5 text-primary" aria-hidden="true" /> Reminders and jobs
        </h2>
        <p className="mt-1 mb-2 text-sm text-base-content/70">
          What the server sends for your company, and when. Times are in <span className="font-medium text-base-content">{timeZone}</span>.
        </p>
        {jobs.isPending ? (
          <SectionLoading label="Loading jobs..." />
        ) : jobs.isError ? (
          <ErrorState error={jobs.error} title="Could not load the jobs" onRetry={() => void jobs.refetch()} />
        ) : (
          <JobsList overview={jobs.data} timeZone={timeZone} />
        )}
      </div>
    </section>
  );
}

function JobsList({ overview, timeZone }: { overview: JobsOverview; timeZone: string }) {
  const { pending, failed, sentToday } = overview.outbox;
  return (
    <>
      <p className={`flex items-center gap-2 rounded-box px-3 py-2 text-sm ${failed > 0 ? 'bg-warning/15' : 'bg-base-200'}`} data-testid="outbox-summary">
        <Mail className="size-4 shrink-0" aria-hidden="true" />
        <span>
          {formatCount(pending, 'mail')} waiting, {new Intl.NumberFormat().format(failed)} failed, {new Intl.NumberFormat().format(sentToday)} sent today
        </span>
      </p>
      {overview.jobs.length === 0 ? (
        <p className="py-4 text-sm text-base-content/70">No jobs yet. The server sets up your company’s reminders within a minute of starting.</p>
      ) : (
        <ul className="divide-y divide-base-200" aria-label="Jobs">
          {overview.jobs.map((job) => (
            <JobRow key={job.name} job={job} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </>
  );
}

function JobRow({ job, timeZone }: { job: JobView; timeZone: string }) {
  const failing = job.attempts > 0;
  return (
    <li className="flex flex-col gap-1 py-3" aria-label={job.label}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{job.label}</span>
        <JobStatus job={job} />
      </div>
      <dl className="flex flex-col text-sm text-base-content/70 sm:flex-row sm:gap-8">
        <div className="flex gap-3 sm:w-64">
          <dt className="w-16 shrink-0 sm:w-auto">Last run</dt>
          <dd className="text-base-content">{job.lastRunAt ? formatJobTime(job.lastRunAt, timeZone) : 'Not yet'}</dd>
        </div>
        <div className="flex gap-3">
          <dt className="w-16 shrink-0 sm:w-auto">Next run</dt>
          <dd className="text-base-content">{formatJobTime(job.nextRunAt, timeZone)}</dd>
        </div>
      </dl>
      {failing && job.lastError && <p className="text-sm break-words text-error">Last error: {job.lastError}</p>}
    </li>
  );
}

function JobStatus({ job }: { job: JobView }) {
  if (job.running) return <span className="badge badge-info badge-sm">Running</span>;
  if (job.attempts > 0) return <span className="badge badge-error badge-sm">Failing: {formatCount(job.attempts, 'failure')}</span>;
  return <span className="badge badge-success badge-sm">OK</span>;
}
