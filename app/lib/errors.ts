// What a failed call means, read from its code (shared/errors.ts), never from its words: the
// message is for people and may change.
import type { ErrorCode } from '../../shared/errors.ts';
import { ApiError } from './api-client.ts';

export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}
