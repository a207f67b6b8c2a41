// Two people on one template (issue #22): each sees the other in the editor, a save over someone
// else's newer one asks before overwriting; and a video link pasted as a task's resource plays
// behind the same click-to-load facade as the Video URL field.
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { PlanDetails } from '../shared/onboarding.ts';
import { TEMPLATE_PRESENCE, type TemplateDetails } from '../shared/templates.ts';
import { seriousAxeFindings } from './axe.ts';
import { DEMO, DEMO_PASSWORD, mailedLink, signInByApi } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

/** A signed-in page of its own browser context (its own cookies), as a second person on another device. */
async function personPage(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInByApi(page.request, email, password);
  return page;
}

/** A template the manager makes (so both the admin and the manager may edit it), untouched by other tests. */
async function managersTemplate(manager: Page, title: string): Promise<TemplateDetails> {
  const res = await manager.request.post('/api/templates', {
    data: {
      title,
      description: 'Shared by two editors',
      duration: 30,
      sections: [
        {
          title: 'Week 1',
          dayStart: 1,
          dayEnd: 7,
          tasks: [{ title: 'Meet the team', type: 'checklist' }],
        },
      ],
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as TemplateDetails;
}

const presenceOf = (page: Page) => page.getByRole('status').filter({ hasText: 'Also editing' });

test('two people with the same template open see each other, and stop seeing one who leaves', async ({ browser }) => {
  const manager = await personPage(browser, DEMO.manager);
  const admin = await personPage(browser, DEMO.admin);
  const template = await managersTemplate(manager, `Presence ${Date.now()}`);

  await admin.goto(`/templates/${template.id}/edit`);
  await expect(admin.getByRole('heading', { name: 'Edit Template' })).toBeVisible();
  await expect(presenceOf(admin)).toHaveCount(0);

  // The editor beats as it opens: the second one in sees the first at once...
  await manager.goto(`/templates/${template.id}/edit`);
  await expect(presenceOf(manager)).toContainText('Also editing: Amara Perera');
  // ...and the first sees the second at its next beat.
  await expect(presenceOf(admin)).toContainText('Also editing: Nimal Fernando', { timeout: TEMPLATE_PRESENCE.heartbeatMs + 5_000 });
  await reviewScreenshots(admin, 'editor-presence');
  expect(await seriousAxeFindings(admin)).toEqual([]);

  // Leaving the editor says so at once; the admin's next beat (here: coming back to the window) no longer lists him.
  const left = manager.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().endsWith('/presence'));
  await manager.getByRole('link', { name: 'Cancel' }).click();
  await expect(manager).toHaveURL(/\/templates$/);
  await left;
  await admin.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(presenceOf(admin)).toHaveCount(0);

  await manager.context().close();
  await admin.context().close();
});

test('a save over someone else’s newer one saves nothing and asks: Reload discards the edits, Overwrite saves them', async ({ browser }) => {
  const manager = await personPage(browser, DEMO.manager);
  const admin = await personPage(browser, DEMO.admin);
  const template = await managersTemplate(manager, `Conflict ${Date.now()}`);
  const description = (page: Page) => page.getByLabel('Description (optional)', { exact: true });

  await admin.goto(`/templates/${template.id}/edit`);
  await expect(description(admin)).toHaveValue('Shared by two editors');
  await manager.goto(`/templates/${template.id}/edit`);
  await manager.getByLabel('Title', { exact: true }).fill(`${template.title} (renamed)`);
  await manager.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText('Template updated')).toBeVisible();

  // The admin still has the version from before the manager's save.
  await description(admin).fill('The admin’s first edit');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  const conflict = admin.getByRole('dialog', {
    name: 'Your changes were not saved',
  });
  await expect(conflict).toContainText('Someone else saved this template since you opened it.');
  await expect(conflict).toContainText('Your unsaved edits here are discarded.');
  // Whoever saved is listed at once, not at the next beat.
  await expect(presenceOf(admin)).toContainText('Nimal Fernando');
  await reviewScreenshots(admin, 'editor-conflict');
  expect(await seriousAxeFindings(admin)).toEqual([]);
  let saved = (await (await admin.request.get(`/api/templates/${template.id}`)).json()) as TemplateDetails;
  expect(saved.description).toBe('Shared by two editors');

  // Reload: the manager's title, and the admin's edit gone, as the dialog and the toast say.
  await conflict.getByRole('button', { name: 'Reload' }).click();
  await expect(conflict).toBeHidden();
  await expect(admin.getByText('Your unsaved edits were discarded.')).toBeVisible();
  await expect(admin.getByLabel('Title', { exact: true })).toHaveValue(`${template.title} (renamed)`);
  await expect(description(admin)).toHaveValue('Shared by two editors');

  // Again: the manager saves first, then the admin overwrites.
  await description(admin).fill('The admin’s second edit');
  await manager.getByLabel('Duration (days)').fill('45');
  await manager.getByRole('button', { name: 'Save changes' }).click();
  await expect(manager.getByText('Template updated').first()).toBeVisible();
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await expect(conflict).toBeHidden();
  await expect(admin.getByText('Template updated')).toBeVisible();
  await expect(admin.getByText('All changes saved.')).toBeVisible();

  saved = (await (await admin.request.get(`/api/templates/${template.id}`)).json()) as TemplateDetails;
  expect(saved).toMatchObject({
    title: `${template.title} (renamed)`,
    description: 'The admin’s second edit',
    duration: 30,
  });

  // The editor now holds the version it saved: its next save goes through without asking.
  await description(admin).fill('The admin’s third edit');
  await admin.getByRole('button', { name: 'Save changes' }).click();
  await expect(admin.getByText('All changes saved.')).toBeVisible();
  await expect(conflict).toBeHidden();

  await manager.context().close();
  await admin.context().close();
});

test('a YouTube link pasted as a task’s resource shows the video facade, and loads the player only on a click', async ({ page }) => {
  // Hermetic: the video host is never contacted, whatever the test clicks.
  const videoRequests: string[] = [];
  await page.route(/youtube(-nocookie)?\.com|ytimg\.com/, (route) => {
    videoRequests.push(route.request().url());
    return route.abort();
  });
  // A company of its own: the demo company's new-hire places are taken.
  const email = `video-${Date.now().toString(36)}@example.test`;
  const password = 'Kick@off2026';
  const signUp = await page.request.post('/api/auth/signup', {
    data: {
      fullName: 'Vida Video',
      email,
      password,
      companyName: 'Video Co',
      companyAddress: '1 Lake Road, Kandy',
    },
  });
  expect(signUp.status()).toBe(201);
  // Inviting people waits for a verified address.
  const token = new URL(await mailedLink(email, '/verify-email?token=')).searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  const templateRes = await page.request.post('/api/templates', {
    data: {
      title: 'Video onboarding',
      sections: [
        {
          title: 'Week 1',
          dayStart: 1,
          dayEnd: 7,
          tasks: [
            {
              title: 'Watch the welcome video',
              type: 'resource',
              resourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            },
            {
              title: 'Read the handbook',
              type: 'resource',
              resourceUrl: 'https://handbook.example.com/',
            },
          ],
        },
      ],
    },
  });
  expect(templateRes.status()).toBe(201);
  const template = (await templateRes.json()) as TemplateDetails;
  const inviteRes = await page.request.post('/api/users/invite', {
    data: { email: `hire-${email}`, role: 'new_hire' },
  });
  expect(inviteRes.ok(), await inviteRes.text()).toBe(true);
  const hire = (await inviteRes.json()) as { id: string };
  const planRes = await page.request.post('/api/onboarding-plans', {
    data: {
      newHireId: hire.id,
      templateId: template.id,
      startDate: new Date().toISOString().slice(0, 10),
    },
  });
  expect(planRes.ok()).toBe(true);
  const plan = (await planRes.json()) as PlanDetails;

  await page.goto(`/preview-plan/${plan.id}`);
  await page.getByRole('button', { name: 'Show details of “Watch the welcome video”' }).click();
  const play = page.getByRole('button', {
    name: 'Play video: Watch the welcome video (YouTube)',
  });
  await expect(play).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open resource' })).toHaveCount(0);
  await expect(page.locator('iframe')).toHaveCount(0);
  await reviewScreenshots(page, 'task-resource-video');

  // Any other link stays a plain link.
  await page.getByRole('button', { name: 'Show details of “Read the handbook”' }).click();
  await expect(page.getByRole('link', { name: 'Open resource' })).toHaveAttribute('href', 'https://handbook.example.com/');

  // Nothing from the video host until the person asks for the player, and then its privacy-enhanced host.
  expect(videoRequests.filter((url) => !url.includes('ytimg.com'))).toEqual([]);
  await play.click();
  await expect(page.locator('iframe[title="Watch the welcome video"]')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
});
