// Validation issues as field messages. One way to name a field ('title', 'sections.0.dayEnd'), the
// same in the API's 400 answer and under a form's fields, and one message per field: the first.
import type { ApiIssue } from './errors.ts';

/** An issue as valibot and the Standard Schema report it: its path is a list of keys, or of steps holding one. */
type SchemaIssue = { message: string; path?: ReadonlyArray<PropertyKey | { key: unknown }> };

/** 'sections.0.dayEnd' for a nested field; '' for an issue about the whole input. */
export function issuePath(issue: SchemaIssue): string {
  return (issue.path ?? []).map((part) => String(typeof part === 'object' && part !== null ? part.key : part)).join('.');
}

/** The first message per field path, from a schema's issues or from an API answer's. */
export function fieldErrors(issues: ReadonlyArray<SchemaIssue | ApiIssue>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[typeof issue.path === 'string' ? issue.path : issuePath(issue as SchemaIssue)] ??= issue.message;
  return errors;
}
