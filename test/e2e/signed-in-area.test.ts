// The signed-in area in Chromium, against the whole local cloud: the shell (side menu, plan box, top
// bar) in three languages, the service cards, My Info (browser-side refusal of a bad wallet, saving a
// phone number and a wallet), Pricing Information, the admin and language-prefix redirects, the
// "being built" pages, the small-screen menu, sign-out, and the login guard for a signed-out visitor
// and for a tampered session; closing a (fresh) account.
// The My Info writes use the second demo account, so the first account's data stays as other tests
// expect it. Texts come from the shared catalogues (see ./catalogue), never from copies in the test.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { createAccount } from '../support/accounts';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text, type Locale } from './catalogue';
import { requiredEnv, pathOf, expectPath, expectVisibleText, submitSignIn } from './steps';

jest.setTimeout(180000);

/** Signs in on /{lang}/login as a person would and waits for the signed-in start page. */
async function signIn(page: Page, session: BrowserSession, email: string, password: string): Promise<void> {
  await openApp(session, '/en/login');
  await submitSignIn(page, email, password);
  await expectPath(page, '/en/home');
}

interface Me {
  name: string;
  plan: string;
  phone: string | null;
  walletAddress: string | null;
}

/** GET /api/me as the signed-in page itself would (with the session's ID token). */
async function readMe(page: Page): Promise<Me> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const token = key ? localStorage.getItem(key) : null;
    const response = await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as Me;
  });
}

const MENU_KEYS = ['home', 'contractList', 'certifications', 'makeSign', 'myPlan', 'logout'] as const;

async function expectSideMenuIn(page: Page, locale: Locale): Promise<void> {
  const menu = page.getByTestId('side-menu').getByRole('navigation');
  for (const key of MENU_KEYS) {
    await menu.getByText(text(locale, `shell.menu.${key}`), { exact: true }).waitFor({ timeout: 15000 });
  }
}

// EIP-55 test vector, and the same address with the case of its last letter flipped (bad checksum).
const VALID_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD_CHECKSUM_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

