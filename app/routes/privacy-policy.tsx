import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/site/legal-page.tsx';

export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicyPage,
});
