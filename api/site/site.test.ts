import { describe, expect, it } from 'vitest';
import { createTestContext } from '../test/harness.ts';

describe('GET /api/public-config', () => {
  it('answers signed-out visitors with the defaults and no support number', async () => {
    const ctx = await createTestContext();
    const res = await ctx.request('/api/public-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ supportEmail: 'support@kickoff.local', supportWhatsapp: null, payhereMode: 'simulator' });
  });

  it('passes on the configured address, WhatsApp digits and PayHere mode', async () => {
    const ctx = await createTestContext({ SUPPORT_EMAIL: 'hello@kickoff.example', SUPPORT_WHATSAPP: '+94 77 123 4567', PAYHERE_MODE: 'sandbox' });
    const res = await ctx.request('/api/public-config');
    expect(res.body).toEqual({ supportEmail: 'hello@kickoff.example', supportWhatsapp: '94771234567', payhereMode: 'sandbox' });
  });

  it('never leaks PayHere credentials', async () => {
    const ctx = await createTestContext({ PAYHERE_MERCHANT_ID: 'M-1234', PAYHERE_MERCHANT_SECRET: 'top-secret-value' });
    const res = await ctx.request('/api/public-config');
    expect(res.text).not.toContain('top-secret-value');
    expect(res.text).not.toContain('M-1234');
  });

  it('is the same for a signed-in person and is not cached', async () => {
    const ctx = await createTestContext();
    const { cookies } = await ctx.createCompany();
    const res = await ctx.request('/api/public-config', { cookie: cookies.newHire });
    expect(res.status).toBe(200);
    expect(res.body.supportEmail).toBe('support@kickoff.local');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
