import { expect, test, type Page } from '@playwright/test';
import { DEMO, latestMailTo, linkFrom, mailedLink, signIn } from './fixtures.ts';
import { reviewScreenshots } from './screenshots.ts';

const PASSWORD = 'Kick@off2026';
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;

async function fillSignUp(page: Page, values: { fullName: string; email: string; password: string; companyName: string; companyAddress: string }) {
  await page.getByLabel('Full name').fill(values.fullName);
  await page.getByLabel('Work email').fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Company name').fill(values.companyName);
  await page.getByLabel('Company address').fill(values.companyAddress);
}

async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu for/ }).click();
}

test('sign-up shows every validation message, then signs up, verifies from the mail, signs out and back in', async ({ page }) => {
  await page.goto('/signup');
  await reviewScreenshots(page, 'signup-empty', { fullPage: true });
  await page.getByRole('button', { name: 'Create Account' }).click();
  const fullName = page.getByLabel('Full name');
  await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();
  await expect(fullName).toHaveAttribute('aria-invalid', 'true');
  await expect(fullName).toHaveAccessibleDescription('Full name must be at least 2 characters');
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Company name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Company address must be at least 5 characters')).toBeVisible();

  // Each password rule, one at a time, with the live checklist following along.
  const password = page.getByLabel('Password', { exact: true });
  const checklist = page.getByRole('list', { name: 'Password requirements' });
  for (const [value, message] of [
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefg12', 'Password must contain at least one special character'],
  ] as const) {
    await password.fill(value);
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(checklist.getByText('(met)')).toHaveCount(4);
  await reviewScreenshots(page, 'signup-errors', { fullPage: true });

  const email = uniqueEmail('founder');
  await fillSignUp(page, { fullName: 'Tara Founder', email, password: PASSWORD, companyName: 'Tara Works', companyAddress: '7 Harbour Road, Galle' });
  await expect(checklist.getByText('(met)')).toHaveCount(5);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await page.waitForURL('**/admin-dashboard');

  // Unverified: the banner offers a resend and a recheck.
  const banner = page.getByRole('status').filter({ hasText: 'Please verify your email' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'I Verified' }).click();
  await expect(page.getByText('Not verified yet')).toBeVisible();
  await reviewScreenshots(page, 'banner', { fullPage: true });

  const mail = await latestMailTo(email);
  expect(mail).toContain('Kickoff');
  await page.goto(linkFrom(mail, '/verify-email?token='));
  await expect(page.getByRole('heading', { name: 'Email verified successfully!' })).toBeVisible();
  await reviewScreenshots(page, 'verified', { fullPage: true });
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByText('Please verify your email')).toHaveCount(0);

  // The user menu shows who is signed in; an admin sees Subscription with the plan badge.
  await openUserMenu(page);
  const menu = page.locator('.dropdown-content');
  await expect(menu.getByText(email)).toBeVisible();
  await expect(menu.getByText('Tara Works')).toBeVisible();
  await expect(menu.getByText('HR Admin')).toBeVisible();
  await expect(menu.getByRole('link', { name: /Subscription/ })).toContainText('Free');
  await reviewScreenshots(page, 'user-menu', { fullPage: true });
  await menu.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await signIn(page, email, PASSWORD);
  await page.waitForURL('**/admin-dashboard');
});

test('sign-in: a wrong password says so; a redirect goes back only to this site', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(DEMO.manager);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
  await reviewScreenshots(page, 'login-errors', { fullPage: true });

  await signIn(page, DEMO.manager, 'Not-the-password1');
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/login?redirect=%2F%2Fevil.example%2Fphish');
  await page.getByLabel('Email').fill(DEMO.manager);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Kickoff#2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/manager-dashboard');

  await page.context().clearCookies();
  await page.goto('/login?redirect=%2Fprofile');
  await page.getByLabel('Email').fill(DEMO.newHire);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill('Kickoff#2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  // A new hire's menu has no Subscription item.
  await openUserMenu(page);
  await expect(page.locator('.dropdown-content').getByText('New Hire')).toBeVisible();
  await expect(page.getByRole('link', { name: /Subscription/ })).toHaveCount(0);
});

test('reset password: form messages, the mailed link works once, then the new password signs in', async ({ page, request }) => {
  const email = uniqueEmail('resetter');
  const signUp = await request.post('/api/auth/signup', {
    data: { fullName: 'Remy Reset', email, password: PASSWORD, companyName: 'Reset Co', companyAddress: '1 Lotus Lane' },
  });
  expect(signUp.status()).toBe(201);

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('Password reset email sent')).toBeVisible();
  await expect(page.getByText(/spam/)).toBeVisible();
  await reviewScreenshots(page, 'forgot-sent', { fullPage: true });

  const link = await mailedLink(email, '/reset-password?token=');
  await page.goto(link);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New password').fill('Fresh@Pass9');
  await page.getByLabel('Confirm password').fill('Fresh@Pass8');
  await page.getByRole('button', { name: 'Reset password' }).click();
  const confirm = page.getByLabel('Confirm password');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAccessibleDescription("Passwords don't match");
  // The show/hide toggle reveals what was typed.
  await confirm.locator('..').getByRole('button', { name: 'Show' }).click();
  await expect(confirm).toHaveAttribute('type', 'text');
  await reviewScreenshots(page, 'reset-errors', { fullPage: true });

  await confirm.fill('Fresh@Pass9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Complete' })).toBeVisible();

  // The same link again is refused.
  await page.goto(link);
  await page.getByLabel('New password').fill('Again@Pass9');
  await page.getByLabel('Confirm password').fill('Again@Pass9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'invalid or expired' })).toBeVisible();

  await signIn(page, email, 'Fresh@Pass9');
  await page.waitForURL('**/admin-dashboard');
});

test('an invitation link reads as setting a first password', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token&invite=1');
  await expect(page.getByRole('heading', { name: 'Welcome to Kickoff — set your password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set password' })).toBeVisible();
});

test('profile edits the name; deleting the account needs the phrase and ends it', async ({ page, request }) => {
  const email = uniqueEmail('leaver');
  await request.post('/api/auth/signup', {
    data: { fullName: 'Lee Leaver', email, password: PASSWORD, companyName: 'Leaving Ltd', companyAddress: '9 Exit Street' },
  });
  await signIn(page, email, PASSWORD);
  await page.waitForURL('**/admin-dashboard');
  await page.goto('/profile');
  await page.getByLabel('Full name').fill('Lee Renamed');
  await page.getByLabel('Photo URL').fill('not a url');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please enter a valid image URL starting with https://')).toBeVisible();
  await page.getByLabel('Photo URL').fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu for Lee Renamed' })).toBeVisible();
  await reviewScreenshots(page, 'profile', { fullPage: true });

  await openUserMenu(page);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });
  const confirmButton = dialog.getByRole('button', { name: 'Delete Account' });
  await expect(confirmButton).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill('delete my');
  await expect(confirmButton).toBeDisabled();
  await dialog.getByLabel(/to confirm/).fill('Delete My Account');
  await expect(confirmButton).toBeDisabled();
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await expect(confirmButton).toBeEnabled();
  await reviewScreenshots(page, 'delete-dialog', { fullPage: true });
  await confirmButton.click();
  await expect(page.getByText('Account Deleted')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  const after = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(after.status()).toBe(401);
});
