// One error type for the API; app.onError turns it into the one JSON error shape.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ALREADY_EXISTS, type ApiIssue, defaultErrorCode, ERROR_CODE, type ErrorCode } from '../../shared/errors.ts';

export type AppErrorOptions = {
  /** What the client switches on; the status's default code (shared/errors.ts) when left out. */
  code?: ErrorCode;
  issues?: ApiIssue[];
  headers?: Record<string, string>;
  /** With stale_version (shared/errors.ts ApiErrorBody). */
  currentVersion?: number;
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ApiIssue[];
  readonly headers?: Record<string, string>;
  readonly currentVersion?: number;

  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    { code = defaultErrorCode(status), issues, headers, currentVersion }: AppErrorOptions = {},
  ) {
    super(message);
    this.code = code;
    this.issues = issues;
    this.headers = headers;
    this.currentVersion = currentVersion;
  }
}

export const badRequest = (message: string, issues?: ApiIssue[]) => new AppError(400, message, { issues });
export const unauthorized = (message = 'You are not signed in.') => new AppError(401, message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, message);
export const notFound = (what = 'Record') => new AppError(404, `${what} not found`);
export const conflict = (message: string) => new AppError(409, message);

/** Input a schema refused; the first issue's message leads. */
export const validationFailed = (issues: ApiIssue[], fallback = 'Invalid input') =>
  new AppError(400, issues[0]?.message ?? fallback, { code: ERROR_CODE.validationFailed, issues });

/** The company's plan allows no more of something (spec section 8: the message says `limit reached`). */
export const planLimitReached = (message: string) => new AppError(403, message, { code: ERROR_CODE.planLimitReached });

/** Another record holds this unique value (a message id, say). */
export const alreadyExists = (message = `This record ${ALREADY_EXISTS}.`) => new AppError(409, message, { code: ERROR_CODE.alreadyExists });

/** An account holds this email already: sign-up, invitation, or the users email index deciding a race. */
export const emailTaken = () => new AppError(409, `A user with this email ${ALREADY_EXISTS}.`, { code: ERROR_CODE.emailTaken });

/** Throws a 404 unless the value is present: the caller may not even learn that it exists. */
export function found<T>(value: T | null | undefined, what?: string): T {
  if (value === null || value === undefined) throw notFound(what);
  return value;
}
