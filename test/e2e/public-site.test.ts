// The public site in Chromium, as a visitor: the landing page, the Services dropdown, the FAQ
// accordion, the privacy table of contents, the plans toggle and Buy Now, the footer links, the
// Japanese landing and the mobile side menu. Short UI texts come from the shared catalogues and long
// copy from the site's content modules, never from copies in the test.
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { en } from '../../web/src/features/public/content/en';
import { ja } from '../../web/src/features/public/content/ja';
import { PENDING_PAYMENT_KEY } from '../../web/src/features/billing/purchase';
import { SITE } from '../../web/src/features/public/site-details';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath } from './steps';

jest.setTimeout(120000);

async function expectHeading(page: Page, content: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: content, exact: true });
  await heading.waitFor({ state: 'visible', timeout: 15000 });
}

/** The plan keys of the cards on screen, in order. */
async function shownPlans(page: Page): Promise<(string | null)[]> {
  const cards = page.getByTestId('plan-card');
  await cards.first().waitFor({ timeout: 15000 });
  return cards.evaluateAll((items) => items.map((item) => item.getAttribute('data-plan')));
}

async function isInViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  });
}

describe('public site', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    appBaseUrl(); // fail early with a clear message when the cloud is missing
    session = await launchBrowser({ locale: 'en-US' });
  });

  afterAll(async () => {
    await session?.close();
  });

  test('a visitor goes from the landing page through services, FAQ, privacy and plans to the sign-in page', () =>
    session.run(async (page) => {
      await openApp(session, '/en/');
      await expectPath(page, '/en/');
      await expectHeading(page, en.landing.title);
      const header = page.locator('header.public-header');

      // The landing offers the 30-day trial, the three services and the seven cases.
      const trial = page.getByTestId('trial-button');
      expect(await trial.textContent()).toBe(text('en', 'public.landing.trialButton'));
      expect(await trial.getAttribute('href')).toBe('/en/register');
      for (const service of Object.values(en.landing.services))
        await page.getByRole('heading', { level: 3, name: service.title, exact: true }).waitFor();
      expect(await page.getByTestId('case-grid').locator('li').count()).toBe(7);

      // The header changes its look once the page has scrolled past 50 px.
      expect(await header.getAttribute('data-scrolled')).toBe('false');
      await page.mouse.wheel(0, 400);
      await page.waitForFunction(
        () => document.querySelector('header.public-header')?.getAttribute('data-scrolled') === 'true',
      );
      await page.evaluate(() => window.scrollTo(0, 0));

      // The Services dropdown works with the keyboard: ArrowDown opens it on the first entry, Escape closes it.
      const servicesButton = header.getByRole('button', {
        name: text('en', 'public.nav.services'),
        exact: true,
      });
      await servicesButton.focus();
      await page.keyboard.press('ArrowDown');
      const eSignatureLink = header.getByRole('link', {
        name: text('en', 'public.nav.eSignature'),
        exact: true,
      });
      await eSignatureLink.waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => document.activeElement?.textContent === document.querySelector('.dropdown-menu a')?.textContent,
      );
      await page.keyboard.press('Escape');
      await eSignatureLink.waitFor({ state: 'hidden' });
      expect(await servicesButton.getAttribute('aria-expanded')).toBe('false');

      // …and with the mouse, to Video Signature.
      await servicesButton.click();
      await header.getByRole('link', { name: text('en', 'public.nav.videoSignature'), exact: true }).click();
      await expectPath(page, '/en/video-signature');
      await expectHeading(page, text('en', 'public.nav.videoSignature'));
      await page.getByText(en.servicePages.videoSignature.lead, { exact: true }).waitFor();

      // FAQ: the five questions; opening one closes the other.
      await header.getByRole('link', { name: text('en', 'public.nav.faq'), exact: true }).click();
      await expectPath(page, '/en/faq');
      await expectHeading(page, text('en', 'public.pages.faq'));
      const questions = page.locator('.accordion-trigger');
      expect(await questions.count()).toBe(5);
      const openAnswers = page.getByTestId('accordion-answer').locator('visible=true');
      expect(await openAnswers.count()).toBe(1);
      const courtQuestion = page.getByRole('button', { name: en.faq.items[2]!.question, exact: true });
      await courtQuestion.click();
      expect(await courtQuestion.getAttribute('aria-expanded')).toBe('true');
      expect(await openAnswers.count()).toBe(1);
      expect(await openAnswers.first().textContent()).toContain(
        'the person filmed consented to being filmed',
      );
      const firstQuestion = page.getByRole('button', { name: en.faq.items[0]!.question, exact: true });
      expect(await firstQuestion.getAttribute('aria-expanded')).toBe('false');
      await firstQuestion.click();
      expect(await openAnswers.count()).toBe(1);
      expect(await courtQuestion.getAttribute('aria-expanded')).toBe('false');

      // Privacy (through the footer): ten contents links; one scrolls its section into view.
      const footer = page.locator('footer.public-footer');
      await footer
        .getByRole('link', { name: text('en', 'public.footer.privacy'), exact: true })
        .first()
        .click();
      await expectPath(page, '/en/privacy');
      await expectHeading(page, text('en', 'public.pages.privacy'));
      const toc = page.getByTestId('legal-toc');
      expect(await toc.getByRole('link').count()).toBe(10);
      const rights = en.privacy.sections.find((s) => s.id === 'rights')!;
      const rightsHeading = page.locator('h2#rights');
      expect(await isInViewport(rightsHeading)).toBe(false);
      await toc.getByRole('link', { name: rights.heading, exact: true }).click();
      await page.waitForFunction(() => {
        const box = document.getElementById('rights')?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.top < window.innerHeight / 2;
      });
      expect(new URL(page.url()).hash).toBe('#rights');

      // Plans: the first view shows the annual cards and the one-time card; Monthly shows the monthly ones alone.
      await header.getByRole('link', { name: text('en', 'public.nav.plans'), exact: true }).click();
      await expectPath(page, '/en/plans');
      expect(await shownPlans(page)).toEqual(['year_personal', 'year_standard', 'price_onetime']);
      await page.getByRole('button', { name: text('en', 'public.plans.monthly'), exact: true }).click();
      expect(await shownPlans(page)).toEqual(['month_personal', 'month_standard']);
      await page.getByRole('button', { name: text('en', 'public.plans.oneTime'), exact: true }).click();
      expect(await shownPlans(page)).toEqual(['price_onetime']);
      await page.getByRole('button', { name: text('en', 'public.plans.annual'), exact: true }).click();
      expect(await shownPlans(page)).toEqual(['year_personal', 'year_standard']);

      // Buy Now asks a visitor to sign in, remembers the plan and opens the sign-in page.
      await page
        .locator('[data-plan="year_standard"]')
        .getByRole('button', { name: text('en', 'public.plans.buyNow'), exact: true })
        .click();
      await page.getByText(text('en', 'payment.signInToBuy'), { exact: true }).waitFor({ state: 'visible' });
      await expectPath(page, '/en/login');
      const marker = await page.evaluate((key) => sessionStorage.getItem(key), PENDING_PAYMENT_KEY);
      expect(JSON.parse(marker ?? 'null')).toMatchObject({ plan: 'year_standard' });

      expect(session.unexpectedProblems()).toEqual([]);
    }));

  test('the footer links lead to the company, service, legal and status pages', () =>
    session.run(async (page) => {
      await openApp(session, '/en/');
      const footer = page.locator('footer.public-footer');
      await footer.waitFor();

      const visits: [name: string, path: string, heading: string][] = [
        [text('en', 'public.footer.about'), '/en/about', text('en', 'public.pages.about')],
        [text('en', 'public.nav.eSignature'), '/en/eSignature', text('en', 'public.nav.eSignature')],
        [
          text('en', 'public.nav.videoContract'),
          '/en/video-contract',
          text('en', 'public.nav.videoContract'),
        ],
        [text('en', 'public.footer.terms'), '/en/terms', text('en', 'public.pages.terms')],
        [text('en', 'public.footer.refund'), '/en/refund', text('en', 'public.pages.refund')],
        [text('en', 'public.nav.faq'), '/en/faq', text('en', 'public.pages.faq')],
      ];
      for (const [name, pathname, heading] of visits) {
        await footer.getByRole('link', { name, exact: true }).first().click();
        await expectPath(page, pathname);
        await expectHeading(page, heading);
      }

      // The blog is the operator's configuration (issue #29): a link only when one is set, in a new tab.
      const blog = footer.getByRole('link', { name: new RegExp(`^${text('en', 'public.nav.blog')}`) });
      if (SITE.blog.en) {
        expect(await blog.getAttribute('href')).toBe(SITE.blog.en);
        expect(await blog.getAttribute('target')).toBe('_blank');
      } else {
        expect(await blog.count()).toBe(0);
      }

      // The small status link shows the API's health.
      await footer.getByRole('link', { name: text('en', 'public.footer.status'), exact: true }).click();
      await expectPath(page, '/en/status');
      const status = page.getByTestId('health-status');
      await status.waitFor({ timeout: 15000 });
      expect(await status.getAttribute('data-status')).toBe('ok');

      // The language switcher keeps the page.
      await footer.getByRole('link', { name: text('ja', 'language.ja'), exact: true }).click();
      await expectPath(page, '/jp/status');
      await expectHeading(page, text('ja', 'public.pages.status'));

      expect(session.unexpectedProblems()).toEqual([]);
    }));

  test('the landing page at /jp/ is in Japanese, and Korean pages show the English copy with Korean menus', () =>
    session.run(async (page) => {
      await openApp(session, '/jp/');
      await expectHeading(page, ja.landing.title);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
      expect(await page.getByTestId('trial-button').textContent()).toBe(
        text('ja', 'public.landing.trialButton'),
      );
      expect(await page.getByTestId('trial-button').getAttribute('href')).toBe('/jp/register');
      await page.getByText(ja.landing.cases.moneyLending.title, { exact: true }).waitFor();
      const header = page.locator('header.public-header');
      await header.getByRole('link', { name: text('ja', 'public.nav.faq'), exact: true }).waitFor();
      await header.getByRole('link', { name: text('ja', 'nav.signIn'), exact: true }).waitFor();

      await openApp(session, '/ko/faq');
      await expectHeading(page, text('ko', 'public.pages.faq'));
      await page.getByText(text('ko', 'public.legal.englishOnly'), { exact: true }).waitFor();
      await page.getByRole('button', { name: en.faq.items[0]!.question, exact: true }).waitFor();

      expect(session.unexpectedProblems()).toEqual([]);
    }));
});

