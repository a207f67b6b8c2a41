// The frame of the signed-out account screens: the product mark and one centred card.
import { Link } from '@tanstack/react-router';
import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center bg-base-200 px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2 text-2xl font-bold text-primary">
        <Sparkles className="size-7" aria-hidden="true" /> Kickoff
      </Link>
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body gap-4 p-6 sm:p-8">
          <header className="text-center">
            <h1 className="text-2xl font-bold">{title}</h1>
            {subtitle && <p className="mt-1 text-base-content/70">{subtitle}</p>}
          </header>
          {children}
        </div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-base-content/70">{footer}</div>}
    </main>
  );
}
