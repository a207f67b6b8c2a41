// A new hire's open tasks in the sidebar, counted on the device (their tasks are offline-first). Loaded
// lazily by the app shell, so staff screens never download the sync engine for it.
import type { SessionUser } from '../../../shared/auth.ts';
import { useLocalMyTasksCount, useSyncEngine, useToday } from '../../sync/hooks.ts';
import { NavCount } from './nav-count.tsx';

export default function LocalMyTasksCount({ user }: { user: SessionUser }) {
  const open = useLocalMyTasksCount(useSyncEngine(user), useToday())?.open;
  return <NavCount count={open} label="open tasks" tone="badge-primary" />;
}
