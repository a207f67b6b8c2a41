import { useId, type ReactNode } from 'react';

/**
 * A setting that is on or off: its name and what it does on the left, the switch on the right, and
 * anything that belongs to it below (a field the setting needs). `as="li"` inside a list of settings.
 */
export function SwitchRow({
  label,
  description,
  checked,
  disabled = false,
  onChange,
  children,
  as: Element = 'div',
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
  as?: 'li' | 'div';
}) {
  const id = useId();
  return (
    <Element className="flex flex-col gap-2 py-3">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={id} className="cursor-pointer font-medium">
            {label}
          </label>
          <p id={`${id}-description`} className="text-sm text-base-content/70">
            {description}
          </p>
        </div>
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="toggle toggle-primary mt-0.5 shrink-0"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-description`}
        />
      </div>
      {children}
    </Element>
  );
}
