// Placeholders in task titles and descriptions ({{first_name}} and the like), filled per plan wherever a
// plan's task is shown; a template or task that names an unknown one is refused on save.
import { dateTimeFormat } from './intl.ts';

export const PLACEHOLDERS = ['first_name', 'last_name', 'manager_name', 'buddy_name', 'start_date', 'company_name'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;

const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names in `{{...}}` that are not placeholders, in order of appearance, each once. */
export function unknownPlaceholders(text: string | null | undefined): string[] {
  const unknown = new Set<string>();
  for (const match of (text ?? '').matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1] ?? '';
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

export function unknownPlaceholderMessage(text: string | null | undefined): string {
  const [name] = unknownPlaceholders(text);
  return `Unknown placeholder {{${name ?? ''}}}: use ${PLACEHOLDERS.map((known) => `{{${known}}}`).join(', ')}`;
}

export function hasPlaceholders(text: string | null | undefined): boolean {
  return text != null && /\{\{[^{}]*\}\}/.test(text);
}

/** Whether a task's title or description names a placeholder: only then does showing it need the plan's values. */
export function taskHasPlaceholders(task: { title: string; description: string | null }): boolean {
  return hasPlaceholders(task.title) || hasPlaceholders(task.description);
}

/** The text with every known placeholder replaced by its value; anything else is left as written. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string;
export function fillPlaceholders(text: string | null, values: PlaceholderValues): string | null;
export function fillPlaceholders(text: string | null, values: PlaceholderValues): string | null {
  if (text === null || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER_PATTERN, (whole, name: string) => ((PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole));
}

type Person = { firstName: string | null; lastName: string | null; fullName: string | null; email: string } | null;

/** A person as text: their full name, else "first last", else their email; `missing` when there is nobody. */
export function nameOf(person: Person, missing: string): string {
  if (!person) return missing;
  const joined = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return person.fullName || joined || person.email;
}

/** A plan's values: the person's names, the manager's and buddy's names, the long start date, the company. */
export function placeholderValues(plan: { newHire: NonNullable<Person>; manager: Person; buddy: Person; startDate: string; companyName: string }): PlaceholderValues {
  const [firstFromFull = '', ...restOfFull] = (plan.newHire.fullName ?? '').trim().split(/\s+/);
  const [y, m, d] = plan.startDate.split('-').map(Number) as [number, number, number];
  return {
    first_name: plan.newHire.firstName || firstFromFull || plan.newHire.email,
    last_name: plan.newHire.lastName || restOfFull.join(' '),
    manager_name: nameOf(plan.manager, 'your manager'),
    buddy_name: nameOf(plan.buddy, 'your buddy'),
    start_date: dateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d))),
    company_name: plan.companyName,
  };
}

/** A task with its title and description filled for its plan. */
export function fillTaskText<T extends { title: string; description: string | null }>(task: T, values: PlaceholderValues): T {
  if (!taskHasPlaceholders(task)) return task;
  return { ...task, title: fillPlaceholders(task.title, values), description: fillPlaceholders(task.description, values) };
}
