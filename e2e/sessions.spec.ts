// Active sessions (issue 24): signed in on a laptop and a phone, the person sees both in their profile
// (this device marked), signs the phone out from the laptop, and the phone is sent to sign-in on its next
// navigation. (Working offline on an existing session is offline.spec.ts's reload with no network.)
import { expect, test, type BrowserContext } from '@playwright/test';
import { signInByApi, signUpCompany, TEST_PASSWORD } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFrom(context: BrowserContext, email: string) {
  await signInByApi(context.request, email, TEST_PASSWORD);
}

test('a person signs out their phone from their laptop, and the phone has to sign in again', async ({ browser }) => {
  // Review screenshots (SHOTS_DIR) take several seconds each on a busy machine.
  test.setTimeout(120_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  const email = `sessions-${suffix}@example.test`;
  // The sign-up's own session ends, so the person is signed in on exactly the two devices below.
  const setup = await signUpCompany(browser, { adminEmail: email, companyName: `Sessions Co ${suffix}`, adminName: 'Sara Silva' });
  expect((await setup.request.post('/api/auth/logout')).ok()).toBe(true);
  await setup.close();

  const laptop = await browser.newContext({ userAgent: CHROME_WINDOWS, viewport: { width: 1440, height: 900 } });
  const phone = await browser.newContext({ userAgent: SAFARI_IPHONE, viewport: { width: 390, height: 844 } });
  await signInFrom(phone, email);
  await signInFrom(laptop, email);
  const phonePage = await phone.newPage();
  await phonePage.goto('/profile');
  await expect(phonePage.getByRole('heading', { name: 'Profile' })).toBeVisible();

  const page = await laptop.newPage();
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Active sessions' });
  const list = section.getByRole('list', { name: 'Active sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const here = list.getByRole('listitem', { name: 'Chrome on Windows' });
  await expect(here).toContainText('This device');
  await expect(here).toContainText('Active now');
  await expect(here.getByRole('button', { name: /Sign out/ })).toHaveCount(0);
  const other = list.getByRole('listitem', { name: 'Safari on iOS' });
  await expect(other).toContainText('Password');
  await expect(other).not.toContainText('This device');
  await reviewScreenshots(page, 'sessions-two', { part: () => section, darkToo: true });

  await other.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out this session?' });
  await reviewScreenshots(page, 'sessions-confirm', { part: () => dialog.locator('.modal-box') });
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByText('You are not signed in anywhere else.')).toBeVisible();

  // The phone's next navigation meets a 401 and goes to sign-in; the laptop stays signed in.
  await phonePage.goto('/profile');
  await expect(phonePage).toHaveURL(/\/login/);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await reviewScreenshots(page, 'sessions-only-this', { part: () => section });

  await laptop.close();
  await phone.close();
});
