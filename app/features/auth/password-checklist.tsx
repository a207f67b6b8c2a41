// The live checklist of the sign-up password rules (shared/auth.ts PASSWORD_RULES).
import { Check, Circle } from 'lucide-react';
import { PASSWORD_RULES } from '../../../shared/auth.ts';

export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="mt-1 grid gap-0.5 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={`flex items-center gap-1.5 ${met ? 'text-success' : 'text-base-content/70'}`}>
            {met ? <Check className="size-3.5 shrink-0" aria-hidden="true" /> : <Circle className="size-3.5 shrink-0" aria-hidden="true" />}
            <span>{rule.label}</span>
            <span className="sr-only">{met ? '(met)' : '(not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