describe('signed-in area: shell, My page, guards', () => {
  let session: BrowserSession;

  beforeAll(() => {
    appBaseUrl();
  });

  afterEach(async () => {
    await session?.close();
  });

  test('the demo owner uses the shell in three languages, edits My Info, reads Pricing Information and signs out', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async (page) => {
      const email = requiredEnv('TEST_DEMO2_EMAIL');
      await signIn(page, session, email, requiredEnv('TEST_DEMO2_PASSWORD'));
      const before = await readMe(page);
      if (process.env.TEST_DEMO2_NAME) expect(before.name).toBe(process.env.TEST_DEMO2_NAME);

      // The shell in English: side menu, plan box, top bar with the user's name and My Profile.
      await expectSideMenuIn(page, 'en');
      expect(await page.getByTestId('top-bar-name').textContent()).toBe(before.name);
      await page.getByTestId('avatar-initials').waitFor();
      expect(await page.getByTestId('plan-box-plan').textContent()).toBe(
        text('en', `shell.plans.${before.plan}`),
      );
      expect(await page.getByTestId('plan-box-valid-date').textContent()).toMatch(
        /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
      );
      await expectVisibleText(page, text('en', 'home.welcome', { name: before.name }));

      // The three service cards, each with read more / read less.
      for (const evsign of ['esign', 'vsign', 'vcontract']) {
        await page.getByTestId(`service-card-${evsign}`).waitFor();
      }
      const esign = page.getByTestId('service-card-esign');
      const details = esign.getByText(text('en', 'homeCards.esign.details'), { exact: true });
      expect(await details.isVisible()).toBe(false);
      await esign.getByRole('button', { name: text('en', 'homeCards.readMore'), exact: true }).click();
      await details.waitFor({ state: 'visible' });
      await esign.getByRole('button', { name: text('en', 'homeCards.readLess'), exact: true }).click();
      await details.waitFor({ state: 'hidden' });
      expect(await esign.getByRole('link').getAttribute('href')).toBe('/en/home/make/esign/upload/new');

      // Japanese, then Korean: the same page, the side menu translated.
      await page.getByRole('link', { name: text('ja', 'language.ja'), exact: true }).click();
      await expectPath(page, '/jp/home');
      await expectSideMenuIn(page, 'ja');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
      await page.getByRole('link', { name: text('ko', 'language.ko'), exact: true }).click();
      await expectPath(page, '/ko/home');
      await expectSideMenuIn(page, 'ko');
      await page.getByRole('link', { name: text('en', 'language.en'), exact: true }).click();
      await expectPath(page, '/en/home');

      // My Info through My Profile.
      await page.getByRole('link', { name: text('en', 'shell.topBar.myProfile'), exact: true }).click();
      await expectPath(page, '/en/home/mypage/myinfo');
      await page.getByTestId('my-info-form').waitFor();
      expect(await page.getByTestId('myinfo-email').textContent()).toBe(email);
      const walletField = page.getByLabel(text('en', 'myPage.myInfo.wallet'), { exact: true });
      const phoneField = page.getByLabel(text('en', 'myPage.myInfo.phone'), { exact: true });
      const save = page.getByRole('button', { name: text('en', 'myPage.myInfo.save'), exact: true });

      // A wallet with a bad checksum: its message, and nothing is sent.
      const patches: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/me')
          patches.push(request.url());
      });
      await walletField.fill('');
      await walletField.pressSequentially(BAD_CHECKSUM_WALLET);
      await save.click();
      await expectVisibleText(page, text('en', 'account.errors.invalidWallet'));
      expect(await walletField.getAttribute('aria-invalid')).toBe('true');
      expect(patches).toEqual([]);
      await page.reload();
      await page.getByTestId('my-info-form').waitFor();
      expect(await walletField.inputValue()).toBe(before.walletAddress ?? '');
      expect((await readMe(page)).walletAddress).toBe(before.walletAddress);

      // A valid US number (English page: numbers without '+' are US numbers) and a valid wallet.
      await phoneField.fill('');
      await phoneField.pressSequentially('201-555-0123');
      await walletField.fill('');
      await walletField.pressSequentially(VALID_WALLET.toLowerCase());
      await save.click();
      await expectVisibleText(page, text('en', 'account.profileSaved'));
      expect(patches).toHaveLength(1);
      await page.reload();
      await page.getByTestId('my-info-form').waitFor();
      expect(await phoneField.inputValue()).toBe('+12015550123');
      expect(await walletField.inputValue()).toBe(VALID_WALLET);
      const after = await readMe(page);
      expect(after.phone).toBe('+12015550123');
      expect(after.walletAddress).toBe(VALID_WALLET);

      // Pricing Information: plan, days left with a progress bar, remaining contracts.
      await page.getByRole('link', { name: text('en', 'myPage.tabs.priceinfo'), exact: true }).click();
      await expectPath(page, '/en/home/mypage/priceinfo');
      expect(await page.getByTestId('priceinfo-plan').textContent()).toBe(
        text('en', `shell.plans.${after.plan}`),
      );
      const progress = page.getByTestId('priceinfo-progress');
      const max = Number(await progress.getAttribute('max'));
      expect([30, 31, 365]).toContain(max);
      expect(Number(await progress.getAttribute('value'))).toBeLessThanOrEqual(max);
      expect(await page.getByTestId('priceinfo-days-left').textContent()).toContain(String(max));

      // My Plan (issue #18): the plan from the server, days left, VIEW PLANS, no invoices yet.
      await openApp(session, '/en/home/myplan');
      expect(await page.getByTestId('myplan-plan').textContent()).toBe(
        text('en', `shell.plans.${after.plan}`),
      );
      await page.getByTestId('view-plans').waitFor();
      await page.getByTestId('side-menu').waitFor();
      // Every kind of contract has its funnel now: Video Contract starts at Record (issue #16).
      await openApp(session, '/en/home/make/vcontract/vcrecord/new');
      await page.locator('[data-testid=funnel][data-step=vcrecord]').waitFor({ timeout: 30000 });

      // A non-admin at /en/admin goes to /en/ (which sends a signed-in visitor on to /en/home).
      await openApp(session, '/en/admin');
      await expectPath(page, '/en/home');
      expect(await page.getByTestId('admin-menu').count()).toBe(0);

      // Sign-in and sign-up are for guests: a signed-in user goes home.
      await openApp(session, '/en/login');
      await expectPath(page, '/en/home');
      await openApp(session, '/en/register');
      await expectPath(page, '/en/home');

      // An unsupported language prefix goes to the same page in English.
      await openApp(session, '/fr/home');
      await expectPath(page, '/en/home');
      await expectSideMenuIn(page, 'en');

      // At the spec's mobile width the side menu folds behind the menu button.
      await page.setViewportSize({ width: 380, height: 820 });
      const sideMenu = page.getByTestId('side-menu');
      await sideMenu.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: text('en', 'shell.openMenu'), exact: true }).click();
      await sideMenu.waitFor({ state: 'visible' });
      await page.getByRole('link', { name: text('en', 'shell.menu.myPlan'), exact: true }).click();
      await expectPath(page, '/en/home/myplan');
      await sideMenu.waitFor({ state: 'hidden' });
      await page.setViewportSize({ width: 1280, height: 900 });

      // Logout: 'Logged out successfully.' on the sign-in page.
      await page.getByRole('button', { name: text('en', 'shell.menu.logout'), exact: true }).click();
      await expectPath(page, '/en/login');
      await expectVisibleText(page, text('en', 'auth.loggedOut'));

      // Signed out, My Info is closed: the unauthorized message, on /en/login.
      await openApp(session, '/en/home/mypage/myinfo');
      await expectPath(page, '/en/login');
      await expectVisibleText(page, text('en', 'access.unauthorized.title'));
      await expectVisibleText(page, text('en', 'access.unauthorized.message'));

      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  test('a new account closes itself from My Info: confirmation, closed message on the landing page, no more sign-in', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async (page) => {
      // A fresh account (through the sign-up API), so the demo accounts stay open.
      const email = `close-${Date.now()}@e2e.signseal.local`;
      const password = 'Close-account-1';
      await createAccount(email, { name: 'Closing Tester', password });

      // Its first sign-in shows the thank-you page; My Info is one address away.
      await openApp(session, '/en/login');
      await page.getByLabel(text('en', 'auth.email'), { exact: true }).fill(email);
      await page.getByLabel(text('en', 'auth.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: text('en', 'auth.signIn'), exact: true }).click();
      await expectPath(page, '/en/thankyou');
      await openApp(session, '/en/home/mypage/myinfo');
      await page.getByTestId('my-info-form').waitFor();
      // The e-mail address shows either its badge or the Verify button.
      expect(await page.locator('[data-testid="email-verified"], [data-testid="email-verify"]').count()).toBe(
        1,
      );

      // Cancel keeps the account; confirming closes it.
      const open = page.getByRole('button', { name: text('en', 'myPage.closeAccount.button'), exact: true });
      await open.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(text('en', 'account.closeConfirm'), { exact: true }).waitFor();
      await dialog.getByRole('button', { name: text('en', 'common.cancel'), exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(pathOf(page)).toBe('/en/home/mypage/myinfo');
      await open.click();
      const closing = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname === '/api/me',
      );
      await page.getByTestId('close-account-confirm').click();
      expect((await closing).status()).toBe(200);
      await expectPath(page, '/en/');
      await expectVisibleText(page, text('en', 'account.closed'));

      // The closed account cannot sign in any more.
      await openApp(session, '/en/login');
      await page.getByLabel(text('en', 'auth.email'), { exact: true }).fill(email);
      await page.getByLabel(text('en', 'auth.password'), { exact: true }).fill(password);
      await page.getByRole('button', { name: text('en', 'auth.signIn'), exact: true }).click();
      await expectVisibleText(page, text('en', 'auth.errorTitle'));
      expect(pathOf(page)).toBe('/en/login');
      // The refusal (Cognito's 400 for a disabled user, or the API's 401 for a closed account) is
      // logged by Chromium; nothing else is expected.
      expect(session.unexpectedProblems([/status of 40[01]/])).toEqual([]);
    });
  });

  test('a tampered session is refused: the unauthorized message, then the sign-in page', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async (page) => {
      await signIn(page, session, requiredEnv('TEST_DEMO_EMAIL'), requiredEnv('TEST_DEMO_PASSWORD'));
      // Change one character of the ID token's signature (its payload still decodes).
      await page.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
        if (!key) throw new Error('no ID token in localStorage');
        const token = localStorage.getItem(key)!;
        const last = token.at(-2) === 'A' ? 'B' : 'A';
        localStorage.setItem(key, `${token.slice(0, -2)}${last}${token.slice(-1)}`);
      });
      await openApp(session, '/en/home/mypage/priceinfo');
      await expectPath(page, '/en/login');
      await expectVisibleText(page, text('en', 'access.unauthorized.message'));
      // The refused session is gone: the sign-in page stays (no bounce to /home).
      await page.getByLabel(text('en', 'auth.email'), { exact: true }).waitFor();
      // The API's 401 for the tampered token is logged by Chromium; nothing else is expected.
      expect(session.unexpectedProblems([/status of 401/])).toEqual([]);
    });
  });

  test('signed out, an unprefixed signed-in path and an unsupported prefix both end on the sign-in page', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async (page) => {
      await openApp(session, '/fr/home');
      await expectPath(page, '/en/login');
      await expectVisibleText(page, text('en', 'access.unauthorized.message'));
      await openApp(session, '/home/mypage/myinfo');
      await expectPath(page, '/en/login');
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });
});
