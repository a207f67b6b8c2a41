import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createTestContext, TEST_PASSWORD } from './test/harness.ts';

describe('HTTP foundation', async () => {
  const ctx = await createTestContext();

  it('answers the health check', async () => {
    const res = await ctx.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.request('/api/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toEqual({ code: 'not_found', message: 'No API route for GET /api/nope' });
  });

  it('refuses bodies over 1 MB with 413 in the error shape', async () => {
    const res = await ctx.request('/api/nope', { method: 'POST', body: { text: 'x'.repeat(1_100_000) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'payload_too_large', message: 'Request body is too large.' });
  });

  it('refuses a body whose declared Content-Length is over 1 MB with 413, and takes one declared within it', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(1_100_000) });
    const declaredOver = await ctx.request('/api/nope', { method: 'POST', body, headers: { 'Content-Length': String(Buffer.byteLength(body)) } });
    expect(declaredOver.status).toBe(413);
    const { cookies } = await ctx.createCompany('Declared length');
    const small = JSON.stringify({ title: 'Declared length', duration: 30, description: '' });
    const declaredWithin = await ctx.request('/api/templates', {
      method: 'POST',
      body: small,
      cookie: cookies.admin,
      headers: { 'Content-Length': String(Buffer.byteLength(small)) },
    });
    expect(declaredWithin.status).toBe(201);
  });

  it('refuses state-changing requests from another site', async () => {
    const crossSite = await ctx.request('/api/nope', { method: 'POST', body: {}, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const otherOrigin = await ctx.request('/api/nope', { method: 'POST', body: {}, headers: { Origin: 'https://evil.example' } });
    expect(otherOrigin.status).toBe(403);
  });

  it('refuses NUL characters and lone surrogates in URLs and JSON bodies with 400 on either engine, storing nothing', async () => {
    const { cookies } = await ctx.createCompany('Nul');
    const inPath = await ctx.request('/api/templates/%00', { cookie: cookies.admin });
    expect(inPath.status).toBe(400);
    expect(inPath.body).toEqual({ code: 'unstorable_text', message: 'Text must be valid Unicode without NUL characters.' });
    const loneSurrogate = await ctx.request('/api/templates', {
      method: 'POST',
      cookie: cookies.admin,
      body: '{"title":"Half \\ud83d emoji","duration":30,"sections":[]}',
    });
    expect(loneSurrogate.status).toBe(400);
    const wholeEmoji = await ctx.request('/api/templates', { method: 'POST', cookie: cookies.admin, body: { title: 'Whole 🚀 emoji', duration: 30, sections: [] } });
    expect(wholeEmoji.status).toBe(201);
    const inBody = await ctx.request('/api/templates', {
      method: 'POST',
      cookie: cookies.admin,
      body: { title: 'Bad\u0000title', duration: 30, sections: [] },
    });
    expect(inBody.status).toBe(400);
    const list = await ctx.request('/api/templates', { cookie: cookies.admin });
    expect(list.body.map((template: { title: string }) => template.title)).toEqual(['Whole 🚀 emoji']);
  });

  it('sets security headers with a strict CSP', async () => {
    const res = await ctx.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('on a server others can reach', () => {
  const signIn = async (ctx: Awaited<ReturnType<typeof createTestContext>>) => {
    const { admin } = await ctx.createCompany('Reachable');
    const res = await ctx.request('/api/auth/login', { method: 'POST', body: { email: admin.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().join('\n');
  };

  it('sends HSTS beyond loopback', async () => {
    const ctx = await createTestContext({ HOST: '0.0.0.0' });
    const health = await ctx.request('/api/health');
    expect(health.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('sets a __Host- prefixed, Secure session cookie beyond loopback (config.secureCookies)', async () => {
    const cookie = await signIn(await createTestContext({ HOST: '0.0.0.0' }));
    expect(cookie).toMatch(/^__Host-kickoff_sid=[0-9a-f]{32};/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
  });

  it('sends neither on loopback, nor with ALLOW_INSECURE_HTTP (plain HTTP on a private network)', async () => {
    for (const env of [{}, { HOST: '10.0.0.5', ALLOW_INSECURE_HTTP: 'true' }] as Record<string, string>[]) {
      const ctx = await createTestContext(env);
      const health = await ctx.request('/api/health');
      expect(health.headers.get('strict-transport-security')).toBeNull();
      const cookie = await signIn(ctx);
      expect(cookie).toMatch(/^kickoff_sid=/);
      expect(cookie).not.toMatch(/Secure/);
    }
  });
});

describe('configuration', () => {
  it('reads defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ engine: 'sqlite', path: 'data/kickoff.sqlite' });
    expect(config.payhere.mode).toBe('simulator');
    expect(config.appUrl).toBe('http://localhost:3000');
  });

  it('stops on a bad value with a one-line explanation', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO must be true, false, 1 or 0/);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYHERE_MODE: 'simulator' })).toThrow(/simulator/);
  });
});
