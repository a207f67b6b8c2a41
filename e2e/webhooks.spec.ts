// Webhooks (issue 21): an admin adds an endpoint pointing at a receiver this test runs, a new hire ticks a
// task, and the admin sees the delivery in the log as delivered (200); the receiver's copy verifies with
// the Standard Webhooks library and the secret the screen shows; Resend sends the same webhook-id again.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { newHireWithTasks, signInByApi, signUpCompany, TEST_PASSWORD } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

test('an admin adds a webhook, a new hire ticks a task, the log shows it delivered and Resend sends it again', async ({ browser }) => {
  test.setTimeout(150_000);
  const received: Received[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kickoff`;

  try {
    const stamp = crypto.randomUUID().slice(0, 8);
    const adminContext = await signUpCompany(browser, { adminEmail: `hooks-admin-${stamp}@example.test`, companyName: `Hooks Co ${stamp}` });
    const email = `hooks-dilan-${stamp}@example.test`;
    const { plan } = await newHireWithTasks(adminContext.request, email, [
      { title: 'Set up laptop', type: 'checklist' },
      { title: 'Meet the team', type: 'checklist' },
    ]);
    const page = await adminContext.newPage();

    // From Company settings to the empty screen, which says what webhooks do.
    await page.goto('/company-settings');
    await page.getByRole('link', { name: 'Manage webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks and chat', level: 1 })).toBeVisible();
    await expect(page.getByText('No endpoints yet')).toBeVisible();
    await reviewScreenshots(page, 'webhooks-empty', { darkToo: true });

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an endpoint' });
    // Nothing chosen: the form says so before anything is sent.
    for (const label of ['Plan created', 'Plan completed', 'Task completed', 'Person invited', 'Person deleted', 'Message sent'])
      await dialog.getByRole('checkbox', { name: label }).uncheck();
    await dialog.getByLabel('URL').fill(receiverUrl);
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByText('Please choose at least one event')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'Task completed' }).check();
    await dialog.getByLabel('Description (optional)').fill('IT provisioning');
    await reviewScreenshots(page, 'webhooks-dialog', { part: () => dialog.locator('.modal-box') });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('listitem', { name: 'IT provisioning' });
    await expect(card.getByText('Active')).toBeVisible();
    await expect(card.getByText('Task completed')).toBeVisible();
    await card.getByRole('button', { name: 'Show signing secret' }).click();
    const secret = await card.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    // The new hire ticks a task in their own browser.
    const hireContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const hire = await hireContext.newPage();
    await signInByApi(hire.request, email, TEST_PASSWORD);
    await hire.goto('/');
    await hire
      .getByRole('region', { name: /^Your Tasks/ })
      .getByRole('checkbox', { name: 'Mark “Set up laptop” as done' })
      .click();

    // The receiver gets it within moments, signed with the secret the screen shows.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const [first] = received;
    const payload = new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>) as {
      type: string;
      data: { task: { title: string }; plan: { id: string; progress: number } };
    };
    expect(payload).toMatchObject({ type: 'task.completed', data: { task: { title: 'Set up laptop' }, plan: { id: plan.id, progress: 50 } } });

    // The admin sees it in the log as delivered (200).
    await card.getByRole('button', { name: 'Show deliveries' }).click();
    const row = card.getByTestId('delivery-row').filter({ hasText: 'task.completed' });
    await expect(row.getByText('delivered (200)')).toBeVisible({ timeout: 20_000 });
    await reviewScreenshots(page, 'webhooks-log', { fullPage: true, darkToo: true });

    // Resend: the same payload with the same webhook-id.
    await row.getByRole('button', { name: /^Resend task\.completed/ }).click();
    await expect(page.getByText('Delivery resent')).toBeVisible();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(received[1]!.body).toBe(first!.body);
    expect(new Webhook(secret).verify(received[1]!.body, received[1]!.headers as Record<string, string>)).toMatchObject({ type: 'task.completed' });
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await hireContext.close();
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
