// The labelled form controls every form uses: the label above, the control, any hint, then its message
// (wired with aria-invalid/-describedby). Values in, `onChange(value)` out.
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

type FrameProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /**
   * Keep a line for the message even when there is none: for forms that check a field when it is left,
   * so a message appearing on blur does not move the button being clicked.
   */
  reserveErrorLine?: boolean;
};

/** A label, any control (its id is `id`) and the control's message; for controls the components below do not cover. */
export function Field({ id, label, error, hint, reserveErrorLine = false, children }: FrameProps & { id: string; children: ReactNode }) {
  return (
    <div className="fieldset gap-1 py-1">
      <label htmlFor={id} className="fieldset-legend py-0 text-sm">
        {label}
      </label>
      {children}
      {typeof hint === 'string' ? <p className="text-xs text-base-content/70">{hint}</p> : hint}
      {(error || reserveErrorLine) && (
        <p id={errorId(id)} className={`text-sm text-error ${reserveErrorLine ? 'min-h-5 leading-5' : ''}`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export const errorId = (id: string) => `${id}-error`;

/** aria-invalid and aria-describedby for a control whose message is shown by Field. */
export function describedBy(id: string, error: string | undefined) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(id) : undefined } as const;
}

type ValueProps = {
  value: string;
  onChange: (value: string) => void;
};

type InputProps = FrameProps & ValueProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

export function TextField({ label, error, hint, reserveErrorLine, value, onChange, id: givenId, className = '', ...input }: InputProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field id={id} label={label} error={error} hint={hint} reserveErrorLine={reserveErrorLine}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error)}
        {...input}
      />
    </Field>
  );
}

export function PasswordField({ label, error, hint, reserveErrorLine, value, onChange, id: givenId, ...input }: InputProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint} reserveErrorLine={reserveErrorLine}>
      {/* A div, not a label: a wrapping label would add the toggle's name to the input's. */}
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''}`}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="grow"
          // The wrapper draws the focus ring (daisyUI :focus-within); a second one inside it is noise.
          style={{ outline: 'none' }}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...describedBy(id, error)}
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
    </Field>
  );
}

export type Option = { value: string; label: string };

type SelectProps = FrameProps &
  ValueProps & { options: Option[]; placeholder?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'onBlur'> & { onBlur?: () => void };

export function SelectField({ label, error, hint, reserveErrorLine, value, onChange, options, placeholder, id: givenId, ...select }: SelectProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field id={id} label={label} error={error} hint={hint} reserveErrorLine={reserveErrorLine}>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error)}
        {...select}
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
    </Field>
  );
}

type TextAreaProps = FrameProps & ValueProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>;

export function TextAreaField({ label, error, hint, reserveErrorLine, value, onChange, id: givenId, className = '', ...textarea }: TextAreaProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  return (
    <Field id={id} label={label} error={error} hint={hint} reserveErrorLine={reserveErrorLine}>
      <textarea
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(id, error)}
        {...textarea}
      />
    </Field>
  );
}
