// Form state checked with a shared valibot schema: the same rules and messages the API applies.
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import type { ApiIssue } from '../../../shared/errors.ts';
import { fieldErrors } from '../../../shared/auth.ts';

export type SchemaForm<Values extends Record<string, string>> = {
  values: Values;
  set: (name: keyof Values & string, value: string) => void;
  touch: (name: keyof Values & string) => void;
  /** The message to show under a field: after it was left or the form was submitted, or the server's. */
  error: (name: keyof Values & string) => string | undefined;
  /** Marks every field as shown; returns the parsed output, or null when a rule fails. */
  submit: <Output>(schema: v.GenericSchema<unknown, Output>) => Output | null;
  showServerIssues: (issues: ApiIssue[]) => void;
  reset: (values?: Values) => void;
};

export function useSchemaForm<Values extends Record<string, string>>(
  schema: v.GenericSchema,
  initial: Values,
): SchemaForm<Values> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const clientErrors = useMemo(() => {
    const result = v.safeParse(schema, values);
    return result.success ? {} : fieldErrors(result.issues);
  }, [schema, values]);

  return {
    values,
    set: (name, value) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      setServerErrors((previous) => {
        const { [name]: _removed, ...rest } = previous;
        return rest;
      });
    },
    // Leaving a field untouched (an autofocused one, say) is not a mistake worth a message yet.
    touch: (name) => {
      if (values[name] !== initial[name]) setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true }));
    },
    error: (name) => serverErrors[name] ?? (submitted || touched[name] ? clientErrors[name] : undefined),
    submit: <Output,>(parser: v.GenericSchema<unknown, Output>) => {
      setSubmitted(true);
      const result = v.safeParse(parser, values);
      return result.success ? result.output : null;
    },
    showServerIssues: (issues) => {
      const byField: Record<string, string> = {};
      for (const issue of issues) if (issue.path) byField[issue.path] ??= issue.message;
      setServerErrors(byField);
    },
    reset: (next = initial) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
