// axe (WCAG 2.2 A/AA) over every signed-in screen of every role, at phone and desktop width, in the
// light and the dark theme, and over what people open there: dashboard tabs, the account menu, the
// phone's navigation drawer, task details and the dialogs. No serious or critical rule may fire.
// Every finding is collected (expect.soft), so one run lists them all.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';
import { DEMO, DEMO_PASSWORD, newHireWithTasks, signInByApi, signUpCompany, TEST_PASSWORD } from './fixtures.ts';

const WIDTHS = [390, 1440] as const;
const SCHEMES = ['light', 'dark'] as const;
const DIALOG = '[role="dialog"], dialog[open]';

// Each test loads its screen at two widths and runs axe in two themes, some over several tabs.
test.describe.configure({ timeout: 120_000 });

/** Nothing but the app's own server is contacted (a video's poster comes from YouTube). */
async function hermetic(context: BrowserContext) {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
}

type Width = (typeof WIDTHS)[number];

/**
 * Nothing loading, the pointer over nothing, and every finite animation or transition (a theme switch,
 * a toast sliding in) jumped to its end, so axe measures the colours people end up seeing.
 */
async function settle(page: Page) {
  await expect(page.locator('.loading, .skeleton, [aria-busy="true"]')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
  });
}

/**
 * axe over the page, or only `include`, in each theme (switched in place: the media query, then the
 * transitions settle). The first theme gets every rule; the second only the colour rules, as a theme
 * changes nothing else.
 */
async function expectAxePasses(page: Page, where: string, include?: string) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    // The daisyUI theme of that scheme is the one drawn (each theme sets its color-scheme).
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(scheme);
    await settle(page);
    const findings = await seriousAxeFindings(page, { include, rules: scheme === SCHEMES[0] ? 'all' : 'colours' });
    expect.soft(findings, `${where}, ${scheme}`).toEqual([]);
  }
}

async function atWidth(page: Page, width: Width) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
}

/** Loads the screen until its main heading shows, checks it, then each of its dashboard tabs in turn. */
async function expectScreenPasses(page: Page, path: string, tabs: string[] = []) {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAxePasses(page, `${path} at ${width}px`);
    for (const name of tabs) {
      const tab = page.getByRole('tablist', { name: 'Dashboard sections' }).getByRole('tab', { name });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectAxePasses(page, `${path}, tab ${name}, at ${width}px`);
    }
  }
}

/** Opens a dialog at each width and checks it alone, as a screen reader user meets it (the page behind is inert). */
async function expectDialogPasses(page: Page, path: string, open: (page: Page) => Promise<Locator>) {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const dialog = await open(page);
    await expect(dialog).toBeVisible();
    await expectAxePasses(page, `${path}, dialog open, at ${width}px`, DIALOG);
  }
}

/** The top bar's account menu open at each width, and the navigation drawer open on the phone. */
async function expectShellPasses(page: Page, home: string) {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto(home);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expectAxePasses(page, `${home}, account menu open, at ${width}px`);
    if (width === 390) {
      await page.goto(home);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.getByRole('banner').locator('label[for="app-drawer"]').click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
      await expectAxePasses(page, `${home}, navigation drawer open, at ${width}px`);
    }
  }
}

async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await signInByApi(page.request, email, password);
}

/**
 * One signed-in page per demo role, kept for the whole file: each test goes to its screens in a page
 * that has loaded the app before, instead of a fresh context loading it cold (about a second a test).
 * Every test starts with a goto, so nothing one leaves open reaches the next. A failed test's worker is
 * replaced, and the new one signs in afresh.
 */
const rolePages = new Map<keyof typeof DEMO, Promise<Page>>();
function pageOf(browser: Browser, role: keyof typeof DEMO): Promise<Page> {
  let page = rolePages.get(role);
  if (!page) {
    page = (async () => {
      const context = await browser.newContext();
      await hermetic(context);
      const signedIn = await context.newPage();
      await signInAs(signedIn, DEMO[role]);
      return signedIn;
    })();
    rolePages.set(role, page);
  }
  return page;
}
test.afterAll(async () => {
  await Promise.all([...rolePages.values()].map(async (page) => (await page).context().close()));
  rolePages.clear();
});

async function firstId(page: Page, url: string): Promise<string> {
  const body = (await (await page.request.get(url)).json()) as { id: string }[] | { plans: { id: string }[] };
  const list = Array.isArray(body) ? body : body.plans;
  const id = list[0]?.id;
  expect(id, `an id from ${url}`).toBeTruthy();
  return id as string;
}

/** A screen's path, or how to find it from the API (a template's or a plan's id), and its dashboard tabs past the first. */
type Screen = { path: string | { name: string; find: (page: Page) => Promise<string> }; tabs?: string[] };

const editFirstTemplate = { name: '/templates/$id/edit', find: async (page: Page) => `/templates/${await firstId(page, '/api/templates')}/edit` };
const previewFirstPlan = { name: '/preview-plan/$id', find: async (page: Page) => `/preview-plan/${await firstId(page, '/api/onboarding-plans?limit=1')}` };
const firstPlanTasks = { name: '/preview-plan/$id?tab=tasks', find: async (page: Page) => `${await previewFirstPlan.find(page)}?tab=tasks` };

