import { createFileRoute } from '@tanstack/react-router';
import { TermsOfServicePage } from '../features/site/legal-page.tsx';

export const Route = createFileRoute('/terms-of-service')({
  component: TermsOfServicePage,
});
