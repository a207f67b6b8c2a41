// The button that starts a request: a spinner in place of its icon while the request runs, and
// disabled meanwhile, so every form and dialog shows progress the same way.
import type { ReactNode } from 'react';

const TONES = { primary: 'btn-primary', error: 'btn-error', outline: 'btn-outline' } as const;

export function PendingButton({
  type = 'button',
  tone = 'primary',
  pending = false,
  disabled = false,
  onClick,
  icon,
  className = '',
  children,
}: {
  type?: 'button' | 'submit';
  tone?: keyof typeof TONES;
  pending?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type={type} className={`btn ${TONES[tone]} ${className}`} onClick={onClick} disabled={pending || disabled}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}
