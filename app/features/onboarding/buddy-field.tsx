// The Buddy field of a plan (optional): any colleague in the company except the person the plan is for.
import { displayName } from '../../../shared/auth.ts';
import { NO_MANAGER } from '../../../shared/onboarding-requests.ts';
import { SelectField } from '../../components/forms/fields.tsx';
import type { BoundField } from '../../components/forms/use-form.ts';

type Person = { id: string; fullName: string | null; email: string };

export function BuddyField({ people, personId, ...field }: BoundField & { people: ReadonlyArray<Person> | undefined; personId: string }) {
  const colleagues = (people ?? []).filter((person) => person.id !== personId);
  return (
    <SelectField
      label="Buddy (optional)"
      hint="A colleague to turn to; tasks for the buddy go to this person."
      {...field}
      options={[{ value: NO_MANAGER, label: 'No buddy' }, ...colleagues.map((person) => ({ value: person.id, label: displayName(person) }))]}
    />
  );
}