describe('public site for a signed-in user', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await launchBrowser({ locale: 'en-US' });
  });

  afterAll(async () => {
    await session?.close();
  });

  test('the header offers My page instead of Sign up and Sign in, and the landing goes to the signed-in page', () =>
    session.run(async (page) => {
      const email = process.env.TEST_DEMO_EMAIL;
      const password = process.env.TEST_DEMO_PASSWORD;
      if (!email || !password) throw new Error('TEST_DEMO_EMAIL / TEST_DEMO_PASSWORD are not set');

      await openApp(session, '/en/faq');
      const header = page.locator('header.public-header');
      await header.getByRole('link', { name: text('en', 'nav.signIn'), exact: true }).click();
      await expectPath(page, '/en/login');
      const emailField = page.getByRole('textbox', { name: 'Email' });
      await emailField.click();
      await emailField.pressSequentially(email);
      const passwordField = page.getByLabel('Password', { exact: true });
      await passwordField.click();
      await passwordField.pressSequentially(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expectPath(page, '/en/home');

      await openApp(session, '/en/faq');
      const myPage = header.getByRole('link', { name: text('en', 'public.nav.myPage'), exact: true });
      await myPage.waitFor({ state: 'visible', timeout: 15000 });
      expect(await myPage.getAttribute('href')).toBe('/en/home');
      expect(await header.getByRole('link', { name: text('en', 'nav.signUp'), exact: true }).count()).toBe(0);

      // The landing page sends a signed-in visitor to the signed-in page.
      await header.getByRole('link', { name: text('en', 'public.nav.home'), exact: true }).click();
      await expectPath(page, '/en/home');
    }));
});

