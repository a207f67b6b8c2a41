// The public site (issue 8): landing page, legal pages, meta tags, accessibility, support button.
import { expect, test, type Page } from '@playwright/test';
import { seriousAxeFindings } from './axe.ts';

const PUBLIC_PAGES = ['/', '/terms-of-service', '/privacy-policy', '/refund-policy', '/login', '/signup', '/forgot-password', '/subscription'];

test.beforeEach(async ({ page }) => {
  // Hermetic: the video host is never contacted, whatever the test clicks.
  await page.route(/youtube(-nocookie)?\.com/, (route) => route.abort());
});

/**
 * Waits until the landing (or a legal page) has its public config, shown as the footer's mailto link.
 * The footer is scrolled to first, as a reader would: on the landing page its address is an island that
 * wakes as it comes near the screen.
 */
async function waitForPublicConfig(page: Page) {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'support@kickoff.local' })).toBeVisible();
}

test.describe('landing page', () => {
  test('shows the hero, ways in, product facts rather than claims, and the footer', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('first week that runs itself');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Sign Up Free' })).toHaveAttribute('href', '/signup');
    await expect(banner.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('main').getByRole('link', { name: 'Get started for free' }).first()).toHaveAttribute('href', '/signup');

    const facts = page.getByRole('region', { name: 'Kickoff in numbers' });
    await expect(facts).toContainText('task types');
    await expect(facts).toContainText('free forever');
    await expect(facts).toContainText('roles');
    await expect(page.locator('body')).not.toContainText('90%');
    await expect(page.locator('body')).not.toContainText('4.9');

    await expect(page.locator('#features li.card')).toHaveCount(6);
    await expect(page.getByRole('region', { name: /What onboarding feels like/ })).toContainText('Illustrative');

    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Refund Policy' })).toHaveAttribute('href', '/refund-policy');
    await expect(footer.getByRole('link', { name: 'support@kickoff.local' })).toHaveAttribute('href', 'mailto:support@kickoff.local');

    await page.getByRole('main').getByRole('link', { name: 'Get started for free' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('the top bar anchors scroll to features, pricing and testimonials', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const [label, id] of [
      ['Pricing', 'pricing'],
      ['Testimonials', 'testimonials'],
      ['Features', 'features'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
      // The sticky bar must not hide the section's heading.
      await expect(page.locator(`#${id} h2`).first()).toBeInViewport();
    }
  });

  test('the anchors also work from another page and from a shared link', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/terms-of-service');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/#pricing$/);
    await expect(page.locator('#pricing h2').first()).toBeInViewport();

    await page.goto('/#testimonials');
    await expect(page.locator('#testimonials h2').first()).toBeInViewport();
  });

  test('on a phone the menu holds the anchors and the page never scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
    await expect(page.locator('#pricing h2').first()).toBeInViewport();
    // The menu closes on the tap: it is one of the page's few parts that run React (an island).
    await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  test('the page is HTML with React only in its islands, which hydrate without a mismatch', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    // The pricing island's code is held back, so the visitor chooses before it wakes.
    let releasePricing!: () => void;
    const pricingHeld = new Promise<void>((resolve) => (releasePricing = resolve));
    await page.route(/\/assets\/pricing-section-[^/]+\.js$/, async (route) => {
      await pricingHeld;
      await route.continue();
    });
    await page.goto('/');
    await waitForPublicConfig(page);
    const yearly = page.locator('#pricing').getByRole('radio', { name: 'Yearly' });
    await yearly.check();
    await expect(page.getByTestId('price-growth')).toHaveText('$5');
    releasePricing();
    // Awake, it takes up the choice instead of showing monthly prices beside a ticked "Yearly".
    await expect(page.getByTestId('price-growth')).toHaveText('$3.75');
    await expect(yearly).toBeChecked();
    expect(scripts.some((path) => path.includes('/pricing-section-'))).toBe(true);
    expect(scripts.filter((path) => path.includes('/landing-page-'))).toEqual([]);
    expect(errors).toEqual([]);

    await page.goto('/privacy-policy');
    await waitForPublicConfig(page);
    expect(errors).toEqual([]);
  });

  test('pricing comes from the catalogue, with the yearly discount and both currencies', async ({ page }) => {
    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    await expect(pricing.getByRole('heading', { name: 'Growth' })).toBeVisible();
    await expect(pricing.getByText('Most Popular')).toBeVisible();
    await expect(page.getByTestId('price-starter')).toHaveText('$0');
    await expect(page.getByTestId('price-growth')).toHaveText('$5');
    await expect(page.getByTestId('price-business')).toHaveText('$20');

    await pricing.getByRole('radio', { name: 'Yearly' }).check();
    await expect(page.getByTestId('price-growth')).toHaveText('$3.75');
    await expect(pricing).toContainText('$45 billed yearly');
    await expect(page.getByTestId('price-business')).toHaveText('$15');
    await expect(pricing).toContainText('25% OFF');

    await pricing.getByRole('radio', { name: 'LKR' }).check();
    await expect(page.getByTestId('price-growth')).toHaveText(/LKR\s1,125/);
    await expect(pricing).toContainText(/LKR\s13,500 billed yearly/);
    await pricing.getByRole('radio', { name: 'Monthly' }).check();
    await expect(page.getByTestId('price-business')).toHaveText(/LKR\s6,000/);
  });

  test('the walkthrough player is only created, and the video downloaded, when the visitor presses play', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/videos\/walkthrough\.(webm|vtt)$/.test(new URL(request.url()).pathname)) videoRequests.push(request.url());
    });
    await page.goto('/');
    const play = page.getByRole('button', { name: 'Play the walkthrough video' });
    await play.scrollIntoViewIfNeeded();
    await expect(play.locator('img')).toHaveAttribute('src', '/videos/walkthrough-poster.webp');
    await expect(page.locator('video, iframe')).toHaveCount(0);
    expect(videoRequests).toEqual([]);

    await play.click();
    const player = page.locator('video');
    await expect(player).toHaveCount(1);
    await expect(player).toHaveAttribute('src', '/videos/walkthrough.webm');
    await expect(player).toHaveAttribute('aria-label', /walkthrough/i);
    // Served by Kickoff and allowed by the CSP: the recording and its captions load once asked for.
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.duration || 0)).toBeGreaterThan(20);
    await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.textTracks[0]?.cues?.length ?? 0)).toBeGreaterThan(3);
    expect(videoRequests.length).toBeGreaterThan(0);
    const captions = await page.request.get('/videos/walkthrough.vtt');
    expect(captions.headers()['content-type']).toMatch(/^text\/vtt/);
    expect(await captions.text()).toMatch(/^WEBVTT/);
  });

  test('the support button stays hidden when no WhatsApp number is configured', async ({ page, request }) => {
    const config = await (await request.get('/api/public-config')).json();
    expect(config).toMatchObject({ supportEmail: 'support@kickoff.local', supportWhatsapp: null });
    for (const path of ['/', '/privacy-policy']) {
      await page.goto(path);
      await waitForPublicConfig(page);
      await expect(page.getByTestId('support-button')).toHaveCount(0);
    }
  });

  test('with a WhatsApp number configured, every public page shows the support button', async ({ page }) => {
    await page.route('/api/public-config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), supportWhatsapp: '+94 77 123 4567' } });
    });
    for (const path of ['/', '/privacy-policy']) {
      await page.goto(path);
      await expect(page.getByTestId('support-button')).toHaveAttribute('href', /^https:\/\/wa\.me\/94771234567/);
    }
  });

  test('screenshots at 390 px and 1440 px, light and dark', async ({ page }) => {
    for (const [width, name] of [
      [390, 'landing-390'],
      [1440, 'landing-1440'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await waitForPublicConfig(page);
      await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const [width, name] of [
      [390, 'landing-390-dark'],
      [1440, 'landing-1440-dark'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await waitForPublicConfig(page);
      await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
    }
  });
});

test.describe('legal pages', () => {
  const pages = [
    { path: '/terms-of-service', title: 'Terms of Service', sections: 14, facts: ['California', 'Acceptable use', 'Indemnification'] },
    {
      path: '/privacy-policy',
      title: 'Privacy Policy',
      sections: 13,
      facts: ['Account information', 'Usage data', 'Device data', 'Cookies:', 'Payment info', 'We do not sell your personal information', 'children under 13'],
    },
    {
      path: '/refund-policy',
      title: 'Refund Policy',
      sections: 14,
      facts: [
        'Full refund within 30 days',
        'No refunds for monthly charges after the first 30 days',
        'fewer than 6 onboarding plans',
        'We reply within 2 business days',
        'decision within 5 business days',
        '5 to 10 business days to process, plus 3 to 5 bank days',
        'Service credits expire after 12 months',
        'available for 30 days after a refund',
        'deleted after 90 days',
      ],
    },
  ];

  for (const legal of pages) {
    test(`${legal.title} has ${legal.sections} sections, a working table of contents and its facts`, async ({ page }) => {
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(legal.title));
      await expect(page.getByText('Last updated January 1, 2025')).toBeVisible();
      const sections = page.locator('[data-testid="legal-sections"] > section');
      await expect(sections).toHaveCount(legal.sections);
      const toc = page.getByRole('navigation', { name: 'On this page' }).getByRole('link');
      await expect(toc).toHaveCount(legal.sections);
      for (const fact of legal.facts) await expect(page.getByRole('main')).toContainText(fact);

      // Every contents entry points at a section that exists; the last one scrolls into view.
      const ids = await sections.evaluateAll((nodes) => nodes.map((node) => node.id));
      const hrefs = await toc.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(ids.map((id) => `#${id}`));
      await toc.last().click();
      await expect(sections.last().getByRole('heading')).toBeInViewport();

      await expect(page.getByRole('main').getByRole('link', { name: 'support@kickoff.local' }).first()).toHaveAttribute('href', 'mailto:support@kickoff.local');
      await page.getByRole('link', { name: 'Back to Home' }).first().click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('first week');
    });
  }
});

for (const path of PUBLIC_PAGES) {
  test(`${path} has a heading, a title, a description and Open Graph tags, and passes axe`, async ({ page }) => {
    // Each theme from a fresh load, so axe never measures colours halfway through a transition.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await page.title(), `${path} title`).not.toBe('');
      for (const selector of ['meta[name="description"]', 'meta[property="og:title"]', 'meta[property="og:description"]', 'meta[property="og:image"]']) {
        expect(await page.locator(selector).getAttribute('content'), `${path} ${selector}`).toBeTruthy();
      }
      expect(await seriousAxeFindings(page, { rules: scheme === 'light' ? 'all' : 'colours' }), `${path} (${scheme})`).toEqual([]);
    }
  });
}

test('each of our pages sets its own title and description, and puts them back when leaving', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page).toHaveTitle('Privacy Policy — Kickoff');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /personal information/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Privacy Policy — Kickoff');
  await page.getByRole('link', { name: 'Back to Home' }).first().click();
  await expect(page).toHaveTitle('Kickoff — team onboarding that runs itself');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Free for up to 2 new hires/);
});
