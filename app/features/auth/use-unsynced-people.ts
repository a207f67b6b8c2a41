// Shared devices: whose changes still wait on this device, for the sign-in screens. The reading code
// loads after the screen has drawn; the warning itself loads only when there is something to say.
import { useEffect, useState } from 'react';
import type { LocalPerson } from '../../sync/local-data.ts';
export type UnsyncedPeople = {
  people: LocalPerson[];
  /** The people whose changes signing in as `email` would remove (everyone's but that person's own). */
  othersThan: (email: string) => LocalPerson[];
};

const none: UnsyncedPeople = { people: [], othersThan: () => [] };

export function useUnsyncedPeople(): UnsyncedPeople {
  const [found, setFound] = useState<UnsyncedPeople>(none);
  useEffect(() => {
    let live = true;
    void import('../../sync/local-data.ts')
      .then(async (module) => {
        const people = await module.unsyncedPeople();
        if (live && people.length > 0) setFound({ people, othersThan: (email) => module.unsyncedOfOthers(people, email) });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return found;
}

/** After someone signed in: no one else's local data stays (app/sync/local-data.ts). */
export function clearOtherPeoplesData(userId: string): Promise<unknown> {
  return import('../../sync/local-data.ts').then((module) => module.clearLocalData({ kind: 'signed-in', userId })).catch(() => undefined);
}
