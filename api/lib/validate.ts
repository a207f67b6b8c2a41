// Request validation with the shared valibot schemas; failures become our 400 shape, never an echo of the input.
import { sValidator } from '@hono/standard-validator';
import type { ValidationTargets } from 'hono';
import type { GenericSchema } from 'valibot';
import type { ApiIssue } from '../../shared/errors.ts';
import { issuePath } from '../../shared/field-errors.ts';
import { validationFailed } from './app-error.ts';

type StandardIssue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

/** valibot's default messages end in `but received <the input>`: cut, so a 400 never reflects what was sent. */
const withoutEcho = (message: string) => message.replace(/\s+but received[\s\S]*$/, '');

export function toIssues(issues: ReadonlyArray<StandardIssue>): ApiIssue[] {
  return issues.map((issue) => ({
    path: issuePath(issue),
    message: withoutEcho(issue.message),
  }));
}

export function validate<Target extends keyof ValidationTargets, Schema extends GenericSchema>(target: Target, schema: Schema) {
  return sValidator(target, schema, (result) => {
    if (!result.success) throw validationFailed(toIssues(result.error as ReadonlyArray<StandardIssue>));
  });
}
