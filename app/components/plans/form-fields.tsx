// Labelled select and date controls with their message underneath, for the plan and invite forms.
import { useId, type ReactNode, type SelectHTMLAttributes, type InputHTMLAttributes } from 'react';

function Frame({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {hint && !error && <p className="text-xs text-base-content/60">{hint}</p>}
    </div>
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Option[];
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

export function InputField({
  label,
  value,
  onChange,
  error,
  hint,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = useId();
  return (
    <Frame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      />
    </Frame>
  );
}
