// The error contract (DESIGN.md section 4, shared/errors.ts): each kind of failure answers with its code.
import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../shared/errors.ts';
import { createTestContext } from './test/harness.ts';

describe('error codes', async () => {
  const ctx = await createTestContext();
  const acme = await ctx.createCompany('Codes');

  it('validation_failed for input a schema refuses, with its issues', async () => {
    const res = await ctx.request('/api/onboarding-plans', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { newHireId: '', templateId: '', startDate: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: ERROR_CODE.validationFailed, message: 'Please select a user' });
    expect(res.body.issues).toContainEqual({ path: 'newHireId', message: 'Please select a user' });
  });

  it('unauthorized without a session', async () => {
    const res = await ctx.request('/api/templates');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: ERROR_CODE.unauthorized, message: 'You are not signed in.' });
  });

  it('forbidden for a role the route refuses', async () => {
    const res = await ctx.request('/api/templates', { cookie: acme.cookies.newHire });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: ERROR_CODE.forbidden, message: 'You do not have permission to do this.' });
  });

  it('not_found for a missing record and for a path no route serves', async () => {
    const missing = await ctx.request(`/api/templates/${crypto.randomUUID()}`, { cookie: acme.cookies.admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: ERROR_CODE.notFound, message: 'Template not found' });
    const noRoute = await ctx.request('/api/users/me', { cookie: acme.cookies.admin });
    expect(noRoute.status).toBe(404);
    expect(noRoute.body).toEqual({ code: ERROR_CODE.notFound, message: 'No API route for GET /api/users/me' });
  });

  it('plan_limit_reached for a second manager on Starter', async () => {
    const res = await ctx.request('/api/users/invite', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { email: 'second-manager@example.test', role: 'manager' },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(ERROR_CODE.planLimitReached);
    expect(res.body.message).toContain('limit reached');
  });

  it('email_taken for an email an account already has', async () => {
    const res = await ctx.request('/api/users/invite', {
      method: 'POST',
      cookie: acme.cookies.admin,
      body: { email: acme.manager.email.toUpperCase(), role: 'new_hire' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: ERROR_CODE.emailTaken, message: 'A user with this email already exists.' });
  });

  it('rate_limited with Retry-After once a limit is spent', async () => {
    const forgot = () => ctx.request('/api/auth/forgot-password', { method: 'POST', body: { email: 'codes@example.test' } });
    for (let i = 0; i < 5; i++) expect((await forgot()).status).toBe(200);
    const limited = await forgot();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(ERROR_CODE.rateLimited);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
