// Passkeys (issue 24) with Chromium's virtual authenticator (CDP WebAuthn domain: a CTAP2 platform
// authenticator with resident keys and user verification): a person adds a passkey in their profile, signs
// out, signs in from the sign-in screen with it and no email typed, then removes it; the removed passkey,
// still on the device, no longer signs anyone in.
//
// Browsers accept no IP address as an RP ID, so with APP_URL on 127.0.0.1 the server's relying party is
// `localhost` on the same port (api/passkeys/passkeys.ts): this spec browses there.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signUpCompany, TEST_PASSWORD } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const LOCALHOST = `http://localhost:${process.env.E2E_PORT ?? '4173'}`;

async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** The person does not confirm (a wrong fingerprint, a closed prompt): the browser answers NotAllowedError. */
    refuseVerification: () => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false }),
    allowVerification: () => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true }),
  };
}

test('a person adds a passkey, signs in with it without an email, and removes it', async ({ browser }) => {
  // Review screenshots (SHOTS_DIR) take several seconds each on a busy machine.
  test.setTimeout(120_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  const email = `passkey-admin-${suffix}@example.test`;
  const context = await signUpCompany(browser, { adminEmail: email, companyName: `Passkey Co ${suffix}`, adminName: 'Pavithra Admin' });
  // The session of the sign-up is 127.0.0.1's: the same person signs in once more on localhost.
  const signIn = await context.request.post(`${LOCALHOST}/api/auth/login`, { data: { email, password: TEST_PASSWORD } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const page = await context.newPage();
  const authenticator = await virtualAuthenticator(context, page);

  await page.goto(`${LOCALHOST}/profile`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet')).toBeVisible();
  await reviewScreenshots(page, 'passkeys-empty', { part: () => section });

  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  // A name suggested from this browser, which the person may change.
  await expect(dialog.getByLabel('Name')).toHaveValue(/Chrome on /);
  await dialog.getByLabel('Name').fill('Work laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  const row = section.getByRole('listitem', { name: 'Work laptop' });
  await expect(row).toContainText('Never');
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  await reviewScreenshots(page, 'passkeys-one', { part: () => section });

  // Signed out, the sign-in screen: no email typed, the passkey names the person.
  expect((await page.request.post(`${LOCALHOST}/api/auth/logout`)).status()).toBe(204);
  await page.goto(`${LOCALHOST}/login`);
  await reviewScreenshots(page, 'passkeys-login');
  // A cancelled prompt is no error: a quiet hint, and the person may try again.
  await authenticator.refuseVerification();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'No passkey was used' })).toBeVisible();
  await authenticator.allowVerification();
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
  const me = await page.request.get(`${LOCALHOST}/api/auth/user`);
  expect(((await me.json()) as { email: string }).email).toBe(email);

  await page.goto(`${LOCALHOST}/profile`);
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('No passkeys yet')).toBeVisible();

  // The device still holds it, but Kickoff no longer knows it: a clear message, still signed out.
  expect((await page.request.post(`${LOCALHOST}/api/auth/logout`)).status()).toBe(204);
  await page.goto(`${LOCALHOST}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey is not registered with Kickoff')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await context.close();
});
