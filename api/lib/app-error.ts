// One error type for the API; app.onError turns it into the one JSON error shape.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiIssue } from '../../shared/errors.ts';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly issues?: ApiIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, issues?: ApiIssue[]) => new AppError(400, message, issues);
export const unauthorized = (message = 'You are not signed in.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, message);
export const notFound = (what = 'Record') => new AppError(404, `${what} not found`);
export const conflict = (message: string) => new AppError(409, message);

/** Throws a 404 unless the value is present: the caller may not even learn that it exists. */
export function found<T>(value: T | null | undefined, what?: string): T {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}
