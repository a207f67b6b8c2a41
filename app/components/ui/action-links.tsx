// The two calls to action staff screens repeat in headers and empty lists: invite someone, make a template.
import { Link } from '@tanstack/react-router';
import { Plus, UserPlus } from 'lucide-react';

type ActionLinkProps = { label?: string; className?: string };

export function InviteLink({ label = 'Invite User', className = 'btn btn-primary' }: ActionLinkProps) {
  return (
    <Link to="/invite" className={className}>
      <UserPlus className="size-4" aria-hidden="true" /> {label}
    </Link>
  );
}

export function NewTemplateLink({ label = 'New Template', className = 'btn btn-primary' }: ActionLinkProps) {
  return (
    <Link to="/templates/new" className={className}>
      <Plus className="size-4" aria-hidden="true" /> {label}
    </Link>
  );
}
