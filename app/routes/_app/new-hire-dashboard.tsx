import { createFileRoute } from '@tanstack/react-router';
import { NewHireDashboard } from '../../features/new-hire/new-hire-dashboard.tsx';

export const Route = createFileRoute('/_app/new-hire-dashboard')({
  component: NewHireDashboard,
});
