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
  return apiErrorFrom(response.status, response.statusText, isJson(response), await response.text());
}

function apiErrorFrom(status: number, statusText: string, json: boolean, text: string): ApiError {
  let body: Partial<ApiErrorBody> | undefined;
  if (json) {
    try {
      body = JSON.parse(text) as Partial<ApiErrorBody>;
    } catch {
      body = undefined;
    }
  }
  const message = body?.message || text || `${status}: ${statusText}`;
  const code = isErrorCode(body?.code) ? body.code : defaultErrorCode(status);
  const currentVersion = typeof body?.currentVersion === 'number' ? body.currentVersion : undefined;
  return new ApiError(status, message, body?.issues ?? [], code, currentVersion);
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

export type UploadProgress = { loaded: number; total: number };
export type UploadOptions = { headers?: Record<string, string>; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal };

/**
 * POSTs a file's bytes and resolves with the JSON answer, failing exactly as apiFetch does (ApiError for
 * an error answer, NetworkError for none, AbortError when aborted). It uses XMLHttpRequest because fetch
 * reports no upload progress (a streamed request body would need HTTP/2 and still says nothing of what
 * the network took), and a large document on a phone needs its progress bar.
 */
export function apiUpload<T>(url: string, body: Blob, options: UploadOptions = {}): Promise<T> {
  const { headers = {}, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('The upload was aborted.', 'AbortError'));
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    if (TAB_CLIENT_ID && !(CLIENT_HEADER in headers)) request.setRequestHeader(CLIENT_HEADER, TAB_CLIENT_ID);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    if (onProgress) request.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    const abort = () => request.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    request.onload = () => {
      settle();
      const json = request.getResponseHeader('content-type')?.includes('application/json') ?? false;
      if (request.status < 200 || request.status >= 300) return reject(apiErrorFrom(request.status, request.statusText, json, request.responseText));
      if (!json || !request.responseText) return resolve(undefined as T);
      try {
        resolve(JSON.parse(request.responseText) as T);
      } catch {
        reject(new ApiError(request.status, 'Invalid JSON response from server'));
      }
    };
    // No answer at all (offline, the connection dropped): as apiFetch, a NetworkError.
    request.onerror = request.ontimeout = () => {
      settle();
      reject(new NetworkError());
    };
    request.onabort = () => {
      settle();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    };
    request.send(body);
  });
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
