import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const SPEC_TABLES = [
  'users',
  'companies',
  'templates',
  'template_sections',
  'template_tasks',
  'onboarding_plans',
  'onboarding_tasks',
  'messages',
  'subscriptions',
  'payment_transactions',
  'sessions',
];

describe('migrations', () => {
  const { sqlite } = openDatabase(':memory:');
  const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
  const foreignKeys = (table: string) =>
    sqlite.prepare(`PRAGMA foreign_key_list(${table})`).all() as { table: string; from: string; on_delete: string }[];

  it('creates every table of the data model, plus the sync bookkeeping', () => {
    expect(tables).toEqual(expect.arrayContaining([...SPEC_TABLES, 'sync_clients', 'sync_state', 'auth_tokens']));
  });

  it('cascades children with their parents as the spec names', () => {
    expect(foreignKeys('template_sections')).toContainEqual(expect.objectContaining({ table: 'templates', from: 'template_id', on_delete: 'CASCADE' }));
    expect(foreignKeys('template_tasks')).toContainEqual(expect.objectContaining({ table: 'template_sections', from: 'section_id', on_delete: 'CASCADE' }));
    expect(foreignKeys('onboarding_tasks')).toContainEqual(expect.objectContaining({ table: 'onboarding_plans', from: 'plan_id', on_delete: 'CASCADE' }));
    expect(foreignKeys('messages')).toContainEqual(expect.objectContaining({ table: 'onboarding_plans', from: 'plan_id', on_delete: 'CASCADE' }));
    expect(foreignKeys('users')).toContainEqual(expect.objectContaining({ table: 'companies', from: 'company_id' }));
    expect(foreignKeys('onboarding_plans').map((fk) => fk.from)).toEqual(expect.arrayContaining(['new_hire_id', 'template_id', 'manager_id', 'company_id']));
  });

  it('enforces foreign keys and unique emails', () => {
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() =>
      sqlite.prepare("INSERT INTO users (id, email, role, company_id, auth_provider, is_email_verified, created_at, updated_at) VALUES ('u1', 'a@b.c', 'admin', 'missing', 'custom', 0, '', '')").run(),
    ).toThrow(/FOREIGN KEY/);
    sqlite.prepare("INSERT INTO companies (id, name, plan_type, created_at, updated_at) VALUES ('c1', 'Co', 'starter', '', '')").run();
    const insertUser = sqlite.prepare("INSERT INTO users (id, email, role, company_id, auth_provider, is_email_verified, created_at, updated_at) VALUES (?, ?, 'admin', 'c1', 'custom', 0, '', '')");
    insertUser.run('u1', 'same@example.com');
    expect(() => insertUser.run('u2', 'SAME@example.com')).toThrow(/UNIQUE/);
  });

  it('indexes what lists filter by', () => {
    const indexed = (table: string) =>
      (sqlite.prepare(`PRAGMA index_list(${table})`).all() as { name: string }[]).flatMap((index) =>
        (sqlite.prepare(`PRAGMA index_info(${index.name})`).all() as { name: string }[]).slice(0, 1).map((col) => col.name),
      );
    expect(indexed('onboarding_plans')).toEqual(expect.arrayContaining(['company_id', 'manager_id', 'new_hire_id', 'template_id']));
    expect(indexed('onboarding_tasks')).toContain('plan_id');
    expect(indexed('messages')).toEqual(expect.arrayContaining(['plan_id', 'receiver_id', 'sender_id']));
    expect(indexed('users')).toEqual(expect.arrayContaining(['company_id', 'manager_id']));
  });
});
