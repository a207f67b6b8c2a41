// /company-settings (admins, checked by its route): the company's name and contact details (the city
// prefills payments), its time zone (when reminders go out) and the four Helpful Resources links every
// new hire's dashboard shows; below, what the route hands it (the reminder jobs' panel).
import { BookOpen, Building2, CircleCheck, Link2, Save } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { DIGEST_HOUR } from '../../../shared/notifications.ts';
import { COMPANY_LIMITS, CompanySettingsSchema, HELPFUL_RESOURCES, type CompanySettings, type CompanySettingsInput, type HelpfulResourceKey } from '../../../shared/company.ts';
import { TextField } from '../../components/forms/fields.tsx';
import { useForm } from '../../components/forms/use-form.ts';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { LoadingScreen } from '../../components/ui/loading-screen.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { useCompany } from '../../lib/api/get-company.ts';
import { notify, notifyError } from '../../lib/notify.ts';
import { useUpdateCompany } from './api/update-company.ts';
import { TimeZoneField } from './time-zone-field.tsx';

/** A link's field is named by its path in the request ('resources.benefitsGuide'), as the API's 400 names it. */
type ResourceField = `resources.${HelpfulResourceKey}`;
const resourceField = (key: HelpfulResourceKey): ResourceField => `resources.${key}`;
type CompanyFormValues = Record<'name' | 'address' | 'phone' | 'city' | 'timeZone' | ResourceField, string>;

const FormValuesSchema = v.object({
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  city: v.string(),
  timeZone: v.string(),
  ...(Object.fromEntries(HELPFUL_RESOURCES.map(({ key }) => [resourceField(key), v.string()])) as Record<ResourceField, v.StringSchema<undefined>>),
});

/** The form's flat values reshaped into the PATCH body, then checked by the API's own schema: one set of rules and messages. */
const CompanyFormSchema = v.pipe(
  FormValuesSchema,
  v.transform(({ name, address, phone, city, timeZone, ...links }): CompanySettingsInput => ({
    name,
    address,
    phone,
    city,
    timeZone,
    resources: Object.fromEntries(HELPFUL_RESOURCES.map(({ key }) => [key, links[resourceField(key)]])),
  })),
  CompanySettingsSchema,
);

function valuesOf(company: CompanySettings): CompanyFormValues {
  return {
    name: company.name,
    address: company.address ?? '',
    phone: company.phone ?? '',
    city: company.city ?? '',
    timeZone: company.timeZone,
    ...(Object.fromEntries(HELPFUL_RESOURCES.map(({ key }) => [resourceField(key), company.resources[key] ?? ''])) as Record<ResourceField, string>),
  };
}

const SAVE_FAILED = 'Failed to save company settings. Please try again.';
const TIME_ZONE_HINT = `Reminders go out at ${String(DIGEST_HOUR).padStart(2, '0')}:00 in this time zone.`;

/** `jobsPanel`: shown under the form once the company is loaded, given its saved time zone. */
export function CompanySettingsScreen({ jobsPanel }: { jobsPanel?: (timeZone: string) => ReactNode } = {}) {
  const company = useCompany();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title="Company settings"
        description="Your company’s details, and the links every new hire finds on their dashboard."
        actions={
          // The API's OpenAPI reference (served by the API, not a screen of the app): for whoever connects other tools.
          <a className="btn btn-ghost btn-sm" href="/api/docs" target="_blank" rel="noopener noreferrer">
            <BookOpen className="size-4" aria-hidden="true" /> API reference<span className="sr-only"> (opens in a new tab)</span>
          </a>
        }
      />
      {company.isPending ? (
        <LoadingScreen label="Loading company settings..." />
      ) : company.isError ? (
        <ErrorState error={company.error} title="Could not load company settings" onRetry={() => void company.refetch()} />
      ) : (
        <>
          <CompanySettingsForm company={company.data} />
          {jobsPanel?.(company.data.timeZone)}
        </>
      )}
    </div>
  );
}