describe('public site on a 380 px wide phone', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    session = await launchBrowser({ locale: 'en-US', viewport: { width: 380, height: 800 } });
  });

  afterAll(async () => {
    await session?.close();
  });

  test('the hamburger button opens the side menu with the same entries', () =>
    session.run(async (page) => {
      await openApp(session, '/en/');
      await expectHeading(page, en.landing.title);
      // The bar's links are hidden; the hamburger replaces them.
      await page.locator('.public-nav').waitFor({ state: 'hidden' });
      const hamburger = page.getByRole('button', { name: text('en', 'public.nav.openMenu'), exact: true });
      await hamburger.click();
      const menu = page.locator('dialog.public-side-menu');
      await menu.waitFor({ state: 'visible' });
      expect(await hamburger.getAttribute('aria-expanded')).toBe('true');
      for (const key of [
        'public.nav.home',
        'public.nav.services',
        'public.nav.eSignature',
        'public.nav.videoSignature',
        'public.nav.videoContract',
        'public.nav.faq',
        'public.nav.plans',
        'nav.signIn',
        'nav.signUp',
      ] as const)
        await menu.getByRole('link', { name: text('en', key), exact: true }).waitFor({ state: 'visible' });
      // The Blog entry exists only when the operator configured a blog (issue #29).
      const blog = menu.getByRole('link', { name: new RegExp(`^${text('en', 'public.nav.blog')}`) });
      if (SITE.blog.en) await blog.waitFor();
      else expect(await blog.count()).toBe(0);

      // The page is readable at this width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(380);

      // Following an entry closes the menu.
      await menu.getByRole('link', { name: text('en', 'public.nav.plans'), exact: true }).click();
      await expectPath(page, '/en/plans');
      await menu.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(380);

      expect(session.unexpectedProblems()).toEqual([]);
    }));
});
