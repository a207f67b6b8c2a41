// Labelled inputs for the account forms: each shows its message under it, wired with aria-invalid/-describedby.
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { SchemaForm } from './use-schema-form.ts';

type FieldProps<Values extends Record<string, string>> = {
  form: SchemaForm<Values>;
  name: keyof Values & string;
  label: string;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'name' | 'value' | 'onChange'>;

function FieldFrame({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="fieldset gap-1 py-0">
      <label htmlFor={id} className="fieldset-legend pb-1 pt-0 text-sm">
        {label}
      </label>
      {children}
      {/* Always rendered, one line tall: an error appearing on blur must not move the button being clicked. */}
      <p id={`${id}-error`} className="min-h-5 text-sm leading-5 text-error" role="alert">
        {error}
      </p>
      {hint}
    </div>
  );
}

export function TextField<Values extends Record<string, string>>({ form, name, label, hint, className = '', ...input }: FieldProps<Values>) {
  const id = useId();
  const error = form.error(name);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        name={name}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        value={form.values[name]}
        onChange={(event) => form.set(name, event.target.value)}
        onBlur={() => form.touch(name)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </FieldFrame>
  );
}

export function PasswordField<Values extends Record<string, string>>({ form, name, label, hint, ...input }: FieldProps<Values>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const error = form.error(name);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      {/* A div, not a label: a wrapping label would add the toggle's name to the input's. */}
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''}`}>
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className="grow"
          // The wrapper draws the focus ring (daisyUI :focus-within); a second one inside it is noise.
          style={{ outline: 'none' }}
          value={form.values[name]}
          onChange={(event) => form.set(name, event.target.value)}
          onBlur={() => form.touch(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Hide' : 'Show'}
          title={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
        </button>
      </div>
    </FieldFrame>
  );
}
