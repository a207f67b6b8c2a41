// Shared devices: the sign-in screens say whose changes still wait on this device, because signing
// in as anyone else removes them (app/sync/local-data.ts has the rules).
import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { describeUnsynced, unsyncedPeople, type LocalPerson } from '../../sync/local-data.ts';

/** The people whose changes wait here (empty until read, and when there are none). */
export function useUnsyncedPeople(): LocalPerson[] {
  const [people, setPeople] = useState<LocalPerson[]>([]);
  useEffect(() => {
    let live = true;
    void unsyncedPeople().then((found) => {
      if (live) setPeople(found);
    });
    return () => {
      live = false;
    };
  }, []);
  return people;
}

function ownerName(person: LocalPerson): string {
  return person.owner?.fullName || person.owner?.email || 'the person who made them';
}

export function UnsyncedChangesNotice({ people, action }: { people: LocalPerson[]; action: 'sign-in' | 'sign-up' }) {
  if (people.length === 0) return null;
  const only = people.length === 1 ? people[0]! : null;
  return (
    <div role="alert" className="alert alert-warning items-start text-left text-sm">
      <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">Unsynced changes on this device</p>
        <p>
          {action === 'sign-in'
            ? `${describeUnsynced(people)} will be removed if someone else signs in here.${only ? ` Sign in as ${ownerName(only)} to sync ${only.pending === 1 ? 'it' : 'them'}.` : ''}`
            : `${describeUnsynced(people)} will be removed if you create an account here.`}
        </p>
      </div>
    </div>
  );
}
