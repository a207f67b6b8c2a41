// The OpenAPI document (issue 21, decision 012): every route the app registers is in it, each validated part
// is exactly its validator's JSON Schema, it is valid OpenAPI 3.1, and /api/docs serves the reference over it.
import { Validator } from '@seriousme/openapi-schema-validator';
import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import packageJson from '../../package.json' with { type: 'json' };
import type { ApiErrorBody } from '../../shared/errors.ts';
import { validatorOf } from '../lib/validate.ts';
import { createTestContext } from '../test/harness.ts';
import { MATRIX } from '../test/matrix.ts';
import { ApiErrorBodySchema, CONVERSION, type OpenApiDocument, PUBLIC_ROUTES } from './openapi.ts';
import { SUMMARIES } from './summaries.ts';

const ctx = await createTestContext();
const acme = await ctx.createCompany('Acme');

type Operation = OpenApiDocument['paths'][string]['get'] & {};
type Parameter = NonNullable<Operation['parameters']>[number];

const documentRes = await ctx.request('/api/openapi.json');
const document = documentRes.body as OpenApiDocument;

/** `METHOD path` of every handler the app registers, as api/security/permission-matrix.test.ts lists them. */
function registeredRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL') continue;
    keys.add(`${route.method} ${route.path.replace(/:(\w+)\{[^/]*\}/g, ':$1')}`);
  }
  return [...keys].sort();
}

/** `GET /api/users/:id` -> the document's operation at `/api/users/{id}`, get. */
function operationOf(route: string): Operation | undefined {
  const [method = '', path = ''] = route.split(' ');
  const item = document.paths[path.replace(/:(\w+)/g, '{$1}')] as Record<string, Operation> | undefined;
  return item?.[method.toLowerCase()];
}

/** What the converter makes of a validator's schema, called here directly rather than through openapi.ts. */
function converted(schema: v.GenericSchema): Record<string, unknown> {
  const { $schema: _dialect, ...json } = toJsonSchema(schema, { ...CONVERSION, errorMode: 'throw' });
  return json;
}

/** Parameters of one place put back into the object schema they came from. */
function asObjectSchema(parameters: Parameter[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.schema])),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

