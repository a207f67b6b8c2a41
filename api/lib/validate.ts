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

/** What a validate() middleware checks: the OpenAPI document (api/openapi/) is made from these, found through app.routes. */
export type RouteValidator = { target: keyof ValidationTargets; schema: GenericSchema };
const validators = new WeakMap<object, RouteValidator>();

/** The target and schema of a route handler made by validate(), or undefined for any other handler. */
export const validatorOf = (handler: unknown): RouteValidator | undefined => (typeof handler === 'function' ? validators.get(handler) : undefined);

export function validate<Target extends keyof ValidationTargets, Schema extends GenericSchema>(target: Target, schema: Schema) {
  const middleware = sValidator(target, schema, (result) => {
    if (!result.success) throw validationFailed(toIssues(result.error as ReadonlyArray<StandardIssue>));
  });
  validators.set(middleware, { target, schema });
  return middleware;
}
