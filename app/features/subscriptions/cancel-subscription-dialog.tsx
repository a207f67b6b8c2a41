// The two-step cancel dialog (spec section 4): a required reason with optional feedback, then a confirmation.
import { useEffect, useRef, useState } from 'react';
import { CANCEL_REASONS, type CancelReason, type CancelSubscription } from '../../../shared/subscriptions.ts';
import { formatDate } from './format.ts';

type CancelDialogProps = {
  open: boolean;
  planName: string;
  endDate: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (input: CancelSubscription) => void;
};

export function CancelSubscriptionDialog({ open, planName, endDate, pending, onClose, onConfirm }: CancelDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState<1 | 2>(1);
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [feedback, setFeedback] = useState('');

  // The native dialog follows the prop, so focus trapping and Escape behave as a modal should.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function reset() {
    setStep(1);
    setReason(null);
    setFeedback('');
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby="cancel-subscription-title"
      onClose={() => {
        reset();
        onClose();
      }}
    >
      <div className="modal-box">
        <h2 id="cancel-subscription-title" className="text-lg font-bold">
          {step === 1 ? 'Why are you cancelling?' : 'Cancel your subscription?'}
        </h2>
        {step === 1 ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (reason) setStep(2);
            }}
          >
            <fieldset className="fieldset mt-2">
              <legend className="fieldset-legend">Reason (required)</legend>
              {CANCEL_REASONS.map((option) => (
                <label key={option.id} className="flex cursor-pointer items-center gap-3 rounded-field px-1 py-1.5 text-base hover:bg-base-200">
                  <input
                    type="radio"
                    name="cancel-reason"
                    className="radio radio-primary radio-sm border border-base-content/40 checked:border-primary"
                    value={option.id}
                    checked={reason === option.id}
                    onChange={() => setReason(option.id)}
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
            <fieldset className="fieldset">
              <label className="fieldset-legend" htmlFor="cancel-feedback">
                Anything else we should know? (optional)
              </label>
              <textarea
                id="cancel-feedback"
                className="textarea w-full border border-base-content/30"
                rows={3}
                maxLength={2000}
                value={feedback}
                onChange={(event) => setFeedback(event.target.value)}
              />
            </fieldset>
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                Keep Subscription
              </button>
              <button type="submit" className="btn btn-error btn-outline" disabled={!reason}>
                Continue to Cancel
              </button>
            </div>
          </form>
        ) : (
          <>
            <p className="mt-2">
              Your {planName} plan stays active
              {endDate ? ` until ${formatDate(endDate)}` : ' until the end of the billing period'}. After that your company moves to the free
              Starter plan. You can reactivate any time before then.
            </p>
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" onClick={onClose} disabled={pending}>
                Keep Subscription
              </button>
              <button
                type="button"
                className="btn btn-error"
                disabled={pending || !reason}
                onClick={() => reason && onConfirm({ reason, feedback: feedback.trim() || undefined })}
              >
                {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
                Yes, Cancel Subscription
              </button>
            </div>
          </>
        )}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label="Close">
          close
        </button>
      </form>
    </dialog>
  );
}
