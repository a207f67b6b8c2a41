import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CompanySettings } from '../../shared/company.ts';
import type { PullResponse } from '../../shared/sync.ts';
import { first } from '../db/client.ts';
import { companies } from '../db/schema.ts';
import { createTestContext } from '../test/harness.ts';

const ctx = await createTestContext();
const acme = await ctx.createCompany('Acme');
const rival = await ctx.createCompany('Rival');

const read = (cookie?: string) => ctx.request('/api/company', { cookie });
const save = (cookie: string, body: unknown) => ctx.request('/api/company', { method: 'PATCH', cookie, body });
const stored = async (companyId: string) => first(ctx.db.select().from(companies).where(eq(companies.id, companyId)));

const noLinks = { employeeHandbook: null, benefitsGuide: null, itSetupGuide: null, teamDirectory: null };

describe('company settings', () => {
  it('shows every member of the company its own settings, and nobody signed out', async () => {
    for (const cookie of Object.values(acme.cookies)) {
      const res = await read(cookie);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: acme.company.id,
        name: 'Acme',
        address: '1 Test Street',
        phone: null,
        city: null,
        timeZone: 'UTC',
        resources: noLinks,
        helpfulResources: [],
      } satisfies CompanySettings);
    }
    expect((await read()).status).toBe(401);
  });

  it('lets only admins change them', async () => {
    const body = { name: 'Acme Renamed' };
    expect((await save(acme.cookies.manager, body)).status).toBe(403);
    expect((await save(acme.cookies.newHire, body)).status).toBe(403);
    expect((await stored(acme.company.id))?.name).toBe('Acme');
    expect((await ctx.request('/api/company', { method: 'PATCH', body })).status).toBe(401);
  });

  it('stores the details and the four links, and the new hire gets the links that are set online and offline', async () => {
    const before = await stored(acme.company.id);
    const res = await save(acme.cookies.admin, {
      name: '  Acme Holdings ',
      address: '5 Harbour Road',
      phone: '+94 77 123 4567',
      city: 'Colombo',
      timeZone: 'Asia/Colombo',
      resources: { employeeHandbook: 'https://acme.test/handbook', itSetupGuide: ' https://it.acme.test/setup ', benefitsGuide: '' },
      // Not settable here: ignored.
      planType: 'business',
      version: 999,
    });
    expect(res.status).toBe(200);
    const expected: CompanySettings = {
      id: acme.company.id,
      name: 'Acme Holdings',
      address: '5 Harbour Road',
      phone: '+94 77 123 4567',
      city: 'Colombo',
      timeZone: 'Asia/Colombo',
      resources: { ...noLinks, employeeHandbook: 'https://acme.test/handbook', itSetupGuide: 'https://it.acme.test/setup' },
      helpfulResources: [
        { label: 'Employee Handbook', url: 'https://acme.test/handbook' },
        { label: 'IT Setup Guide', url: 'https://it.acme.test/setup' },
      ],
    };
    expect(res.body).toEqual(expected);
    expect((await read(acme.cookies.newHire)).body).toEqual(expected);

    // Offline: the new hire's sync pull carries the same links to the Helpful Resources card.
    const pull = (await ctx.request(`/api/sync/pull?clientId=${crypto.randomUUID()}&cursor=0`, { cookie: acme.cookies.newHire })).body as PullResponse;
    expect(pull.company).toEqual({ id: acme.company.id, name: 'Acme Holdings', helpfulResources: expected.helpfulResources });
    // The signed-in person's company name follows.
    expect((await ctx.request('/api/auth/user', { cookie: acme.cookies.newHire })).body.company.name).toBe('Acme Holdings');

    // No sync version bumped (the pull sends the company whole every time), no plan changed.
    const after = await stored(acme.company.id);
    expect(after?.version).toBe(before?.version);
    expect(after?.planType).toBe(before?.planType);
  });

  it('keeps a field left out, and clears one sent blank or null', async () => {
    await save(acme.cookies.admin, {
      name: 'Acme',
      address: '5 Harbour Road',
      phone: '011 234 5678',
      city: 'Kandy',
      resources: { employeeHandbook: 'https://acme.test/handbook', itSetupGuide: 'https://it.acme.test/setup', teamDirectory: 'https://acme.test/people' },
    });
    const res = await save(acme.cookies.admin, { name: 'Acme', city: '', phone: null, resources: { teamDirectory: null } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: '5 Harbour Road', phone: null, city: null });
    expect((res.body as CompanySettings).resources).toEqual({ ...noLinks, employeeHandbook: 'https://acme.test/handbook', itSetupGuide: 'https://it.acme.test/setup' });
    expect((await save(acme.cookies.admin, { name: 'Acme' })).body.resources).toEqual((res.body as CompanySettings).resources);
  });

  it('refuses a missing or long name, a phone that is not one, and links that are not http(s)', async () => {
    const cases: [unknown, string, string][] = [
      [{}, 'name', 'Company name is required'],
      [{ name: '   ' }, 'name', 'Company name is required'],
      [{ name: 'x'.repeat(101) }, 'name', 'Company name must be at most 100 characters'],
      [{ name: 'Acme', phone: 'call me' }, 'phone', 'Please enter a valid phone number'],
      [{ name: 'Acme', address: 'x'.repeat(301) }, 'address', 'Address must be at most 300 characters'],
      [{ name: 'Acme', resources: { teamDirectory: 'javascript:alert(1)' } }, 'resources.teamDirectory', 'Team Directory link must be a valid http(s) URL'],
      [{ name: 'Acme', resources: { benefitsGuide: 'ftp://acme.test/benefits' } }, 'resources.benefitsGuide', 'Benefits Guide link must be a valid http(s) URL'],
    ];
    const before = await stored(acme.company.id);
    for (const [body, path, message] of cases) {
      const res = await save(acme.cookies.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.issues).toEqual([{ path, message }]);
    }
    expect(await stored(acme.company.id)).toEqual(before);
  });

  it('never shows or changes another company’s settings', async () => {
    await save(acme.cookies.admin, { name: 'Acme', resources: { employeeHandbook: 'https://acme.test/handbook' } });
    const acmeBefore = await stored(acme.company.id);
    const acmeSettings = (await read(acme.cookies.newHire)).body as CompanySettings;
    for (const cookie of Object.values(rival.cookies)) {
      const res = await read(cookie);
      expect(res.body).toMatchObject({ id: rival.company.id, name: 'Rival', resources: noLinks });
      expect(JSON.stringify(res.body)).not.toContain('acme.test');
    }
    expect((await save(rival.cookies.admin, { name: 'Rival Two', resources: { teamDirectory: 'https://rival.test/people' } })).status).toBe(200);
    expect(await stored(acme.company.id)).toEqual(acmeBefore);
    expect((await read(acme.cookies.newHire)).body).toEqual(acmeSettings);
  });
});
