// The OpenAPI 3.1 document of the whole API, made from the routes the app registers and the valibot
// schemas their validate() middleware checks (decision 012): no schema is written twice.
import { type ConversionConfig, type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type { RouterRoute } from 'hono/types';
import * as v from 'valibot';
import packageJson from '../../package.json' with { type: 'json' };
import { type ApiErrorBody, ERROR_CODE } from '../../shared/errors.ts';
import { validatorOf } from '../lib/validate.ts';
import { SUMMARIES } from './summaries.ts';

/**
 * Routes that answer without a session or key (the permission matrix's `public: true` rows, which
 * openapi.test.ts compares with this list): their operations carry `security: []`.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/public-config',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'GET /api/auth/logout',
  'POST /api/auth/logout',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-verification',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/second-factor',
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey',
  'POST /api/auth/sso/start',
  'GET /api/auth/sso/callback',
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
  'POST /api/payments/notify',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/assets/:version/standalone.esm.js',
  'GET /api/docs/assets/:version/chunks/:file',
]);

/**
 * How a validator becomes JSON Schema: the input a client sends (before valibot's transforms), in the
 * dialect of OpenAPI 3.1. The ignored actions have no JSON Schema form: normalisations that accept what
 * they are given (trim, lower case), custom checks and limits in UTF-8 bytes, whose refusal the 400's
 * `issues` explain.
 */
export const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  errorMode: 'warn',
  ignoreActions: ['trim', 'to_lower_case', 'check', 'partial_check', 'raw_check', 'max_bytes'],
};

/** A validator's schema as JSON Schema, ready to embed in the document (no `$schema` of its own). */
export function jsonSchemaOf(schema: v.GenericSchema, config: ConversionConfig = CONVERSION): JsonSchema {
  const { $schema: _dialect, ...embedded } = toJsonSchema(schema, config);
  return embedded;
}

/** The error shape of DESIGN.md section 4 (shared/errors.ts ApiErrorBody; openapi.test.ts checks the two agree). */
export const ApiErrorBodySchema = v.object({
  code: v.picklist(Object.values(ERROR_CODE)),
  message: v.string(),
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
  currentVersion: v.optional(v.number()),
}) satisfies v.GenericSchema<ApiErrorBody>;

type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; schema: JsonSchema; style?: string; explode?: boolean };
type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security: Array<Record<string, string[]>>;
};
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; 'x-displayName': string }>;
  paths: Record<string, Partial<Record<'get' | 'put' | 'post' | 'delete' | 'patch', Operation>>>;
  components: Record<string, unknown>;
};

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'PATCH']);
/** `:id{[0-9a-f-]+}` -> `:id`: a parameter's pattern only narrows what it matches (as the permission matrix reads routes). */
const routeKeyPath = (path: string) => path.replace(/:(\w+)\{[^/]*\}/g, ':$1');
/** The route as the permission matrix and SUMMARIES name it: `METHOD /api/path/:param`. */
export const routeKey = (route: Pick<RouterRoute, 'method' | 'path'>) => `${route.method} ${routeKeyPath(route.path)}`;

/** Hono's `/api/users/:id` as OpenAPI's `/api/users/{id}`. */
export const openApiPath = (path: string) => routeKeyPath(path).replace(/:(\w+)/g, '{$1}');

/** Segments that are part of another segment's feature. */
const SAME_FEATURE: Partial<Record<string, string>> = { 'openapi.json': 'docs', companies: 'company', 'policy-files': 'files' };
/** One tag per feature: the first segment after /api (`/api/onboarding-plans/...` -> onboarding-plans). */
const tagOf = (path: string) => {
  const segment = path.split('/')[2] ?? 'api';
  return SAME_FEATURE[segment] ?? segment;
};
/** The name the reference shows for a tag (`x-displayName`, read by Scalar and Redoc): 'onboarding-plans' -> 'Onboarding plans'. */
const DISPLAY_NAMES: Partial<Record<string, string>> = { 'api-keys': 'API keys', docs: 'API reference', 'public-config': 'Site settings', sync: 'Offline sync' };
const displayNameOf = (tag: string) => DISPLAY_NAMES[tag] ?? `${tag[0]!.toUpperCase()}${tag.slice(1).replaceAll('-', ' ')}`;

const operationIdOf = (method: string, path: string) =>
  method.toLowerCase() +
  routeKeyPath(path)
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && word !== 'api')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } });

const BODY_TYPES: Partial<Record<string, string>> = { json: 'application/json', form: 'application/x-www-form-urlencoded' };
const PARAMETER_PLACES: Partial<Record<string, Parameter['in']>> = { query: 'query', header: 'header', cookie: 'cookie' };

