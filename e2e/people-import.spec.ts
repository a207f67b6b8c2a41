// People from a CSV (issue 21): an admin's file with a bad row shows that row's error and keeps Import
// disabled; a file of five people previews clean, imports in one go, and the team page lists the five
// invitations; Export people downloads a CSV holding them.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpCompany } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const HEADER = 'Name,Email,Role,Manager Email,Start Date,Template';

test('an admin imports five people from a CSV file, sees their invitations and exports them', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const at = (name: string) => `${name}-${stamp}@example.com`;
  const context = await signUpCompany(browser, { adminEmail: at('import-admin'), companyName: 'Import Co' });
  const template = await context.request.post('/api/templates', {
    data: { title: 'Engineering onboarding', duration: 14, sections: [{ title: 'Week 1', dayStart: 1, dayEnd: 7, tasks: [{ title: 'Laptop setup', type: 'checklist' }] }] },
  });
  expect(template.status(), await template.text()).toBe(201);
  const start = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const people = [
    `Mia Manager,${at('mia')},Manager,,,`,
    `Ned One,${at('ned')},New Hire,${at('mia')},${start},Engineering onboarding`,
    `"Olsen, Ola",${at('ola')},new hire,${at('mia')},,`,
    `Pat Three,${at('pat')},New Hire,,,`,
    `Quinn Four,${at('quinn')},New Hire,,,`,
  ];
  const page = await context.newPage();
  await page.goto('/team');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import people from CSV' });
  await expect(dialog.getByText('Choose a file or paste its text')).toBeVisible();

  // One bad row: its error is shown on its cell, and nothing can be imported.
  const badFile = [HEADER, ...people.slice(0, 4), `Broken Row,not-an-email,New Hire,,,`].join('\r\n');
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${badFile}\r\n`) });
  await expect(dialog.getByText('4 rows ready, 1 with errors')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: /not-an-email.*Please enter a valid email address/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await reviewScreenshots(page, 'people-import-errors', { darkToo: true });

  // Five good rows: the preview is clean, the import makes five invitations.
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...people].join('\r\n')) });
  await expect(dialog.getByText('5 rows ready', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'Olsen, Ola' })).toBeVisible();
  await reviewScreenshots(page, 'people-import-ready');
  await dialog.getByRole('button', { name: 'Import 5 people' }).click();
  await expect(page.getByText('5 people invited')).toBeVisible();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('main');
  for (const name of ['mia', 'ned', 'ola', 'pat', 'quinn']) await expect(list.getByText(at(name))).toBeVisible();
  await expect(list.getByText('Unverified')).toHaveCount(5);
  await reviewScreenshots(page, 'people-import-team', { fullPage: true });

  // Export people: a CSV with each of them, as invited.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export people' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path()) ?? '', 'utf8');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFName,Email,Role,Manager,Status,Created');
  expect(csv).toContain(`"Olsen, Ola",${at('ola')},New Hire,Mia Manager,Invited`);
  for (const name of ['mia', 'ned', 'pat', 'quinn']) expect(csv).toContain(at(name));

  await context.close();
});
