// The one fetch wrapper (spec section 7): cookies included, errors as ApiError, no answer as NetworkError.
// The typed client (app/lib/typed-client.ts) and the current-user request at first load both go through it.
import { type ApiErrorBody, type ApiIssue, defaultErrorCode, ERROR_CODE, type ErrorCode } from '../../shared/errors.ts';
import { CLIENT_HEADER } from '../../shared/events.ts';

/**
 * This tab's id, sent with every request (CLIENT_HEADER) unless the request names another client (the
 * sync engine's push): the pokes of the tab's own writes name it, and the tab skips them, its mutation
 * having refreshed what it changed. One per page load, so every other tab is another client. None on
 * plain HTTP (ALLOW_INSECURE_HTTP), where crypto.randomUUID does not exist: the tab then acts on every poke.
 */
export const TAB_CLIENT_ID: string | undefined = globalThis.crypto?.randomUUID?.();

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** What to switch on (shared/errors.ts); the message is for people. */
    readonly code: ErrorCode = defaultErrorCode(status),
    /** With stale_version: the record's version now, to reload it or to overwrite with (send it back). */
    readonly currentVersion?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A network failure (offline, server down), kept apart from answers the server gave. */
export class NetworkError extends Error {
  constructor() {
    super('You appear to be offline. Check your connection and try again.');
    this.name = 'NetworkError';
  }
}

const ERROR_CODES = new Set<string>(Object.values(ERROR_CODE));
const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && ERROR_CODES.has(value);
const isJson = (response: Response) => response.headers.get('content-type')?.includes('application/json') ?? false;

/** The ApiError an error answer stands for; a body without a known code gets its status's code. */
async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: Partial<ApiErrorBody> | undefined;
  if (isJson(response)) {
    try {
      body = JSON.parse(text) as Partial<ApiErrorBody>;
    } catch {
      body = undefined;
    }
  }
  const message = body?.message || text || `${response.status}: ${response.statusText}`;
  const code = isErrorCode(body?.code) ? body.code : defaultErrorCode(response.status);
  const currentVersion = typeof body?.currentVersion === 'number' ? body.currentVersion : undefined;
  return new ApiError(response.status, message, body?.issues ?? [], code, currentVersion);
}

/** fetch for the API: resolves only with a successful answer; an abort stays an AbortError. */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (TAB_CLIENT_ID && !headers.has(CLIENT_HEADER)) headers.set(CLIENT_HEADER, TAB_CLIENT_ID);
  let response: Response;
  try {
    response = await fetch(input, { ...init, headers, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response.ok) throw await apiErrorOf(response);
  return response;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown; signal?: AbortSignal };

/** A JSON request by path, for the first load only; everything else uses the typed client. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const response = await apiFetch(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  if (!isJson(response)) return { message: text } as T;
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'Invalid JSON response from server');
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
