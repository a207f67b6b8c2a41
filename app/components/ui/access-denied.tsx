import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';

export function AccessDenied({ message }: { message: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <ShieldX className="size-12 text-error" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Access Denied</h1>
      <p className="text-base-content/70">{message}</p>
      <Link to="/" activeOptions={{ exact: true }} className="btn btn-primary">
        Back to my dashboard
      </Link>
    </section>
  );
}
