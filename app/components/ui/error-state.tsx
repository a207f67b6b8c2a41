import { TriangleAlert } from 'lucide-react';
import { errorMessage } from '../../lib/notify.ts';

export function ErrorState({ error, onRetry, title = 'Something went wrong' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div role="alert" className="alert alert-error alert-soft my-6">
      <TriangleAlert className="size-5" aria-hidden="true" />
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="text-sm">{errorMessage(error, 'Please try again in a moment.')}</p>
      </div>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