describe('GET /api/openapi.json', () => {
  it('answers anyone with the document, as JSON', async () => {
    expect(documentRes.status).toBe(200);
    expect(documentRes.headers.get('content-type')).toContain('application/json');
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Kickoff', version: packageJson.version });
    expect(document.servers).toEqual([expect.objectContaining({ url: ctx.config.appUrl })]);
    const signedIn = await ctx.request('/api/openapi.json', { cookie: acme.cookies.newHire });
    expect(signedIn.body).toEqual(document);
  });

  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route the app registers, and nothing else', () => {
    const routes = registeredRoutes();
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(documented.sort()).toEqual(routes);
    expect(routes.length).toBeGreaterThan(80);
  });

  it('describes each route’s request with exactly the JSON Schema of the validator it runs', () => {
    let checked = 0;
    for (const route of ctx.app.routes) {
      const validator = validatorOf(route.handler);
      if (!validator) continue;
      const key = `${route.method} ${route.path.replace(/:(\w+)\{[^/]*\}/g, ':$1')}`;
      const operation = operationOf(key);
      const expected = converted(validator.schema);
      const parameters = operation?.parameters ?? [];
      const actual =
        validator.target === 'json'
          ? operation?.requestBody?.content['application/json']?.schema
          : asObjectSchema(parameters.filter((parameter) => parameter.in === (validator.target === 'param' ? 'path' : validator.target)));
      if (validator.target === 'json') expect(actual, key).toEqual(expected);
      // A parameter list keeps each field's schema and whether it is required; the object around them is rebuilt.
      else expect(actual, key).toEqual({ type: 'object', properties: (expected as { properties?: unknown }).properties, required: (expected as { required?: string[] }).required });
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(40);
  });

  it('names every path parameter, and a required body where the route validates one', () => {
    const invite = operationOf('POST /api/users/invite');
    expect(invite?.requestBody?.required).toBe(true);
    expect(invite?.requestBody?.content['application/json']?.schema).toMatchObject({ properties: { role: { enum: ['manager', 'new_hire'] } }, required: ['email', 'role'] });
    expect(operationOf('PUT /api/onboarding-plans/:id/tasks/:taskId')?.parameters?.filter((parameter) => parameter.in === 'path')).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'taskId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(operationOf('GET /api/sync/pull')?.parameters).toEqual([
      { name: 'clientId', in: 'query', required: true, schema: { type: 'string', format: 'uuid' } },
      { name: 'cursor', in: 'query', required: false, schema: expect.objectContaining({ type: 'string' }) },
    ]);
    expect(operationOf('GET /api/health')?.parameters).toBeUndefined();
  });

  it('marks exactly the permission matrix’s public routes as needing no sign-in, and the others as taking a session or an API key', () => {
    const matrixPublic = MATRIX.filter((row) => row.public).map((row) => row.route);
    expect([...PUBLIC_ROUTES].sort()).toEqual(matrixPublic.sort());
    for (const route of registeredRoutes()) {
      const operation = operationOf(route);
      if (PUBLIC_ROUTES.has(route)) {
        expect(operation?.security, route).toEqual([]);
        expect(operation?.responses['401'], route).toBeUndefined();
      } else {
        expect(operation?.security, route).toEqual([{ session: [] }, { apiKey: [] }]);
        expect(operation?.responses['401'], route).toBeDefined();
      }
    }
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'kickoff_sid' }),
      apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('gives every operation a summary, a feature tag and the error shape for refusals, and summarises no route that is gone', () => {
    const routes = registeredRoutes();
    expect(routes.filter((route) => !SUMMARIES[route])).toEqual([]);
    expect(Object.keys(SUMMARIES).filter((route) => !routes.includes(route))).toEqual([]);
    const ids = new Set<string>();
    for (const route of routes) {
      const operation = operationOf(route)!;
      expect(operation.summary).toBe(SUMMARIES[route]);
      expect(operation.tags).toEqual([expect.any(String)]);
      expect(document.tags.map((tag) => tag.name)).toContain(operation.tags[0]);
      expect(operation.responses['4XX']).toEqual(expect.objectContaining({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } }));
      ids.add(operation.operationId);
    }
    expect(ids.size, 'operationIds are unique').toBe(routes.length);
    expect(document.tags).toEqual(
      expect.arrayContaining([
        { name: 'auth', 'x-displayName': 'Auth' },
        { name: 'onboarding-plans', 'x-displayName': 'Onboarding plans' },
        { name: 'docs', 'x-displayName': 'API reference' },
      ]),
    );
    expect(operationOf('GET /api/openapi.json')?.tags).toEqual(['docs']);
  });

  it('describes the error body the API really answers with', async () => {
    expectTypeOf<v.InferOutput<typeof ApiErrorBodySchema>>().toEqualTypeOf<ApiErrorBody>();
    expect(document.components.schemas).toEqual({ ApiError: converted(ApiErrorBodySchema) });
    const refused = await ctx.request('/api/users/invite', { method: 'POST', body: { email: 'not an email', role: 'boss' }, cookie: acme.cookies.admin });
    expect(refused.status).toBe(400);
    expect(v.safeParse(ApiErrorBodySchema, refused.body).success).toBe(true);
    const signedOut = await ctx.request('/api/users');
    expect(v.safeParse(ApiErrorBodySchema, signedOut.body).success).toBe(true);
  });
});

describe('GET /api/docs', () => {
  it('answers HTML that renders the reference of /api/openapi.json with scripts from this origin only', async () => {
    const res = await ctx.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('/api/openapi.json');
    expect(html).toContain('<title>Kickoff API reference</title>');
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, csp).toBeDefined();
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).toContain(`nonce="${nonce}"`);
    // A fresh nonce each time.
    expect((await ctx.app.request('/api/docs')).headers.get('content-security-policy')).not.toBe(csp);

    const entry = /from '(\/api\/docs\/assets\/[^']+\/standalone\.esm\.js)'/.exec(html)?.[1];
    expect(entry, 'the page loads its script from this origin').toBeDefined();
    const script = await ctx.app.request(entry!);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(script.headers.get('cache-control')).toContain('immutable');
    const chunk = /["'`]\.\/chunks\/([\w.-]+\.js)["'`]/.exec(await script.text())?.[1];
    expect(chunk, 'the script imports its chunks relative to itself').toBeDefined();
    expect((await ctx.app.request(entry!.replace('standalone.esm.js', `chunks/${chunk}`))).status).toBe(200);
  });

  it('keeps the strict CSP everywhere else', async () => {
    const csp = (await ctx.app.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://www.payhere.lk");
    expect(csp).not.toContain('nonce-');
  });

  it('serves no file outside the reference’s build, nor another version’s', async () => {
    const entry = /from '([^']+)'/.exec(await (await ctx.app.request('/api/docs')).text())?.[1] ?? '';
    for (const path of [
      entry.replace(/\/assets\/[^/]+\//, '/assets/0.0.0/'),
      entry.replace('standalone.esm.js', 'chunks/missing.js'),
      entry.replace('standalone.esm.js', 'chunks/..%2F..%2F..%2Fpackage.json'),
      entry.replace('standalone.esm.js', 'chunks/%2e%2e%2fstandalone.esm.js.map'),
    ]) {
      const res = await ctx.request(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ message: expect.any(String) });
    }
  });
});
