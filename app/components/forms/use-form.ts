// Form values checked with a shared valibot schema: the same rules and messages the API applies.
// Messages show once the form was submitted (or, with validateOnBlur, once a changed field is left),
// and a 400's field issues show under their fields.
import { useMemo, useState } from 'react';
import * as v from 'valibot';
import { fieldErrors } from '../../../shared/field-errors.ts';
import { ApiError } from '../../lib/api-client.ts';

type FieldName<Values> = keyof Values & string;

/** What a field component needs from the form: spread it, `<TextField {...form.field('email')} />`. */
export type BoundField = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
};

export type Form<Values extends Record<string, string>> = {
  values: Values;
  set: (name: FieldName<Values>, value: string) => void;
  touch: (name: FieldName<Values>) => void;
  /** The message to show under a field, or undefined. */
  error: (name: FieldName<Values>) => string | undefined;
  field: (name: FieldName<Values>) => BoundField;
  /** Shows every message; the parsed output, or null when a rule fails. */
  submit: <Output>(parser: v.GenericSchema<unknown, Output>) => Output | null;
  /** Puts an API error's field messages under their fields; true when there were any. */
  showServerIssues: (error: unknown) => boolean;
  reset: (values?: Values) => void;
};

export function useForm<Values extends Record<string, string>>(
  schema: v.GenericSchema,
  initial: Values,
  { validateOnBlur = false }: { validateOnBlur?: boolean } = {},
): Form<Values> {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const clientErrors = useMemo(() => {
    const result = v.safeParse(schema, values);
    return result.success ? {} : fieldErrors(result.issues);
  }, [schema, values]);

  const set = (name: FieldName<Values>, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };
  // Leaving a field untouched (an autofocused one, say) is not a mistake worth a message yet.
  const touch = (name: FieldName<Values>) => {
    if (validateOnBlur && values[name] !== initial[name]) setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true }));
  };
  const error = (name: FieldName<Values>) => serverErrors[name] ?? (submitted || touched[name] ? clientErrors[name] : undefined);

  return {
    values,
    set,
    touch,
    error,
    field: (name) => ({ name, value: values[name] ?? '', onChange: (value) => set(name, value), onBlur: () => touch(name), error: error(name) }),
    submit: <Output>(parser: v.GenericSchema<unknown, Output>) => {
      setSubmitted(true);
      const result = v.safeParse(parser, values);
      return result.success ? result.output : null;
    },
    showServerIssues: (failure) => {
      if (!(failure instanceof ApiError) || failure.issues.length === 0) return false;
      setServerErrors(fieldErrors(failure.issues));
      return true;
    },
    reset: (next = initial) => {
      setValues(next);
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}