/** Messages show from the first Save on (none on leaving a field, so none appears under the pointer on its way to Save). */
function CompanySettingsForm({ company }: { company: CompanySettings }) {
  const form = useForm(CompanyFormSchema, valuesOf(company));
  const update = useUpdateCompany();
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a Save the rules (here or the API's) refused: the first field with a message, so keyboard and screen reader users land on what to fix.
  const [refusedSaves, setRefusedSaves] = useState(0);
  useEffect(() => {
    if (refusedSaves > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedSaves]);
  const stored = valuesOf(company);
  const changed = (Object.keys(stored) as (keyof CompanyFormValues)[]).some((name) => form.values[name] !== stored[name]);
  const linksSet = HELPFUL_RESOURCES.filter(({ key }) => form.values[resourceField(key)].trim()).length;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = form.submit(CompanyFormSchema);
    if (!body) {
      setRefusedSaves((count) => count + 1);
      return;
    }
    update.mutate(body, {
      onSuccess: (answer) => {
        form.reset(valuesOf(answer));
        setSaved(true);
        notify.success('Company settings saved', 'New hires see the links the next time their app syncs.');
      },
      onError: (error) => {
        if (form.showServerIssues(error)) setRefusedSaves((count) => count + 1);
        notifyError(error, SAVE_FAILED, SAVE_FAILED);
      },
    });
  }

  return (
    <form ref={formRef} className="flex flex-col gap-6" onSubmit={onSubmit} noValidate>
      <SettingsCard
        id="company-details"
        icon={<Building2 className="size-5 text-primary" aria-hidden="true" />}
        title="Company details"
        description="Shown to your team and used to prefill your payment details; the time zone sets when reminders go out."
      >
        <div className="grid gap-x-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField {...form.field('name')} label="Company name" autoComplete="organization" maxLength={COMPANY_LIMITS.name} required />
          </div>
          <div className="sm:col-span-2">
            <TextField {...form.field('address')} label="Address" autoComplete="street-address" maxLength={COMPANY_LIMITS.address} />
          </div>
          <TextField {...form.field('city')} label="City" autoComplete="address-level2" maxLength={COMPANY_LIMITS.city} />
          <TextField {...form.field('phone')} label="Phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="+94 11 234 5678" />
          <div className="sm:col-span-2">
            <TimeZoneField field={form.field('timeZone')} stored={company.timeZone} hint={TIME_ZONE_HINT} />
          </div>
        </div>
      </SettingsCard>

      <SettingsCard
        id="company-resources"
        icon={<Link2 className="size-5 text-primary" aria-hidden="true" />}
        title="Helpful Resources"
        extra={
          <span className="badge badge-ghost badge-sm font-normal">
            {linksSet} of {HELPFUL_RESOURCES.length} set
          </span>
        }
        description="New hires see these links on their dashboard, even offline. Leave a link empty and it is not shown."
      >
        {HELPFUL_RESOURCES.map(({ key, label }) => (
          <TextField
            key={key}
            {...form.field(resourceField(key))}
            label={label}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={COMPANY_LIMITS.url}
          />
        ))}
      </SettingsCard>

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <p role="status" className="flex items-center justify-center gap-1.5 text-sm text-base-content/70 sm:justify-end">
          {changed ? (
            'Unsaved changes'
          ) : saved ? (
            <>
              <CircleCheck className="size-4 text-success" aria-hidden="true" /> All changes saved
            </>
          ) : null}
        </p>
        <PendingButton type="submit" pending={update.isPending} icon={<Save className="size-4" aria-hidden="true" />}>
          Save changes
        </PendingButton>
      </div>
    </form>
  );
}

function SettingsCard({
  id,
  icon,
  title,
  extra,
  description,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  extra?: ReactNode;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={id}>
      <div className="card-body gap-0 p-4 md:p-6">
        <h2 id={id} className="card-title text-lg">
          {icon} {title}
          {extra}
        </h2>
        <p className="mt-1 mb-2 text-sm text-base-content/70">{description}</p>
        {children}
      </div>
    </section>
  );
}
