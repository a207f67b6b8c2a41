import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders, fillTaskText, placeholderValues, unknownPlaceholders } from './placeholders.ts';
import { TaskInputSchema } from './templates.ts';

const values = placeholderValues({
  newHire: { firstName: 'Alex', lastName: 'Chen', fullName: 'Alex Chen', email: 'alex@example.com' },
  manager: { firstName: null, lastName: null, fullName: 'Morgan Lee', email: 'morgan@example.com' },
  buddy: null,
  startDate: '2026-12-07',
  companyName: 'Acme',
});

describe('placeholders', () => {
  it('fills every placeholder for the plan, with words for missing people', () => {
    expect(fillPlaceholders('Welcome {{first_name}} {{last_name}} to {{company_name}}', values)).toBe('Welcome Alex Chen to Acme');
    expect(fillPlaceholders('Meet {{ manager_name }} and {{buddy_name}} on {{start_date}}', values)).toBe('Meet Morgan Lee and your buddy on 7 December 2026');
    expect(fillTaskText({ title: 'Hi {{first_name}}', description: null }, values)).toEqual({ title: 'Hi Alex', description: null });
  });

  it('names the unknown ones and leaves them as written', () => {
    expect(unknownPlaceholders('{{first_name}} {{salary}} {{ team }} {{salary}}')).toEqual(['salary', 'team']);
    expect(fillPlaceholders('Pay {{salary}}', values)).toBe('Pay {{salary}}');
  });

  it('refuses a task that uses an unknown placeholder, with a message that lists the known ones', () => {
    const result = v.safeParse(TaskInputSchema, { title: 'Hello {{nickname}}', type: 'checklist' });
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(
      'Unknown placeholder {{nickname}}: use {{first_name}}, {{last_name}}, {{manager_name}}, {{buddy_name}}, {{start_date}}, {{company_name}}',
    );
    expect(v.safeParse(TaskInputSchema, { title: 'Hello {{first_name}}', description: 'From {{nickname}}', type: 'checklist' }).success).toBe(false);
    expect(v.safeParse(TaskInputSchema, { title: 'Hello {{first_name}}', type: 'checklist' }).success).toBe(true);
  });
});
