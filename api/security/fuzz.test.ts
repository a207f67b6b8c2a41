// Issue 11: every POST/PATCH/DELETE route answers generated garbage (wrong types, missing fields,
// 200 KB strings, deep nesting, lone surrogates, other companies' ids, malformed JSON, wrong content
// types) without a 5xx, with JSON in the one error shape, and without a stack trace or SQL.
// 200 cases per route here; `npm run fuzz` runs 10,000 (scripts/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, testEngine } from '../test/harness.ts';
import { fuzzRoute, judge, routeName, unsafeRoutes, WorldImage, type FuzzRequest } from '../test/fuzz-cases.ts';

const CASES_PER_ROUTE = 200;
/** A route's cases share copies of the world, made afresh only after a success that changes it. */
const ROUTE_TIMEOUT_MS = testEngine === 'postgres' ? 180_000 : 90_000;

// The app's own list of routes (the probe's database is closed with the file's others).
const routes = unsafeRoutes((await createTestContext()).app);

describe('API fuzzing', () => {
  let image: WorldImage;
  beforeAll(async () => {
    image = await WorldImage.build();
    // A 5xx is reported as a failure below with its input; the server's own log line would only repeat it.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
  }, 60_000);
  afterAll(() => vi.restoreAllMocks());

  it('reads every unsafe route from the app, path parameters included', () => {
    const names = routes.map(routeName);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/templates',
        'PATCH /api/templates/:id',
        'DELETE /api/onboarding-plans/:id',
        'PATCH /api/onboarding-tasks/:taskId',
        'POST /api/messages',
        'POST /api/sync/push',
        'POST /api/payments/notify',
        'DELETE /api/users/me',
      ]),
    );
    expect(names.some((name) => name.startsWith('GET '))).toBe(false);
  });

  it('counts as failures a 5xx, a non-JSON answer, another error shape, an echo and a leak', () => {
    const request: FuzzRequest = { method: 'POST', url: '/api/templates', role: 'admin', contentType: 'application/json', body: '{"title":1}' };
    const json = 'application/json; charset=UTF-8';
    const answer = (status: number, text: string, contentType = json) => judge(request, { status, contentType, text });
    expect(answer(400, '{"code":"validation_failed","message":"Title is required","issues":[{"path":"title","message":"Title is required"}]}')).toBeNull();
    expect(answer(201, '{"id":"x"}')).toBeNull();
    expect(answer(500, '{"message":"Something went wrong. Please try again."}')).toBe('status 500');
    expect(answer(400, '<html>Bad request</html>', 'text/html')).toMatch(/not JSON/);
    expect(answer(400, '{"message":"Title is required"}')).toMatch(/no known code/);
    expect(answer(400, '{"code":"oops","message":"Title is required"}')).toMatch(/no known code/);
    expect(answer(400, '{"code":"bad_request","error":"bad"}')).toMatch(/no message/);
    expect(answer(400, '{"code":"validation_failed","message":"Invalid type: Expected string but received 1"}')).toMatch(/echoes/);
    expect(answer(400, '{"code":"bad_request","message":"x\\n    at parseTemplate (/work/api/templates.ts:12:3)"}')).toMatch(/leaks/);
    expect(answer(409, '{"code":"conflict","message":"SqliteError: UNIQUE constraint failed"}')).toMatch(/leaks/);
    expect(answer(400, '{"code":"bad_request","message":"near \\"SELECT \\": syntax error"}')).toMatch(/leaks/);
    // What the request itself carried comes back as an echo of the person's own data, not a leak.
    const echo: FuzzRequest = { ...request, body: '{"title":"SELECT * FROM users"}' };
    expect(judge(echo, { status: 201, contentType: json, text: '{"title":"SELECT * FROM users"}' })).toBeNull();
  });

  it.each(routes.map((route) => [routeName(route), route] as const))(
    `%s: ${CASES_PER_ROUTE} generated requests, never a 5xx, a leak or another error shape`,
    async (_name, route) => {
      const result = await fuzzRoute(route, { numRuns: CASES_PER_ROUTE, image });
      expect(result.cases).toBe(CASES_PER_ROUTE);
      expect(result.failures, `${result.failures.length} failures; minimal counterexample:\n${result.counterexample}`).toEqual([]);
    },
    ROUTE_TIMEOUT_MS,
  );
});
