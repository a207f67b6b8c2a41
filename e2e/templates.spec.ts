import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signIn } from './fixtures.ts';

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
    const res = await page.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(res.ok()).toBe(true);
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
