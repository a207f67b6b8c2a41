// Preferences and the unsubscribe link of reminder mails: the link works signed out (the page and a
// mail client's one-click POST), twice is fine, and a forged or garbled token is refused and changes nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_KINDS } from '../../shared/notifications.ts';
import { notificationOptOuts } from '../db/schema.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { preferencesOf } from './preferences.queries.ts';
import { INVALID_UNSUBSCRIBE_LINK } from './unsubscribe.queries.ts';
import { readUnsubscribeToken, unsubscribeLinks, unsubscribeToken } from './unsubscribe-token.ts';

const APP = 'https://kickoff.example';
let ctx: TestContext;
let acme: Awaited<ReturnType<TestContext['createCompany']>>;

beforeEach(async () => {
  ctx = await createTestContext({ APP_URL: APP });
  acme = await ctx.createCompany('Acme');
});
afterEach(() => vi.restoreAllMocks());

const allOn = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true]));
const unsubscribeUrl = (token: string) => `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
/** What a mail client sends for RFC 8058 one-click: a form POST from its own server, no cookie, no Origin. */
const oneClick = (token: string) =>
  ctx.request(unsubscribeUrl(token), { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
const optOutRows = () => ctx.db.select().from(notificationOptOuts);

describe('unsubscribe links', () => {
  it('point at the app page and the one-click API with the same signed token', async () => {
    const links = await unsubscribeLinks(ctx.db, APP, acme.newHire.id, 'morning_digest');
    const token = await unsubscribeToken(ctx.db, acme.newHire.id, 'morning_digest');
    expect(links).toEqual({
      pageUrl: `${APP}/unsubscribe?token=${encodeURIComponent(token)}`,
      oneClickUrl: `${APP}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(await readUnsubscribeToken(ctx.db, token)).toEqual({ userId: acme.newHire.id, kind: 'morning_digest' });
  });

  it('GET tells the signed-out page what the link turns off, and changes nothing', async () => {
    const token = await unsubscribeToken(ctx.db, acme.newHire.id, 'weekly_summary');
    const preview = await ctx.request(unsubscribeUrl(token));
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ kind: 'weekly_summary', label: 'Weekly summary of stuck plans', email: acme.newHire.email });
    expect(await optOutRows()).toEqual([]);
  });

  it('one-click POST turns the kind off without signing in; a second click answers the same', async () => {
    const token = await unsubscribeToken(ctx.db, acme.newHire.id, 'morning_digest');
    const first = await oneClick(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ kind: 'morning_digest', label: 'Morning digest', email: acme.newHire.email });
    expect(await preferencesOf(ctx.db, acme.newHire.id)).toEqual({ ...allOn, morning_digest: false });

    const second = await oneClick(token);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await optOutRows()).toHaveLength(1);
  });

  it('works from the app page too (JSON or empty body), and from a mail client’s web page on another origin', async () => {
    const token = await unsubscribeToken(ctx.db, acme.manager.id, 'unread_messages');
    expect((await ctx.request(unsubscribeUrl(token), { method: 'POST', body: {} })).status).toBe(200);
    const fromWebmail = await ctx.request(unsubscribeUrl(token), {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.example.com', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(fromWebmail.status).toBe(200);
    expect((await preferencesOf(ctx.db, acme.manager.id)).unread_messages).toBe(false);
  });

  it('refuses a forged token (another kind, another person, a wrong signature) or a garbled one with 400, changing nothing', async () => {
    const genuine = await unsubscribeToken(ctx.db, acme.newHire.id, 'morning_digest');
    const [subject = '', signature = ''] = genuine.split('.');
    const encode = (text: string) => Buffer.from(text).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const forged = [
      `${encode(`${acme.newHire.id}:weekly_summary`)}.${signature}`,
      `${encode(`${acme.admin.id}:morning_digest`)}.${signature}`,
      `${subject}.${flipped}`,
      `${subject}.${signature.slice(0, 10)}`,
      `${subject}.${signature}.extra`,
      subject,
      'not-a-token',
      `${encode('nobody')}.${signature}`,
    ];
    // A token signed with another server's key is just as forged.
    const elsewhere = await createTestContext({ APP_URL: APP });
    forged.push(await unsubscribeToken(elsewhere.db, acme.newHire.id, 'morning_digest'));

    for (const token of forged) {
      for (const method of ['GET', 'POST']) {
        const response = method === 'GET' ? await ctx.request(unsubscribeUrl(token)) : await oneClick(token);
        expect(response.status, `${method} ${token}`).toBe(400);
        expect(response.body.message).toBe(INVALID_UNSUBSCRIBE_LINK);
      }
    }
    expect((await ctx.request('/api/notifications/unsubscribe', { method: 'POST' })).status).toBe(400);
    expect(await optOutRows()).toEqual([]);
  });

  it('answers 404 for the link of an account deleted since', async () => {
    const token = await unsubscribeToken(ctx.db, acme.newHire.id, 'morning_digest');
    expect((await ctx.request(`/api/users/${acme.newHire.id}`, { method: 'DELETE', cookie: acme.cookies.admin })).status).toBe(200);
    expect((await oneClick(token)).status).toBe(404);
  });
});

describe('preferences', () => {
  it('every kind is on until the person turns it off; PUT sets them all and answers them', async () => {
    expect((await ctx.request('/api/notifications/preferences', { cookie: acme.cookies.newHire })).body).toEqual(allOn);
    const chosen = { ...allOn, morning_digest: false, start_mails: false };
    const saved = await ctx.request('/api/notifications/preferences', { method: 'PUT', cookie: acme.cookies.newHire, body: chosen });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(chosen);
    expect((await ctx.request('/api/notifications/preferences', { cookie: acme.cookies.newHire })).body).toEqual(chosen);
    // Someone else's choices are their own.
    expect((await ctx.request('/api/notifications/preferences', { cookie: acme.cookies.manager })).body).toEqual(allOn);

    const back = await ctx.request('/api/notifications/preferences', { method: 'PUT', cookie: acme.cookies.newHire, body: allOn });
    expect(back.body).toEqual(allOn);
    expect(await optOutRows()).toEqual([]);
  });

  it('refuses a body without every kind, or with an unknown one (400)', async () => {
    const { morning_digest: _left, ...missing } = allOn;
    for (const body of [missing, { ...allOn, newsletter: false }, { ...allOn, morning_digest: 'no' }]) {
      expect((await ctx.request('/api/notifications/preferences', { method: 'PUT', cookie: acme.cookies.newHire, body })).status).toBe(400);
    }
  });

  it('needs a session (401)', async () => {
    expect((await ctx.request('/api/notifications/preferences')).status).toBe(401);
    expect((await ctx.request('/api/notifications/preferences', { method: 'PUT', body: allOn })).status).toBe(401);
  });
});
