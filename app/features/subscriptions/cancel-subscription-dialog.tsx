// The two-step cancel dialog (spec section 4): a required reason with optional feedback, then a confirmation.
import { useState } from 'react';
import { CANCEL_REASONS, type CancelReason, type CancelSubscription } from '../../../shared/subscriptions.ts';
import { TextAreaField } from '../../components/forms/fields.tsx';
import { DialogActions, Modal } from '../../components/ui/modal.tsx';
import { PendingButton } from '../../components/ui/pending-button.tsx';
import { formatDate } from '../../lib/format.ts';

type CancelDialogProps = {
  open: boolean;
  planName: string;
  endDate: string | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (input: CancelSubscription) => void;
};

export function CancelSubscriptionDialog({ open, planName, endDate, pending, onClose, onConfirm }: CancelDialogProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [feedback, setFeedback] = useState('');

  function close() {
    setStep(1);
    setReason(null);
    setFeedback('');
    onClose();
  }

  return (
    <Modal open={open} title={step === 1 ? 'Why are you cancelling?' : 'Cancel your subscription?'} onClose={close}>
      {step === 1 ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) setStep(2);
          }}
        >
          <fieldset className="fieldset gap-0">
            <legend className="fieldset-legend pt-0 text-sm">Reason (required)</legend>
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
          <TextAreaField label="Anything else we should know? (optional)" rows={3} maxLength={2000} value={feedback} onChange={setFeedback} />
          <DialogActions
            cancelLabel="Keep Subscription"
            onCancel={close}
            confirm={
              <PendingButton type="submit" tone="error" disabled={!reason}>
                Continue to Cancel
              </PendingButton>
            }
          />
        </form>
      ) : (
        <>
          <p className="text-base-content/80">
            Your {planName} plan stays active
            {endDate ? ` until ${formatDate(endDate)}` : ' until the end of the billing period'}. After that your company moves to the free Starter plan. You can reactivate any
            time before then.
          </p>
          <DialogActions
            cancelLabel="Keep Subscription"
            onCancel={close}
            cancelDisabled={pending}
            confirm={
              <PendingButton tone="error" pending={pending} disabled={!reason} onClick={() => reason && onConfirm({ reason, feedback: feedback.trim() || undefined })}>
                Yes, Cancel Subscription
              </PendingButton>
            }
          />
        </>
      )}
    </Modal>
  );
}
