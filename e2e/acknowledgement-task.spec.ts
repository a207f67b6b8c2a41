// A policy to accept (issue 19), on the new hire's phone: they read it in the task's details, a name
// that is not theirs is refused under the field, their own accepts it and the task shows accepted,
// also after a reload (it came back completed through the sync engine). Offline, Accept waits.
import { expect, test } from '@playwright/test';
import { FULL_NAME_MISMATCH_MESSAGE } from '../shared/acknowledgements.ts';
import type { PlanDetails } from '../shared/onboarding.ts';
import { newHireWithTasks, signInByApi, signUpCompany, TEST_PASSWORD } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const POLICY_TITLE = 'Accept the code of conduct';
const POLICY_TEXT = [
  'Code of conduct',
  '',
  '1. Treat everyone with respect, in the office and online.',
  '2. Keep customer data confidential: never share it outside the tools we use for it.',
  '3. Say when something is wrong. You will not be blamed for raising a concern.',
  '',
  'Questions? Ask your manager or HR.',
].join('\n');

test('the new hire reads a policy and accepts it with their own name; offline, Accept waits for a connection', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const admin = (await signUpCompany(browser, { adminEmail: `ack-admin-${stamp}@example.test`, companyName: 'Policy Co' })).request;
  const email = `ack-nimal-${stamp}@example.test`;
  const { plan } = await newHireWithTasks(admin, email, [{ title: POLICY_TITLE, type: 'acknowledgement', policyText: POLICY_TEXT }]);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInByApi(page.request, email, TEST_PASSWORD);
  expect((await page.request.patch('/api/users/me', { data: { fullName: 'Nimal Fernando' } })).ok()).toBe(true);
  await page.goto('/');
  // The plan's list (Today's Tasks lists the task too).
  const yourTasks = page.getByRole('region', { name: /^Your Tasks/ });
  await yourTasks.getByRole('button', { name: `Show details of “${POLICY_TITLE}”` }).click();

  const policy = yourTasks.getByRole('region', { name: 'Policy text' });
  await expect(policy).toContainText('3. Say when something is wrong.');
  // Line breaks kept: the text is shown as written.
  expect(await policy.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap');
  const nameField = yourTasks.getByLabel('Type your full name to accept');
  const acceptButton = yourTasks.getByRole('button', { name: 'Accept', exact: true });
  await reviewScreenshots(page, 'acknowledgement-to-accept', { fullPage: true });

  // Offline, the record could not carry the address it came from: Accept waits, and says why.
  await context.setOffline(true);
  await expect(acceptButton).toBeDisabled();
  await expect(page.getByText('You are offline. Accepting needs a connection')).toBeVisible();
  await context.setOffline(false);
  await expect(acceptButton).toBeEnabled();

  await nameField.fill('Someone Else');
  await acceptButton.click();
  await expect(page.getByText(FULL_NAME_MISMATCH_MESSAGE)).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toBeFocused();
  await reviewScreenshots(page, 'acknowledgement-error', { fullPage: true });

  await nameField.fill('nimal  fernando');
  await expect(page.getByText(FULL_NAME_MISMATCH_MESSAGE)).toBeHidden();
  await acceptButton.click();
  const accepted = yourTasks.getByRole('status').filter({ hasText: /^Accepted on / });
  await expect(accepted).toBeVisible();
  await expect(nameField).toBeHidden();

  // The task came back completed through the sync engine: a reload still shows it accepted, read-only.
  const taskId = plan.tasks[0]!.id;
  await expect
    .poll(async () => {
      const details = (await (await admin.get(`/api/onboarding-plans/${plan.id}/details`)).json()) as PlanDetails;
      return details.tasks.find((task) => task.id === taskId)?.isCompleted;
    })
    .toBe(true);
  await page.reload();
  await yourTasks.getByRole('button', { name: `Show details of “${POLICY_TITLE}”` }).click();
  await expect(accepted).toBeVisible();
  await expect(yourTasks.getByLabel('Type your full name to accept')).toHaveCount(0);
  await reviewScreenshots(page, 'acknowledgement-accepted', { fullPage: true });
  await context.close();
});
