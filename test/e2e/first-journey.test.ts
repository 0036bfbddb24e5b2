// First journey through the SPA in Chromium, against the whole local cloud (started by the e2e
// globalSetup): the landing page, the API health on /{lang}/status, sign-in as the demo owner through
// the login popup, the signed-in page in English and Japanese, sign-out; plus the not-found page,
// the language-prefix redirects, the login guard and a wrong password.
// Texts come from the shared catalogues (see ./catalogue), never from copies in the test.
import { jest } from '@jest/globals';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { requiredEnv, pathOf, expectPath, expectVisibleText, submitSignIn } from './steps';

// The project's `testTimeout` in jest.config.js is a global-only option that jest ignores inside
// `projects`, so the browser tests set their own.
jest.setTimeout(120000);

describe('first journey: landing, sign-in, languages, sign-out', () => {
  let session: BrowserSession;

  beforeAll(async () => {
    appBaseUrl(); // fail early with a clear message when the cloud is missing
    session = await launchBrowser({ locale: 'en-US' });
  });

  afterAll(async () => {
    await session?.close();
  });

  test('a visitor signs in as the demo owner, reads the welcome in English and Japanese, and signs out', () =>
    session.run(async (page) => {
      const email = requiredEnv('TEST_DEMO_EMAIL');
      const password = requiredEnv('TEST_DEMO_PASSWORD');

      // The bare address goes to the English landing page (the browser speaks English).
      await openApp(session, '/');
      await expectPath(page, '/en/');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

      // The API's health is on the status page: every check ok.
      await openApp(session, '/en/status');
      const status = page.getByTestId('health-status');
      await status.waitFor({ timeout: 15000 });
      expect(await status.getAttribute('data-status')).toBe('ok');
      expect(await status.textContent()).toBe(text('en', 'health.ok'));
      const checks = page.locator('[data-testid^="health-check-"]');
      expect(await checks.count()).toBeGreaterThan(0);
      expect(await checks.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ok')))).not.toContain(
        'false',
      );

      // Sign in through the header's link, typing e-mail and password into the login popup.
      await page
        .getByRole('link', { name: text('en', 'nav.signIn'), exact: true })
        .first()
        .click();
      await expectPath(page, '/en/login');
      const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me/login', {
        timeout: 30000,
      });
      await submitSignIn(page, email, password);

      // The sign-in is recorded, 'Logged in successfully.' shows, and the signed-in page greets the
      // user by the name the API returns.
      const meResponse = await me;
      expect(meResponse.status()).toBe(200);
      const { name, firstLogin } = (await meResponse.json()) as { name: string; firstLogin: boolean };
      expect(firstLogin).toBe(false); // the demo accounts have signed in before
      if (process.env.TEST_DEMO_NAME) expect(name).toBe(process.env.TEST_DEMO_NAME);
      await expectPath(page, '/en/home');
      await expectVisibleText(page, text('en', 'auth.loggedIn'));
      const welcome = page.getByRole('heading', { level: 1 });
      await expectVisibleText(page, text('en', 'home.welcome', { name }));
      expect(await welcome.textContent()).toBe(text('en', 'home.welcome', { name }));

      // The language switcher keeps the page and swaps the prefix: Japanese under /jp/.
      await page.getByRole('link', { name: text('ja', 'language.ja'), exact: true }).click();
      await expectPath(page, '/jp/home');
      await expectVisibleText(page, text('ja', 'home.welcome', { name }));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');

      // A signed-in visitor of the landing page goes to the signed-in page.
      await openApp(session, '/jp/');
      await expectPath(page, '/jp/home');
      await expectVisibleText(page, text('ja', 'home.welcome', { name }));

      // Signing out ends on the (Japanese) sign-in page with the logged-out notice.
      await page.getByRole('button', { name: text('ja', 'shell.menu.logout'), exact: true }).click();
      await expectPath(page, '/jp/login');
      await expectVisibleText(page, text('ja', 'auth.loggedOut'));

      // …and the signed-in page is closed again.
      await openApp(session, '/jp/home');
      await expectPath(page, '/jp/login');
      await expectVisibleText(page, text('ja', 'access.unauthorized.message'));

      expect(session.unexpectedProblems()).toEqual([]);
    }));
});

describe('pages a signed-out visitor cannot use', () => {
  let session: BrowserSession;

  beforeEach(async () => {
    session = await launchBrowser({ locale: 'en-US' });
  });

  afterEach(async () => {
    await session?.close();
  });

  test.each(['/en/no-such-page', '/no-such-page', '/ko/home/nothing-here-either', '/fr/no-such-page'])(
    'an unknown path (%s) shows the not-found page, whose Back Home button leads to the landing page',
    (pathname) =>
      session.run(async (page) => {
        const locale = pathname.startsWith('/ko/') ? 'ko' : 'en';
        await openApp(session, pathname);
        await expectVisibleText(page, text(locale, 'access.notFound.message'));
        // An unsupported language prefix is replaced, not kept: /fr/no-such-page → /en/no-such-page.
        if (pathname.startsWith('/fr/')) expect(pathOf(page)).toBe('/en/no-such-page');
        await page.getByRole('link', { name: text(locale, 'access.notFound.backHome'), exact: true }).click();
        await expectPath(page, locale === 'ko' ? '/ko/' : '/en/');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        await page
          .getByRole('link', { name: text(locale, 'nav.signIn'), exact: true })
          .first()
          .waitFor();
        expect(session.unexpectedProblems()).toEqual([]);
      }),
  );

  test('/en/home while signed out shows the unauthorized message and ends on /en/login', () =>
    session.run(async (page) => {
      await openApp(session, '/en/home');
      await expectPath(page, '/en/login');
      await expectVisibleText(page, text('en', 'access.unauthorized.title'));
      await expectVisibleText(page, text('en', 'access.unauthorized.message'));
      await page.getByLabel(text('en', 'auth.email'), { exact: true }).waitFor();
      expect(session.unexpectedProblems()).toEqual([]);
    }));

  test('an unprefixed signed-in path redirects to the language of the browser (/home → /jp/home → /jp/login)', async () => {
    await session.close();
    session = await launchBrowser({ locale: 'ja-JP' });
    await session.run(async (page) => {
      await openApp(session, '/home');
      await expectPath(page, '/jp/login');
      await expectVisibleText(page, text('ja', 'access.unauthorized.message'));
    });
  });

  test('a broken /config.json shows a translated error screen instead of a blank page', () =>
    session.run(async (page) => {
      await page.route('**/config.json', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"region":"us-east-1"}' }),
      );
      await openApp(session, '/jp/');
      await expectVisibleText(page, text('ja', 'common.errorTitle'));
      await expectVisibleText(page, text('ja', 'errors.unavailable'));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
    }));

  test('a wrong password shows the sign-in error and stays on the sign-in page', () =>
    session.run(async (page) => {
      await openApp(session, '/en/login');
      await submitSignIn(page, requiredEnv('TEST_DEMO_EMAIL'), 'not-the-password-1');
      await expectVisibleText(page, text('en', 'auth.errorTitle'));
      const error = page.getByTestId('auth-error-message');
      expect((await error.textContent())?.trim()).not.toBe('');
      expect(pathOf(page)).toBe('/en/login');
      await page.getByRole('button', { name: text('en', 'auth.signIn'), exact: true }).waitFor();
      // Cognito answers the failed sign-in with a 400, which Chromium logs; nothing else is expected.
      expect(session.unexpectedProblems([/status of 400/])).toEqual([]);
    }));
});
