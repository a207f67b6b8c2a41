// The API's typed client: paths, inputs and answers come from the routes (AppType), requests go
// through the one fetch wrapper. A module of its own so hono's client loads with the screens that use
// it, not with the first page.
import { type ClientResponse, hc } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../api/app.ts';
import { apiFetch } from './api-client.ts';

/**
 * The API, typed by its routes: `await json(client.api.templates.$get())` is the template list;
 * `client.api.templates[':id'].$patch({ param: { id }, json: input })` checks the input too.
 */
export const client = hc<AppType>('/', { fetch: apiFetch });

/** A route's success body: the only answer left, since apiFetch throws on the others. */
type SuccessBody<R> = R extends ClientResponse<infer Body, infer Status, 'json'> ? (Status extends SuccessStatusCode ? Body : never) : never;

/** The JSON of a typed client call, typed by the route's success response. */
export async function json<R extends ClientResponse<unknown>>(request: Promise<R>): Promise<SuccessBody<R>> {
  return (await (await request).json()) as SuccessBody<R>;
}
