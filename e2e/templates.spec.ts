import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, signInByApi } from './fixtures.ts';

/** Signs in through the login screen, or straight through the API while that screen is not built yet. */
async function signInAs(page: Page, email: string) {
  await page.goto('/login');
  const hasForm = await page
    .getByLabel('Email')
    .waitFor({ state: 'visible', timeout: 5000 })
    .then(
      () => true,
      () => false,
    );
  if (hasForm) {
    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
  } else {
    await signInByApi(page.request, email);
  }
}

async function addSection(page: Page, title: string, dayStart: string, dayEnd: string, description = '') {
  await page.getByRole('button', { name: 'Add section' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add section' });
  await dialog.getByLabel('Section title').fill(title);
  if (description) await dialog.getByLabel('Section description (optional)').fill(description);
  await dialog.getByLabel('Start day').fill(dayStart);
  await dialog.getByLabel('End day').fill(dayEnd);
  await dialog.getByRole('button', { name: 'Add section' }).click();
  await expect(dialog).toBeHidden();
}

async function openNewTask(page: Page, sectionTitle: string, taskTitle: string, type: string) {
  await page.getByRole('button', { name: `Add task to “${sectionTitle}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add task' });
  await dialog.getByLabel('Task title').fill(taskTitle);
  await dialog.getByLabel('Task type').selectOption(type);
  return dialog;
}

test('an admin builds a template with three sections and every task type, and it all comes back after a reload', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/templates/new');
  await expect(page.getByRole('heading', { name: 'New Template' })).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill('Design Onboarding');
  await page.getByLabel('Description (optional)', { exact: true }).fill('For product designers joining the studio.');
  await page.getByLabel('Duration (days)').fill('45');
  await page.getByLabel('Draft').check();

  await addSection(page, 'Week 1: Welcome', '1', '7', 'Tools and people');
  await addSection(page, 'Weeks 2-3: Craft', '8', '21');
  await addSection(page, 'Month 2: Ownership', '22', '45');

  let dialog = await openNewTask(page, 'Week 1: Welcome', 'Set up your tools', 'checklist');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Checklist item 1', { exact: true }).fill('Install Figma');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await dialog.getByLabel('Checklist item 2', { exact: true }).fill('Join #design on Slack');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Task added')).toBeVisible();

  dialog = await openNewTask(page, 'Weeks 2-3: Craft', 'Study the design system', 'resource');
  await dialog.getByLabel('Resource URL').fill('https://design.example.com/system');
  await dialog.getByLabel('Video URL').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await dialog.getByLabel('Video title').fill('Design system tour');
  await dialog.getByRole('button', { name: 'Add attachment' }).click();
  await dialog.getByLabel('Attachment 1 name').fill('Component library.png');
  await dialog.getByLabel('Attachment 1 URL').fill('https://design.example.com/library.png');
  await dialog.getByLabel('Attachment 1 type').selectOption('image');
  await dialog.getByLabel('Attachment 1 size (MB)').fill('1.5');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openNewTask(page, 'Month 2: Ownership', 'Meet the head of design', 'introduction');
  await dialog.getByLabel('Person name').fill('Anu Silva');
  await dialog.getByLabel('Person role').fill('Head of Design');
  await dialog.getByLabel('Photo URL').fill('https://i.pravatar.cc/300?img=5');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openNewTask(page, 'Month 2: Ownership', 'First design critique', 'meeting');
  await dialog.getByLabel('Meeting title').fill('Design critique');
  await dialog.getByLabel('Date and time').fill('2026-05-04T10:30');
  await dialog.getByLabel('Attendees').fill('Anu Silva, Ravi Perera');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  // Reorder with the keyboard-reachable buttons: the meeting goes before the introduction.
  await page.getByRole('button', { name: 'Move task “First design critique” up' }).click();

  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText('Template created')).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit$/);
  await expect(page.getByRole('heading', { name: 'Edit Template' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Design Onboarding');
  await expect(page.getByLabel('Description (optional)', { exact: true })).toHaveValue('For product designers joining the studio.');
  await expect(page.getByLabel('Duration (days)')).toHaveValue('45');
  await expect(page.getByLabel('Draft')).toBeChecked();

  const sections = page.getByRole('article', { name: /^Section \d/ });
  await expect(sections).toHaveCount(3);
  await expect(sections.nth(0)).toContainText('Week 1: Welcome');
  await expect(sections.nth(0)).toContainText('Days 1–7');
  await expect(sections.nth(0)).toContainText('Tools and people');
  await expect(sections.nth(1)).toContainText('Days 8–21');
  await expect(sections.nth(2)).toContainText('Days 22–45');
  await expect(sections.nth(2).getByRole('listitem').nth(0)).toContainText('First design critique');
  await expect(sections.nth(2).getByRole('listitem').nth(1)).toContainText('Meet the head of design');

  await page.getByRole('button', { name: 'Edit task “Set up your tools”' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit task' });
  await expect(dialog.getByLabel('Task type')).toHaveValue('checklist');
  await expect(dialog.getByLabel('Checklist item 1', { exact: true })).toHaveValue('Install Figma');
  await expect(dialog.getByLabel('Checklist item 2', { exact: true })).toHaveValue('Join #design on Slack');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit task “Study the design system”' }).click();
  await expect(dialog.getByLabel('Resource URL')).toHaveValue('https://design.example.com/system');
  await expect(dialog.getByLabel('Video URL')).toHaveValue('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(dialog.getByLabel('Video title')).toHaveValue('Design system tour');
  await expect(dialog.getByLabel('Attachment 1 name')).toHaveValue('Component library.png');
  await expect(dialog.getByLabel('Attachment 1 URL')).toHaveValue('https://design.example.com/library.png');
  await expect(dialog.getByLabel('Attachment 1 type')).toHaveValue('image');
  await expect(dialog.getByLabel('Attachment 1 size (MB)')).toHaveValue('1.5');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit task “Meet the head of design”' }).click();
  await expect(dialog.getByLabel('Person name')).toHaveValue('Anu Silva');
  await expect(dialog.getByLabel('Person role')).toHaveValue('Head of Design');
  await expect(dialog.getByLabel('Photo URL')).toHaveValue('https://i.pravatar.cc/300?img=5');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit task “First design critique”' }).click();
  await expect(dialog.getByLabel('Meeting title')).toHaveValue('Design critique');
  await expect(dialog.getByLabel('Date and time')).toHaveValue('2026-05-04T10:30');
  await expect(dialog.getByLabel('Attendees')).toHaveValue('Anu Silva, Ravi Perera');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('the editor refuses a bad save, asks before leaving unsaved work, and the list deletes after a confirm', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/templates/new');
  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.locator('#template-title-error')).toHaveText('Title is required');
  await expect(page.getByText('Failed to save template. Please try again.')).toBeVisible();

  await page.getByLabel('Title', { exact: true }).fill('Short-lived');
  await page.getByRole('link', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/templates\/new$/);

  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/templates$/);

  await expect(page.getByRole('heading', { name: 'Engineering Onboarding' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Short-lived' });
  await expect(card).toContainText('Used in 0 onboardings');
  await card.getByRole('button', { name: 'Delete Short-lived' }).click();
  await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete template' }).click();
  await expect(page.getByText('Template deleted successfully!')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Short-lived' })).toHaveCount(0);
});

/** Saves a screenshot of what the page shows now, at a phone's and a desktop's width. */
async function screens(page: Page, name: string, whole = false) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    // The sidebar slides between its phone and desktop layouts: let it settle.
    await page.waitForTimeout(600);
    await page.screenshot({ path: `test-results/screens-templates/${name}-${width}.png`, fullPage: whole });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an admin gives tasks to the new hire, the manager and a named person, with preboarding, and they come back after a reload', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  await page.goto('/templates/new');
  await page.getByLabel('Title', { exact: true }).fill('Support Onboarding');
  await page.getByLabel('Duration (days)').fill('30');
  await page.getByLabel('Count business days only (skip weekends)').check();

  // A window before day 1: the dialog says how, and day 0 does not exist.
  await page.getByRole('button', { name: 'Add section' }).first().click();
  const sectionDialog = page.getByRole('dialog', { name: 'Add section' });
  await expect(sectionDialog).toContainText('Use -14 to -1 for the days before the start date');
  await sectionDialog.getByLabel('Section title').fill('Before you start');
  await sectionDialog.getByLabel('Start day').fill('-14');
  await sectionDialog.getByLabel('End day').fill('0');
  await sectionDialog.getByRole('button', { name: 'Add section' }).click();
  await expect(sectionDialog.locator('#section-dayEnd-error')).toContainText('There is no day 0');
  await sectionDialog.getByLabel('End day').fill('-1');
  await sectionDialog.getByRole('button', { name: 'Add section' }).click();
  await expect(sectionDialog).toBeHidden();
  await addSection(page, 'Week 1', '1', '7');

  // A named person: IT, here the demo admin.
  let dialog = await openNewTask(page, 'Before you start', 'Order a laptop for', 'checklist');
  await dialog.getByLabel('Task title').press('End');
  await dialog.getByRole('button', { name: 'Insert {{first_name}} into the title' }).click();
  await expect(dialog.getByLabel('Task title')).toHaveValue('Order a laptop for{{first_name}}');
  await dialog.getByLabel('Who does it').selectOption({ label: 'A named person' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.locator('#task-assigneePersonId-error')).toHaveText('Choose the person who does this task');
  await dialog.getByLabel('Person', { exact: true }).selectOption({ label: 'Amara Perera' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  // The manager's task; an unknown placeholder is refused with the schema's message.
  dialog = await openNewTask(page, 'Week 1', 'Book the first 1:1 with {{name}}', 'meeting');
  await dialog.getByLabel('Who does it').selectOption({ label: 'Their manager' });
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog.locator('#task-title-error')).toContainText('Unknown placeholder {{name}}');
  await dialog.getByLabel('Task title').fill('Book the first 1:1 with {{first_name}}');
  await screens(page, 'task-dialog');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  // The new hire's own task, held back until 3 days before its window.
  dialog = await openNewTask(page, 'Week 1', 'Read the support playbook', 'resource');
  await dialog.getByLabel('Resource URL').fill('https://support.example.com/playbook');
  await dialog.getByLabel('Hold back until N days before its window (optional)').fill('3');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Create template' }).click();
  await expect(page.getByText('Template created')).toBeVisible();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}\/edit$/);

  await page.reload();
  await expect(page.getByLabel('Count business days only (skip weekends)')).toBeChecked();
  const info = page.getByRole('region', { name: 'Template information' });
  await expect(info.getByLabel('Onboarding', { exact: true })).toBeChecked();
  const sections = page.getByRole('article', { name: /^Section \d/ });
  await expect(sections.nth(0)).toContainText('Before day 1');
  await expect(sections.nth(0)).toContainText('Days -14 to -1');
  const laptop = sections.nth(0).getByRole('listitem').filter({ hasText: 'Order a laptop for{{first_name}}' });
  await expect(laptop).toContainText('Amara Perera');
  const week1 = sections.nth(1).getByRole('listitem');
  await expect(week1.filter({ hasText: 'Book the first 1:1 with {{first_name}}' })).toContainText('Their manager');
  await expect(week1.filter({ hasText: 'Read the support playbook' })).toContainText('New hire');
  await expect(week1.filter({ hasText: 'Read the support playbook' })).toContainText('Shown 3 days before its window');
  await screens(page, 'editor', true);

  await page.getByRole('button', { name: 'Edit task “Order a laptop for{{first_name}}”' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit task' });
  await expect(dialog.getByLabel('Who does it')).toHaveValue('person');
  await expect(dialog.getByLabel('Person', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An offboarding template shows as one in the list.
  await info.getByLabel('Offboarding', { exact: true }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Template updated')).toBeVisible();
  await page.goto('/templates');
  await expect(page.getByRole('article', { name: 'Support Onboarding' })).toContainText('Offboarding');
  await screens(page, 'list');
});

test('a template in use applies its new tasks to the plans made from it', async ({ page }) => {
  await signInAs(page, DEMO.admin);
  // The demo company is at its plan limit, so this uses the demo Sales plan (Dilan's): it gets one task more.
  await page.goto('/templates');
  await page.getByRole('link', { name: 'Edit Sales Onboarding' }).click();
  const apply = page.getByRole('button', { name: 'Apply to existing plans' });
  await expect(page.getByText('Used in 1 plan.')).toBeVisible();
  await apply.click();
  await expect(page.getByText('Plans are already up to date')).toBeVisible();

  const dialog = await openNewTask(page, 'Week 1: Know the product', 'Write your first-week retro', 'checklist');
  await dialog.getByRole('button', { name: 'Add task' }).click();
  await expect(dialog).toBeHidden();
  // Unsaved changes cannot reach the plans.
  await expect(apply).toBeDisabled();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Template updated')).toBeVisible();
  await apply.click();
  await expect(page.getByText('Added 1 task to 1 plan')).toBeVisible();
  // Again: nothing is added twice.
  const [again] = await Promise.all([page.waitForResponse((response) => response.url().endsWith('/reapply')), apply.click()]);
  expect(await again.json()).toEqual({ plans: 1, added: 0 });
  await expect(page.getByText('Plans are already up to date').last()).toBeVisible();
});
