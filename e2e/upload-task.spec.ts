// An upload task on the new hire's phone (issue 19): offline, a wrong file is refused at once and a PDF
// waits on the device; back online it goes up with its progress shown, the task completes, and the file
// downloads as an attachment with the same bytes.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { PlanDetails } from '../shared/onboarding.ts';
import { fileTypeMessage } from '../shared/uploads.ts';
import { newHireWithTasks, signInByApi, signUpCompany, TEST_PASSWORD, waitForServiceWorkerControl } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

// This spec is about the service worker (e2e/playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

const TASK_TITLE = 'Upload your signed contract';

/** A PDF of about `size` bytes: a real header, then filler the type check does not read. */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.7\n% Kickoff upload test\n');
  const tail = Buffer.from('\n%%EOF\n');
  const filler = Buffer.alloc(size - head.length - tail.length, 0x41);
  return Buffer.concat([head, filler, tail]);
}

test('the new hire picks a PDF offline; it waits, goes up with progress on reconnect, and downloads as the same bytes', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const adminContext = await signUpCompany(browser, { adminEmail: `upload-admin-${stamp}@example.test`, companyName: 'Uploads Co' });
  const admin = adminContext.request;
  const email = `upload-nimal-${stamp}@example.test`;
  const { plan } = await newHireWithTasks(admin, email, [
    { title: TASK_TITLE, description: 'Sign the last page and upload the whole contract.', type: 'upload', uploadKinds: ['pdf'] },
    { title: 'Set up your laptop', type: 'checklist' },
  ]);
  const uploadTask = plan.tasks.find((task) => task.type === 'upload')!;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInByApi(page.request, email, TEST_PASSWORD);
  expect((await page.request.patch('/api/users/me', { data: { fullName: 'Nimal Fernando' } })).ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Welcome, Nimal/ })).toBeVisible();
  await waitForServiceWorkerControl(page);

  const yourTasks = page.getByRole('region', { name: /^Your Tasks/ });
  await yourTasks.getByRole('button', { name: 'Upload documents' }).click();
  const section = yourTasks.getByRole('region', { name: 'Documents to upload' });
  await expect(section).toContainText('Accepted: PDF');
  await expect(section).toContainText('No files uploaded yet.');
  const picker = section.getByLabel(/Choose (a file|files) to upload/);
  await expect(picker).toHaveAttribute('accept', 'application/pdf,.pdf');
  await reviewScreenshots(page, 'upload-task-empty', { fullPage: true });

  await context.setOffline(true);
  // A page named .pdf is refused at once, on the device: its bytes are HTML.
  await picker.setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><p>not a pdf</p>') });
  await expect(section.getByRole('alert')).toContainText(`contract.pdf: ${fileTypeMessage(['pdf'])}`);
  await reviewScreenshots(page, 'upload-task-error', { fullPage: true });

  const contract = pdfOf(2 * 1024 * 1024);
  await picker.setInputFiles({ name: 'Signed contract.pdf', mimeType: 'application/pdf', buffer: contract });
  const waiting = section.getByRole('list', { name: 'Waiting to upload' });
  await expect(waiting).toContainText('Signed contract.pdf');
  await expect(waiting).toContainText('Waiting for a connection');
  await reviewScreenshots(page, 'upload-task-pending', { fullPage: true });

  // Back online on a slow uplink (about 4 s for 2 MB), so the progress bar can be seen.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await context.setOffline(false);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 512 * 1024 });
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const progress = section.getByRole('progressbar', { name: 'Uploading Signed contract.pdf' });
  await expect(progress).toBeVisible();
  await reviewScreenshots(page, 'upload-task-progress', { fullPage: true });

  const uploaded = section.getByRole('list', { name: 'Uploaded files' });
  await expect(uploaded).toContainText('Signed contract.pdf', { timeout: 30_000 });
  await expect(waiting).toHaveCount(0);
  await expect(uploaded).toContainText('2 MB');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await reviewScreenshots(page, 'upload-task-uploaded', { fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), uploaded.getByRole('link', { name: /Download Signed contract\.pdf/ }).click()]);
  expect(download.suggestedFilename()).toBe('Signed contract.pdf');
  expect(readFileSync(await download.path()).equals(contract)).toBe(true);

  // The server holds it once, as an attachment, and the task is completed.
  const details = (await (await admin.get(`/api/onboarding-plans/${plan.id}/details`)).json()) as PlanDetails;
  const stored = details.tasks.find((task) => task.id === uploadTask.id)!;
  expect(stored.isCompleted).toBe(true);
  expect(stored.uploads).toHaveLength(1);
  const file = await admin.get(`/api/files/${stored.uploads![0]!.id}`);
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="Signed contract.pdf"/);
  expect(file.headers()['content-type']).toBe('application/pdf');
  await context.close();
  await adminContext.close();
});
