// The new hire's plan view (issue 17), rendered to markup: their part and the whole plan, tabs by day,
// "Starts in N days" before day 1, held-back tasks hidden, and what others do for them read-only.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OnboardingTask, PlanDetails } from '../../../shared/onboarding.ts';
import { checklistTask, testPlan } from '../../sync/test-fixtures.ts';
import { PlanView } from './plan-view.tsx';
import { progressOnDevice } from './use-new-hire-data.ts';

const TODAY = '2026-01-02';

function planOf(tasks: OnboardingTask[]): PlanDetails {
  return { ...testPlan({ template: { title: 'Engineering', duration: 30, description: null } }), tasks, ...progressOnDevice(tasks, TODAY) };
}

const tasks = [
  checklistTask(0, { title: 'Sign the contract', dayStart: -3, dayEnd: -1, dueDate: '2026-01-04', isCompleted: true }),
  checklistTask(1, { title: 'Read the handbook', dayStart: 1, dayEnd: 5, dueDate: '2026-01-09' }),
  checklistTask(2, { title: 'Ship a fix', dayStart: 8, dayEnd: 14, dueDate: '2026-01-18' }),
  checklistTask(3, { title: 'Present your project', dayStart: 29, dayEnd: 30, dueDate: '2026-02-03', releaseOn: '2026-01-30' }),
  checklistTask(4, { title: 'Laptop ordered', assigneeKind: 'hr', assigneeName: 'Ian Ito', dayStart: -5, dayEnd: -2, dueDate: '2026-01-03', isCompleted: true }),
  checklistTask(5, { title: 'Book the first 1:1', assigneeKind: 'manager', assigneeName: 'Nimal Fernando', dueDate: '2026-12-03' }),
];

describe('the new hire’s plan view', () => {
  const html = renderToStaticMarkup(createElement(PlanView, { plan: planOf(tasks), today: TODAY, onToggleTask: () => undefined }));

  it('says when the plan starts, before day 1, and shows their part beside the whole plan', () => {
    expect(html).toContain('Starts in 3 days');
    expect(html).not.toContain('Day 1<');
    // Theirs: 1 of 3 released (the held-back one does not count yet); the whole plan: 2 of 6.
    expect(html).toContain('1/3');
    expect(html).toContain('whole plan 2/6');
  });

  it('has a "Before day 1" tab for preboarding, and hides a task until its release date', () => {
    expect(html).toMatch(/>Before day 1<span[^>]*>1\/1</);
    // Day 29 sits in Final Review, which holds nothing for them yet.
    expect(html).toMatch(/>Final Review<span[^>]*>0\/0</);
  });

  it('lists what others do for them with who and when, and nothing there to tick', () => {
    expect(html).toContain('Others are doing for you');
    expect(html).toMatch(/Laptop ordered<\/span><span[^>]*> — Ian Ito \(HR admin\)<\/span><\/span><span[^>]*>done</);
    expect(html).toMatch(/Book the first 1:1<\/span><span[^>]*> — Nimal Fernando \(manager\)<\/span><\/span><span[^>]*>due Dec 3</);
    expect(html).not.toContain('Mark “Laptop ordered”');
  });

  it('shows staff previewing the plan every task, held back or not, and the others’ tasks by name', () => {
    const preview = renderToStaticMarkup(createElement(PlanView, { plan: planOf(tasks), today: TODAY, readOnly: true }));
    expect(preview).toContain('Others are doing for Kavya');
    expect(preview).toMatch(/>Final Review<span[^>]*>0\/1</);
  });
});

describe('Today’s Tasks', () => {
  const today = '2026-01-07';
  const inWindow = { dayStart: 1, dayEnd: 7, opensOn: '2026-01-05', dueDate: '2026-01-11' };
  const open = checklistTask(0, { title: 'Set up your laptop', ...inWindow });
  const tickedHere = checklistTask(1, { title: 'Meet the team', ...inWindow, isCompleted: true, completedAt: '2026-01-07T09:00:00.000Z' });
  const doneBefore = checklistTask(2, { title: 'Read the handbook', ...inWindow, isCompleted: true, completedAt: '2026-01-06T09:00:00.000Z' });
  const overdue = checklistTask(3, { title: 'Sign the contract', dayStart: -3, dayEnd: -1, opensOn: '2026-01-02', dueDate: '2026-01-04' });
  const todaysCard = (tasks: OnboardingTask[], ticked: ReadonlySet<string>) => {
    const plan = { ...testPlan(), tasks, ...progressOnDevice(tasks, today) };
    const html = renderToStaticMarkup(createElement(PlanView, { plan, today, onToggleTask: () => undefined, tickedHere: ticked }));
    return html.slice(html.indexOf('aria-labelledby="todays-tasks"'), html.indexOf('</section>', html.indexOf('aria-labelledby="todays-tasks"')));
  };

  it('keeps a task ticked on this screen in its place, done, and counts only the open ones', () => {
    const card = todaysCard([open, tickedHere, doneBefore, overdue], new Set([tickedHere.id]));
    const titles = [...card.matchAll(/<label[^>]*>([^<]+)<\/label>/g)].map((match) => match[1]);
    expect(titles).toEqual(['Sign the contract', 'Set up your laptop', 'Meet the team']);
    expect(card).toContain('Mark “Meet the team” as not done');
    expect(card).toMatch(/badge-primary badge-sm">2</);
  });

  it('says the day is done once every task listed was ticked here', () => {
    const card = todaysCard(
      [tickedHere, doneBefore, checklistTask(4, { title: 'Later', dayStart: 8, dayEnd: 14, opensOn: '2026-01-12', dueDate: '2026-01-18' })],
      new Set([tickedHere.id]),
    );
    expect(card).toContain('Meet the team');
    expect(card).toContain('All done for today. Pick the next task from your list below.');
    expect(card).not.toContain('badge-primary');
  });
});