const SCREENS: Record<'admin' | 'manager' | 'newHire', Screen[]> = {
  admin: [
    { path: '/admin-dashboard', tabs: ['Templates', 'Users', 'Analytics'] },
    { path: '/analytics' },
    { path: '/team' },
    { path: '/invite' },
    { path: '/templates' },
    { path: '/templates/new' },
    { path: editFirstTemplate },
    { path: previewFirstPlan },
    { path: firstPlanTasks },
    { path: '/my-tasks' },
    { path: '/profile' },
    { path: '/subscription' },
    { path: '/company-settings' },
  ],
  manager: [
    { path: '/manager-dashboard', tabs: ['My Templates', 'Insights'] },
    { path: '/team' },
    { path: '/invite' },
    { path: '/templates' },
    { path: '/templates/new' },
    { path: previewFirstPlan },
    { path: firstPlanTasks },
    { path: '/my-tasks' },
    { path: '/profile' },
  ],
  newHire: [{ path: '/my-tasks' }, { path: '/profile' }],
};
const HOME = { admin: '/admin-dashboard', manager: '/manager-dashboard', newHire: '/new-hire-dashboard' } as const;

for (const role of ['admin', 'manager', 'newHire'] as const) {
  test.describe(`every screen of the ${role} passes axe`, () => {
    for (const screen of SCREENS[role]) {
      test(typeof screen.path === 'string' ? screen.path : screen.path.name, async ({ browser }) => {
        const page = await pageOf(browser, role);
        await expectScreenPasses(page, typeof screen.path === 'string' ? screen.path : await screen.path.find(page), screen.tabs);
      });
    }
    test('the account menu, and the navigation drawer on a phone', async ({ browser }) => {
      await expectShellPasses(await pageOf(browser, role), HOME[role]);
    });
  });
}

test('the public unsubscribe page passes axe (a link that does not work; e2e/notifications.spec.ts opens a real one)', async ({ page }) => {
  await hermetic(page.context());
  await expectScreenPasses(page, '/unsubscribe?token=not-a-real-token');
});

/** The new hire's dashboard at each width, then each phase with every task's details open. */
async function expectNewHireDashboardPasses(page: Page) {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await page.goto('/new-hire-dashboard');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAxePasses(page, `/new-hire-dashboard at ${width}px`);
    const phases = page.getByRole('tablist', { name: 'Phases' }).getByRole('tab');
    for (const phase of await phases.all()) {
      const name = (await phase.innerText()).replace(/\s+/g, ' ');
      await phase.click();
      await expect(phase).toHaveAttribute('aria-selected', 'true');
      const show = page.getByRole('tabpanel').getByRole('button', { name: /^Show details of/ });
      while ((await show.count()) > 0) await show.first().click();
      await expectAxePasses(page, `/new-hire-dashboard, phase ${name} with task details open, at ${width}px`);
    }
  }
}

test('the new hire’s dashboard passes axe, with every task of every phase open', async ({ browser }) => {
  await expectNewHireDashboardPasses(await pageOf(browser, 'newHire'));
});

test('a form, a policy to accept and an upload pass axe for the new hire, and their Responses screen for the admin', async ({ browser }) => {
  const stamp = Date.now().toString(36);
  const adminContext = await signUpCompany(browser, { adminEmail: `axe-forms-${stamp}@example.test`, companyName: 'Axe Forms Co' });
  await hermetic(adminContext);
  const admin = adminContext.request;
  const email = `axe-forms-hire-${stamp}@example.test`;
  const { plan } = await newHireWithTasks(admin, email, [
    {
      title: 'Your details',
      type: 'form',
      formQuestions: [
        { id: 'name', kind: 'short_text', label: 'Preferred name', required: true },
        { id: 'size', kind: 'single_choice', label: 'T-shirt size', options: ['S', 'M', 'L'] },
        { id: 'days', kind: 'multiple_choice', label: 'Office days', options: ['Monday', 'Friday'] },
        { id: 'birthday', kind: 'date', label: 'Birthday' },
        { id: 'parking', kind: 'yes_no', label: 'Parking space?' },
        { id: 'notes', kind: 'long_text', label: 'Anything else?', help: 'Dietary needs, accessibility.' },
      ],
    },
    { title: 'Accept the code of conduct', type: 'acknowledgement', policyText: 'Treat everyone with respect.\nKeep customer data confidential.' },
    { title: 'Upload a copy of your ID', type: 'upload', uploadKinds: ['pdf', 'image'] },
  ]);

  const newHireContext = await browser.newContext();
  await hermetic(newHireContext);
  const newHirePage = await newHireContext.newPage();
  await signInAs(newHirePage, email, TEST_PASSWORD);
  await expectNewHireDashboardPasses(newHirePage);

  const adminPage = await adminContext.newPage();
  await expectScreenPasses(adminPage, `/plans/${plan.id}/responses`);
});

