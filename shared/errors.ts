// The one error shape the API answers with (DESIGN.md section 4), and the codes clients switch on.

/**
 * Stable codes, one per kind of failure a client treats differently. The message is for people and
 * may change; the code is the contract.
 */
export const ERROR_CODE = {
  badRequest: 'bad_request',
  validationFailed: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  /** 403: the company requires a second factor of admins and managers and this session has none (issue 24). */
  secondFactorRequired: 'second_factor_required',
  notFound: 'not_found',
  conflict: 'conflict',
  alreadyExists: 'already_exists',
  emailTaken: 'email_taken',
  planLimitReached: 'plan_limit_reached',
  staleVersion: 'stale_version',
  paymentProviderFailed: 'payment_provider_failed',
  payloadTooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  unstorableText: 'unstorable_text',
  internal: 'internal',
} as const;

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

export type ApiIssue = { path: string; message: string };
export type ApiErrorBody = {
  code: ErrorCode;
  message: string;
  issues?: ApiIssue[];
  /** With stale_version: the record's version now, so the client can reload it or overwrite (send it back). */
  currentVersion?: number;
};

/** The code an error of this status carries when the thrower names none. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ERROR_CODE.badRequest;
    case 401:
      return ERROR_CODE.unauthorized;
    case 403:
      return ERROR_CODE.forbidden;
    case 404:
      return ERROR_CODE.notFound;
    case 409:
      return ERROR_CODE.conflict;
    case 413:
      return ERROR_CODE.payloadTooLarge;
    case 429:
      return ERROR_CODE.rateLimited;
    default:
      return status >= 500 ? ERROR_CODE.internal : ERROR_CODE.badRequest;
  }
}

/** Words the spec's messages contain (spec section 8); clients switch on codes, not on these. */
export const LIMIT_REACHED = 'limit reached';
export const ALREADY_EXISTS = 'already exists';