/** An object schema's properties as parameters of one place; any other shape as one exploded form parameter. */
function parametersOf(schema: JsonSchema, place: Parameter['in']): Parameter[] {
  const properties = (schema as { properties?: Record<string, JsonSchema> }).properties;
  const required = new Set((schema as { required?: string[] }).required ?? []);
  if (!properties) return [{ name: place, in: place, required: false, schema, style: 'form', explode: true }];
  return Object.entries(properties).map(([name, property]) => ({ name, in: place, required: required.has(name), schema: property }));
}

function operationOf(key: string, handlers: readonly RouterRoute[]): Operation {
  const { method, path } = handlers[0]!;
  const parameters: Parameter[] = [];
  let requestBody: Operation['requestBody'];
  let pathSchemas: Record<string, JsonSchema> = {};
  const validators = handlers.map((route) => validatorOf(route.handler)).filter((found) => found !== undefined);
  for (const { target, schema } of validators) {
    const json = jsonSchemaOf(schema);
    const bodyType = BODY_TYPES[target];
    const place = PARAMETER_PLACES[target];
    if (bodyType) requestBody = { required: true, content: { [bodyType]: { schema: json } } };
    else if (place) parameters.push(...parametersOf(json, place));
    else if (target === 'param') pathSchemas = (json as { properties?: Record<string, JsonSchema> }).properties ?? {};
  }
  // Every path parameter, described by the route's param validator when it has one.
  const pathParameters = [...path.matchAll(/:(\w+)(?:\{([^/]*)\})?/g)].map(([, name = '', pattern]): Parameter => ({
    name,
    in: 'path',
    required: true,
    schema: pathSchemas[name] ?? { type: 'string', ...(pattern ? { pattern: `^${pattern}$` } : {}) },
  }));
  const isPublic = PUBLIC_ROUTES.has(key);
  return {
    operationId: operationIdOf(method, path),
    summary: SUMMARIES[key] ?? key,
    tags: [tagOf(path)],
    ...(pathParameters.length + parameters.length > 0 ? { parameters: [...pathParameters, ...parameters] } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '2XX': { description: 'Done. JSON, unless the summary names another type.' },
      ...(validators.length > 0 ? { '400': errorResponse('Invalid input: `issues` names each field and what is wrong with it.') } : {}),
      ...(isPublic ? {} : { '401': errorResponse('No session, or the API key is unknown, expired or revoked.') }),
      '4XX': errorResponse(
        'Refused: 403 the role or key scope may not do this, 404 not there (or another company’s), 409 conflict, 413 body too large, 429 rate limited (see Retry-After).',
      ),
    },
    security: isPublic ? [] : [{ session: [] }, { apiKey: [] }],
  };
}

export type DocumentOptions = { serverUrl: string };

/** The document for these routes (`app.routes`): each `METHOD path` once, its validators gathered from all its handlers. */
export function buildOpenApiDocument(routes: readonly RouterRoute[], { serverUrl }: DocumentOptions): OpenApiDocument {
  const byKey = new Map<string, RouterRoute[]>();
  for (const route of routes) {
    if (!METHODS.has(route.method)) continue;
    const key = routeKey(route);
    byKey.set(key, [...(byKey.get(key) ?? []), route]);
  }
  const paths: OpenApiDocument['paths'] = {};
  for (const [key, handlers] of [...byKey].sort(([a], [b]) => a.localeCompare(b))) {
    const { method, path } = handlers[0]!;
    const item = (paths[openApiPath(path)] ??= {});
    item[method.toLowerCase() as keyof typeof item] = operationOf(key, handlers);
  }
  const tags = [...new Set(Object.keys(paths).map(tagOf))].sort().map((name) => ({ name, 'x-displayName': displayNameOf(name) }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kickoff',
      version: packageJson.version,
      description:
        'The Kickoff API: JSON in and out, timestamps in ISO-8601, ids are UUIDs. Errors are `{ code, message, issues? }`: the code is stable, the message is for people, and `issues` names each invalid field. ' +
        'Sign in with `POST /api/auth/login` (a session cookie; unsafe requests must come from the app’s origin) or send an API key as `Authorization: Bearer kk_…`.',
    },
    servers: [{ url: serverUrl, description: 'This Kickoff server' }],
    tags,
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(ApiErrorBodySchema) },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'kickoff_sid',
          description: 'The session cookie `POST /api/auth/login` sets (named `__Host-kickoff_sid` on a deployed server over HTTPS).',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'kk_…',
          description: 'An API key an admin creates in Company settings, sent as `Authorization: Bearer kk_…`. A read key may only read.',
        },
      },
    },
  };
}
