import { Construction } from 'lucide-react';

/** Declares a route whose screen has not been built yet, and says so plainly. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <Construction className="size-12 text-warning" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-base-content/70">This screen is not built yet. It is planned and tracked as an open issue.</p>
    </section>
  );
}
