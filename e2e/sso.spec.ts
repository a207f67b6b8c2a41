// Single sign-on (issue 24): an admin connects their company to an OpenID provider (a real oidc-provider the
// spec starts on loopback), tests it through the provider's sign-in page, turns it on; then an invited
// person, email first on the login screen, is sent to the provider and lands on their dashboard.
import { expect, test } from '@playwright/test';
import { startOidcProvider } from '../api/test/oidc-provider.ts';
import { signUpCompany } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const PORT = process.env.E2E_PORT ?? '4173';

test('an admin sets up, tests and turns on single sign-on; an invited person signs in through the provider', async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = crypto.randomUUID().slice(0, 8);
  // A domain of this test's own: other specs' people (@example.test) keep their passwords.
  const domain = `sso-${suffix}.test`;
  const secret = crypto.randomUUID();
  const provider = await startOidcProvider({ clients: [{ client_id: 'kickoff-e2e', client_secret: secret, redirect_uris: [`http://127.0.0.1:${PORT}/api/auth/sso/callback`] }] });
  try {
    const admin = await signUpCompany(browser, { adminEmail: `admin@${domain}`, companyName: `Single Sign Co ${suffix}`, adminName: 'Sunil Admin' });
    const page = await admin.newPage();
    await page.goto('/company-settings');
    const panel = page.getByRole('region', { name: 'Single sign-on' });
    await expect(panel.getByTestId('sso-status')).toHaveText('Not set up');
    await expect(panel.getByTestId('sso-redirect-uri')).toHaveText(`http://127.0.0.1:${PORT}/api/auth/sso/callback`);

    await panel.getByLabel('Issuer URL').fill(provider.issuer);
    await panel.getByLabel('Client ID').fill('kickoff-e2e');
    await panel.getByLabel('Client secret', { exact: true }).fill(secret);
    await panel.getByLabel('Email domains').fill(domain);
    await panel.getByRole('button', { name: 'Save and continue' }).click();
    await expect(panel.getByTestId('sso-status')).toHaveText('Not tested yet');
    // Not before a successful test.
    await expect(panel.getByRole('switch', { name: 'Turn on single sign-on' })).toBeDisabled();
    await expect(panel.getByLabel('Client secret', { exact: true })).toHaveValue('');
    expect(await page.content()).not.toContain(secret);

    // The test sign-in: the provider's own page, then back to company settings.
    await panel.getByRole('button', { name: 'Test sign-in' }).click();
    await page.waitForURL(`${provider.issuer}/**`);
    await expect(page.locator('input[name=login]')).toHaveValue(`admin@${domain}`);
    await page.locator('input[name=password]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.waitForURL('**/company-settings');
    await expect(panel.getByText('Test sign-in succeeded: your provider signed you in')).toBeVisible();
    await expect(panel.getByTestId('sso-status')).toHaveText(/^Tested on /);

    await panel.getByRole('switch', { name: 'Turn on single sign-on' }).click();
    await expect(panel.getByTestId('sso-status')).toHaveText('Enabled');
    await expect(panel.getByRole('switch', { name: 'Require single sign-on' })).toBeEnabled();
    await expect(panel.getByLabel('Break-glass admin')).toHaveValue(/.+/);
    await reviewScreenshots(page, 'sso-settings', { part: () => panel, darkToo: true });

    // An invited person (no password) signs in through the provider from the login screen.
    const invited = await admin.request.post('/api/users/invite', { data: { email: `dilan@${domain}`, role: 'new_hire' } });
    expect(invited.ok(), await invited.text()).toBe(true);
    const person = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const login = await person.newPage();
    await login.goto('/login');
    await reviewScreenshots(login, 'login-email-first');
    await login.getByLabel('Email').fill(`dilan@${domain}`);
    await login.getByRole('button', { name: 'Continue' }).click();
    await login.waitForURL(`${provider.issuer}/**`);
    await login.locator('input[name=password]').fill('any password');
    await login.getByRole('button', { name: 'Sign-in' }).click();
    await login.waitForURL('**/new-hire-dashboard');
    const me = await login.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({ email: `dilan@${domain}`, role: 'new_hire' });

    // A refused sign-in says why; offline, the screen says a new sign-in needs a connection.
    const signedOut = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const refused = await signedOut.newPage();
    await refused.goto('/login?sso_error=no_account');
    await expect(refused.getByRole('alert').filter({ hasText: 'Single sign-on did not sign you in' })).toContainText('Ask your administrator for an invitation.');
    await reviewScreenshots(refused, 'login-sso-error');
    await refused.getByLabel('Email').fill('someone@example.test');
    await refused.getByRole('button', { name: 'Continue' }).click();
    await expect(refused.getByLabel('Password', { exact: true })).toBeFocused();
    await reviewScreenshots(refused, 'login-password-step');
    await signedOut.setOffline(true);
    await expect(refused.getByText('You’re offline. Signing in needs a connection.')).toBeVisible();
    await reviewScreenshots(refused, 'login-offline');
    await Promise.all([admin.close(), person.close(), signedOut.close()]);
  } finally {
    await provider.close();
  }
});
