// The fetch wrapper's failures: the error body's code, or the status's when the body has none.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER } from '../../shared/events.ts';
import { ApiError, apiFetch, apiRequest, NetworkError, TAB_CLIENT_ID } from './api-client.ts';
import { client, json } from './typed-client.ts';

const answer = (status: number, body: unknown, contentType = 'application/json') =>
  vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': contentType } }));

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('throws ApiError with the body’s code, message and issues', async () => {
    vi.stubGlobal('fetch', answer(400, { code: 'validation_failed', message: 'Title is required', issues: [{ path: 'title', message: 'Title is required' }] }));
    const error = await apiRequest('/api/templates', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Title is required', issues: [{ path: 'title', message: 'Title is required' }] });
  });

  it('falls back to the status’s code when the body has none (or one it does not know)', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(apiRequest('/api/health')).rejects.toMatchObject({ status: 502, code: 'internal' });
    vi.stubGlobal('fetch', answer(429, { message: 'Slow down', code: 'from_the_future' }));
    await expect(apiRequest('/api/health')).rejects.toMatchObject({ status: 429, code: 'rate_limited', message: 'Slow down' });
  });

  it('keeps the current version a stale save is answered with, to reload or overwrite', async () => {
    vi.stubGlobal('fetch', answer(409, { code: 'stale_version', message: 'Someone else saved this template since you opened it.', currentVersion: 7 }));
    await expect(client.api.templates[':id'].$patch({ param: { id: 't1' }, json: { title: 'Engineering', version: 3 } })).rejects.toMatchObject({
      status: 409,
      code: 'stale_version',
      currentVersion: 7,
    });
  });

  it('names this tab as the client of every request, unless the request names another', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/api/health');
    const other = crypto.randomUUID();
    await apiFetch('/api/health', { headers: { [CLIENT_HEADER]: other } });
    const sent = fetch.mock.calls.map((call) => new Headers((call as unknown as [unknown, RequestInit])[1].headers).get(CLIENT_HEADER));
    expect(sent).toEqual([TAB_CLIENT_ID, other]);
    expect(TAB_CLIENT_ID).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('throws NetworkError when no answer came', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiRequest('/api/health')).rejects.toBeInstanceOf(NetworkError);
  });

  it('sends the typed client’s calls through the same wrapper', async () => {
    const fetch = answer(200, [{ id: 't1', title: 'Engineering' }]);
    vi.stubGlobal('fetch', fetch);
    const templates = await json(client.api.templates.$get());
    expect(templates).toEqual([{ id: 't1', title: 'Engineering' }]);
    expect(fetch).toHaveBeenCalledWith('/api/templates', expect.objectContaining({ method: 'GET', credentials: 'include' }));

    vi.stubGlobal('fetch', answer(404, { code: 'not_found', message: 'Template not found' }));
    await expect(client.api.templates[':id'].$get({ param: { id: 'gone' } })).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });
});
