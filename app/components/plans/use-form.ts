// Form values checked with a shared valibot schema: messages show once submitted, server issues by field.
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import type { ApiIssue } from '../../../shared/errors.ts';
import { fieldErrors } from '../../../shared/auth.ts';
import { ApiError } from '../../lib/api-client.ts';

export function useForm<Values extends Record<string, string>>(schema: v.GenericSchema, initial: Values) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const clientErrors = useMemo(() => {
    const result = v.safeParse(schema, values);
    return result.success ? {} : fieldErrors(result.issues);
  }, [schema, values]);

  return {
    values,
    set: (name: keyof Values & string, value: string) => {
      setValues((previous) => ({ ...previous, [name]: value }));
      setServerErrors(({ [name]: _dropped, ...rest }) => rest);
    },
    error: (name: keyof Values & string): string | undefined => serverErrors[name] ?? (submitted ? clientErrors[name] : undefined),
    /** Shows every message; the parsed output, or null when a rule fails. */
    submit: <Output>(parser: v.GenericSchema<unknown, Output>): Output | null => {
      setSubmitted(true);
      const result = v.safeParse(parser, values);
      return result.success ? result.output : null;
    },
    /** Puts a 400's field messages under their fields; true when there were any. */
    showServerIssues: (error: unknown): boolean => {
      if (!(error instanceof ApiError) || error.status !== 400 || !error.issues.length) return false;
      const byField: Record<string, string> = {};
      for (const issue of error.issues as ApiIssue[]) if (issue.path) byField[issue.path] ??= issue.message;
      setServerErrors(byField);
      return true;
    },
    reset: (next: Values = initial) => {
      setValues(next);
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
