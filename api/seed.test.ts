// The demo seed on a reachable server: a random password, never the one printed in the README.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES } from '../shared/auth.ts';
import { verifyPassword } from './auth/password.ts';
import { first } from './db/client.ts';
import { users } from './db/schema.ts';
import { DEMO_PASSWORD, randomDemoPassword, seedDemo } from './seed.ts';
import { openTestDatabase } from './test/harness.ts';

describe('demo seed passwords', () => {
  it('makes random passwords that differ every time and pass the password rules', () => {
    const passwords = new Set(Array.from({ length: 50 }, randomDemoPassword));
    expect(passwords.size).toBe(50);
    for (const password of passwords) {
      expect(password.length).toBeGreaterThanOrEqual(24);
      for (const rule of PASSWORD_RULES) expect(rule.test(password), `${rule.label}: ${password}`).toBe(true);
    }
  });

  it('seeds every demo account with the given password and not the README one', async () => {
    const { db } = await openTestDatabase();
    const password = randomDemoPassword();
    const seeded = await seedDemo(db, password);
    expect(seeded?.password).toBe(password);
    const admin = await first(db.select({ hash: users.password }).from(users).where(eq(users.email, 'admin@demo.kickoff.local')));
    expect(await verifyPassword(admin?.hash ?? null, password)).toBe(true);
    expect(await verifyPassword(admin?.hash ?? null, DEMO_PASSWORD)).toBe(false);
  });
});
