// The one error shape the API answers with (DESIGN.md section 4).
export type ApiIssue = { path: string; message: string };
export type ApiErrorBody = { message: string; issues?: ApiIssue[] };

/** Messages the client recognises by substring (spec section 8). */
export const LIMIT_REACHED = 'limit reached';
export const ALREADY_EXISTS = 'already exists';
