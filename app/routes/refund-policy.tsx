import { createFileRoute } from '@tanstack/react-router';
import { RefundPolicyPage } from '../features/site/legal-page.tsx';

export const Route = createFileRoute('/refund-policy')({
  component: RefundPolicyPage,
});
