// Demo data for an empty database, made through the same functions the API uses.
import { hashPassword } from '../auth/password.ts';
import { createCompanyWithAdmin, createTeamMember } from '../auth/auth.queries.ts';
import type { Db } from './client.ts';
import { companies } from './schema.ts';

export const DEMO_PASSWORD = 'Kickoff#2026';

export type SeedResult = { password: string; people: { role: string; email: string }[] };

export async function seedDemo(db: Db): Promise<SeedResult | undefined> {
  if (db.select({ id: companies.id }).from(companies).limit(1).get()) return undefined;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const { company, user: admin } = createCompanyWithAdmin(db, {
    fullName: 'Amara Perera',
    email: 'admin@demo.kickoff.local',
    passwordHash,
    companyName: 'Lanka Labs',
    companyAddress: '42 Galle Road, Colombo 03',
    isEmailVerified: true,
  });
  const member = (email: string, fullName: string, role: 'manager' | 'new_hire', managerId?: string) =>
    createTeamMember(db, { companyId: company.id, email, fullName, role, managerId, passwordHash, isEmailVerified: true });
  const manager = member('manager@demo.kickoff.local', 'Nimal Fernando', 'manager');
  const hireOne = member('newhire@demo.kickoff.local', 'Kavya Silva', 'new_hire', manager.id);
  const hireTwo = member('newhire2@demo.kickoff.local', 'Dilan Jayasuriya', 'new_hire', manager.id);

  return {
    password: DEMO_PASSWORD,
    people: [admin, manager, hireOne, hireTwo].map((person) => ({ role: person.role, email: person.email })),
  };
}
