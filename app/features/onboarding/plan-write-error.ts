// What a failed plan write shows (spec section 8): the limit-reached toast in the server's words (they
// name the company's plan and what it allows) with the way out to /subscription, else the field
// messages under their fields, else the screen's own fallback.
import { useNavigate } from '@tanstack/react-router';
import { ERROR_CODE } from '../../../shared/errors.ts';
import { hasErrorCode } from '../../lib/errors.ts';
import { notify, notifyError } from '../../lib/notify.ts';

/** The onError of an assign or edit form. */
export function usePlanWriteError(showServerIssues: (error: unknown) => boolean, fallback: string): (error: unknown) => void {
  const navigate = useNavigate();
  return (error) => {
    if (hasErrorCode(error, ERROR_CODE.planLimitReached)) {
      notify.error('Upgrade Required', error.message, { label: 'Upgrade Plan', onClick: () => void navigate({ to: '/subscription' }) });
    } else if (!showServerIssues(error)) {
      notifyError(error, 'Error', fallback);
    }
  };
}
