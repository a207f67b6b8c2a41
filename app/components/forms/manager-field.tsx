// The Manager field of a plan or an invitation: 'No manager' first, then the people who can manage.
import { displayName } from '../../../shared/auth.ts';
import { NO_MANAGER } from '../../../shared/onboarding-requests.ts';
import { SelectField } from './fields.tsx';
import type { BoundField } from './use-form.ts';

type Person = { id: string; fullName: string | null; email: string };

export function ManagerField({ label, managers, ...field }: BoundField & { label: string; managers: ReadonlyArray<Person> }) {
  return (
    <SelectField label={label} {...field} options={[{ value: NO_MANAGER, label: 'No manager' }, ...managers.map((person) => ({ value: person.id, label: displayName(person) }))]} />
  );
}
