// The two CSV downloads for staff (issue 21): people, and plans with their progress. Plain links: the
// browser saves the file the API names (Content-Disposition), with the session cookie it already sends.
import { Download } from 'lucide-react';

export const PEOPLE_EXPORT_URL = '/api/people/export.csv';
export const PLANS_EXPORT_URL = '/api/onboarding-plans/export.csv';

type Props = { className?: string };

export function ExportPeopleLink({ className = 'btn btn-outline' }: Props) {
  return (
    <a className={className} href={PEOPLE_EXPORT_URL} download>
      <Download className="size-4" aria-hidden="true" /> Export people
    </a>
  );
}

export function ExportPlansLink({ className = 'btn btn-outline' }: Props) {
  return (
    <a className={className} href={PLANS_EXPORT_URL} download>
      <Download className="size-4" aria-hidden="true" /> Export plans
    </a>
  );
}