type DialogCase = { role: keyof typeof HOME; title: string; path: string | { name: string; find: (page: Page) => Promise<string> }; open: (page: Page) => Promise<Locator> };

const DIALOGS: DialogCase[] = [
  {
    role: 'admin',
    title: 'a plan’s task progress',
    path: '/admin-dashboard',
    open: async (page) => {
      await page.getByRole('button', { name: 'View Progress' }).first().click();
      return page.getByRole('dialog', { name: 'Task Progress' });
    },
  },
  {
    role: 'admin',
    title: 'a plan’s messages',
    path: '/admin-dashboard',
    open: async (page) => {
      await page.getByRole('button', { name: 'View Messages' }).first().click();
      return page.getByRole('dialog', { name: /^Messages/ });
    },
  },
  {
    role: 'admin',
    title: 'assign a plan',
    path: '/team',
    open: async (page) => {
      await page.getByRole('button', { name: 'Assign Existing User to Onboarding' }).click();
      return page.getByRole('dialog', { name: 'Assign Existing User to Onboarding' });
    },
  },
  {
    role: 'admin',
    title: 'a template’s new section',
    path: editFirstTemplate,
    open: async (page) => {
      await page.getByRole('button', { name: 'Add section' }).click();
      return page.getByRole('dialog', { name: 'Add section' });
    },
  },
  {
    role: 'admin',
    title: 'a template’s new task',
    path: editFirstTemplate,
    open: async (page) => {
      await page
        .getByRole('button', { name: /^Add task to/ })
        .first()
        .click();
      return page.getByRole('dialog', { name: 'Add task' });
    },
  },
  {
    role: 'admin',
    title: 'delete account',
    path: '/profile',
    open: async (page) => {
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('button', { name: 'Delete Account' }).click();
      return page.getByRole('dialog', { name: 'Delete Account' });
    },
  },
  ...(
    [
      ['View Progress', 'Task Progress', 'a plan’s task progress'],
      ['Edit Plan', 'Edit Plan', 'edit a plan'],
      ['Send Message', /^Messages/, 'a plan’s messages'],
    ] as const
  ).map(([button, dialog, title]): DialogCase => ({
    role: 'manager',
    title,
    path: '/manager-dashboard',
    open: async (page) => {
      await page.getByRole('main').getByRole('button', { name: button, exact: true }).first().click();
      return page.getByRole('dialog', { name: dialog });
    },
  })),
  {
    role: 'newHire',
    title: 'their messages',
    path: '/new-hire-dashboard',
    open: async (page) => {
      await page.getByRole('button', { name: /^Messages/ }).click();
      return page.getByRole('dialog', { name: 'Messages' });
    },
  },
];

test.describe('open dialogs pass axe', () => {
  for (const dialog of DIALOGS) {
    test(`the ${dialog.role} opens ${dialog.title}`, async ({ browser }) => {
      const page = await pageOf(browser, dialog.role);
      await expectDialogPasses(page, typeof dialog.path === 'string' ? dialog.path : await dialog.path.find(page), dialog.open);
    });
  }

  test('an admin on a paid plan sees the subscription screen and opens the cancel dialogs', async ({ page }) => {
    await hermetic(page.context());
    // A company of its own, so upgrading does not change the demo company other tests count on.
    const email = `axe-${Date.now().toString(36)}@example.test`;
    const password = 'Kick@off2026';
    const signUp = await page.request.post('/api/auth/signup', {
      data: { fullName: 'Ada Access', email, password, companyName: 'Access Co', companyAddress: '12 Temple Road, Kandy' },
    });
    expect(signUp.status()).toBe(201);
    await signInAs(page, email, password);

    // The checkout is the local PayHere simulator (a stand-in for PayHere's own page): paid through, not checked.
    await page.goto('/subscription');
    await page.getByRole('article', { name: 'Growth' }).getByRole('button', { name: 'Choose Growth' }).click();
    await page.getByRole('dialog', { name: 'Billing details' }).getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('dialog', { name: 'PayHere test checkout' }).getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByText('Payment Successful!')).toBeVisible();
    // The page reloads itself after the toast; the next goto leaves it first, so nothing waits on that.
    await expect.poll(async () => ((await (await page.request.get('/api/subscription/status')).json()) as { planType?: string }).planType).toBe('growth');

    await expectScreenPasses(page, '/subscription');
    await expectDialogPasses(page, '/subscription', async (p) => {
      await p.getByRole('button', { name: 'Cancel Subscription' }).click();
      return p.getByRole('dialog', { name: 'Why are you cancelling?' });
    });
    await expectDialogPasses(page, '/subscription', async (p) => {
      await p.getByRole('button', { name: 'Cancel Subscription' }).click();
      const why = p.getByRole('dialog', { name: 'Why are you cancelling?' });
      await why.getByRole('radio').first().check();
      await why.getByRole('button', { name: 'Continue to Cancel' }).click();
      return p.getByRole('dialog', { name: 'Cancel your subscription?' });
    });
  });
});
