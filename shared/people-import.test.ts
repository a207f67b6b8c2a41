import { describe, expect, it } from 'vitest';
import { checkImportRow, exampleImportCsv, IMPORT_COLUMNS, IMPORT_MESSAGES, importColumnOf, importRoleOf, importSummary } from './people-import.ts';

const admin = { role: 'admin' as const, email: 'admin@example.com' };
const manager = { role: 'manager' as const, email: 'Boss@Example.com' };

describe('the people CSV columns', () => {
  it('reads header names in any case, with spaces, underscores, dashes or a byte order mark', () => {
    expect(['Manager Email', 'manager_email', 'MANAGER-EMAIL', ' managerEmail ', '\uFEFFmanager email'].map(importColumnOf)).toEqual(Array(5).fill('managerEmail'));
    expect(importColumnOf('Start date')).toBe('startDate');
    expect(importColumnOf('phone')).toBeUndefined();
  });

  it('reads the roles as the app names them', () => {
    expect(['New Hire', 'new_hire', 'NEWHIRE', 'Manager', 'HR Admin', 'admin', 'Intern'].map(importRoleOf)).toEqual([
      'new_hire',
      'new_hire',
      'new_hire',
      'manager',
      'admin',
      'admin',
      null,
    ]);
  });

  it('offers an example file whose rows pass the rules', () => {
    const [header, ...rows] = exampleImportCsv().trim().split('\r\n');
    expect(header).toBe(IMPORT_COLUMNS.map((column) => column.header).join(','));
    for (const line of rows) {
      const cells = Object.fromEntries(IMPORT_COLUMNS.map((column, index) => [column.key, line.split(',')[index] ?? '']));
      expect(checkImportRow(cells, admin).errors).toEqual([]);
    }
  });
});

describe('one row on its own', () => {
  it('trims the values, lower-cases the emails and reads the role', () => {
    expect(checkImportRow({ name: ' Ada ', email: ' Ada@Example.COM ', role: 'new hire', managerEmail: 'Boss@Example.com' }, admin)).toEqual({
      values: { name: 'Ada', email: 'ada@example.com', role: 'new hire', managerEmail: 'boss@example.com', startDate: '', template: '' },
      role: 'new_hire',
      errors: [],
    });
  });

  it('names the column and reason of each mistake', () => {
    const errors = (cells: Record<string, string>, importer: { role: 'admin' | 'manager'; email: string } = admin) => checkImportRow(cells, importer).errors;
    expect(errors({ email: 'nope', role: 'New Hire' })).toEqual([{ column: 'email', message: IMPORT_MESSAGES.invalidEmail }]);
    expect(errors({ email: 'a@example.com', role: '' })).toEqual([{ column: 'role', message: IMPORT_MESSAGES.roleMissing }]);
    expect(errors({ email: 'a@example.com', role: 'Admin' })).toEqual([{ column: 'role', message: IMPORT_MESSAGES.roleAdmin }]);
    expect(errors({ email: 'a@example.com', role: 'Manager' }, manager)).toEqual([{ column: 'role', message: IMPORT_MESSAGES.managerInvitesNewHiresOnly }]);
    expect(errors({ email: 'a@example.com', role: 'New Hire', managerEmail: 'a@example.com' })).toEqual([{ column: 'managerEmail', message: IMPORT_MESSAGES.ownManager }]);
    expect(errors({ email: 'a@example.com', role: 'New Hire', managerEmail: 'other@example.com' }, manager)).toEqual([
      { column: 'managerEmail', message: IMPORT_MESSAGES.managerNotYou },
    ]);
    expect(errors({ email: 'a@example.com', role: 'New Hire', managerEmail: 'boss@example.com' }, manager)).toEqual([]);
    expect(errors({ email: 'a@example.com', role: 'Manager', managerEmail: 'b@example.com' })).toEqual([{ column: 'managerEmail', message: IMPORT_MESSAGES.managerOnStaff }]);
    expect(errors({ email: 'a@example.com', role: 'New Hire', startDate: '2027-02-29', template: 'T' })).toEqual([
      { column: 'startDate', message: IMPORT_MESSAGES.startDateInvalid },
    ]);
    expect(errors({ email: 'a@example.com', role: 'New Hire', startDate: '2027-03-01' })).toEqual([{ column: 'startDate', message: IMPORT_MESSAGES.startDateWithoutTemplate }]);
    expect(errors({ email: 'a@example.com', role: 'New Hire', template: 'T' })).toEqual([{ column: 'startDate', message: IMPORT_MESSAGES.startDateMissing }]);
    expect(errors({ email: 'a@example.com', role: 'Manager', template: 'T' })).toEqual([{ column: 'template', message: IMPORT_MESSAGES.templateOnStaff }]);
    expect(errors({ name: 'A', email: 'a@example.com', role: 'New Hire' })).toEqual([{ column: 'name', message: 'Full name must be at least 2 characters' }]);
  });

  it('sums a preview up', () => {
    expect(importSummary({ ready: 5, withErrors: 2 })).toBe('5 rows ready, 2 with errors');
    expect(importSummary({ ready: 1, withErrors: 0 })).toBe('1 row ready');
  });
});
