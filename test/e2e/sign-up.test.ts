// Sign-up, sign-in and sign-out (issue #3) in Chromium against the whole local cloud, as a new user
// would do them: the registration dialog's consents in the spec's order, the e-mail sign-up with the
// code it mails (issue #13, read from the local mailbox), the thank-you page, sign-out, a second
// sign-in (no thank-you page this time), a wrong password, a second sign-up with the same e-mail (the
// same code step: nothing tells whether the address has an account), and the Japanese dialog. Texts
// come from the catalogues.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DEFAULT_MIN_AGE } from '../../shared/domain/constants';
import { createAccount, mailCount, mailedCode, mailsTo } from '../support/accounts';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text, type Locale } from './catalogue';
import { pathOf, expectPath, expectVisibleText, typeInto, submitSignIn } from './steps';

jest.setTimeout(180000);

/** The configured minimum age, as the SPA reads it (`/config.json` `minAge`, else the default). */
async function configuredMinAge(): Promise<number> {
  const response = await fetch(new URL('/config.json', appBaseUrl()));
  const config = (await response.json()) as { minAge?: unknown };
  return typeof config.minAge === 'number' ? config.minAge : DEFAULT_MIN_AGE;
}

const consentKeys = [
  'termsOfService',
  'privacyPolicy',
  'ageConfirmed',
  'marketing',
  'thirdPartyProvision',
] as const;

function consentBox(page: Page, locale: Locale, key: (typeof consentKeys)[number], minAge: number) {
  return page.getByRole('checkbox', {
    name: text(locale, `registration.consents.${key}`, { minAge }),
    exact: true,
  });
}

async function consentError(page: Page): Promise<string> {
  const alert = page.getByTestId('consent-error');
  await alert.waitFor({ state: 'visible', timeout: 10000 });
  return (await alert.textContent()) ?? '';
}

/** Step 1 with every box ticked through 'I agree all items', then Next. */
async function agreeToAll(page: Page): Promise<void> {
  await page
    .getByRole('checkbox', { name: text('en', 'registration.consents.agreeAll'), exact: true })
    .check();
  await page.getByRole('button', { name: text('en', 'registration.next'), exact: true }).click();
}

async function fillSignUp(page: Page, email: string, name: string, password: string): Promise<void> {
  await typeInto(page, text('en', 'auth.email'), email);
  await typeInto(page, text('en', 'auth.name'), name);
  await typeInto(page, text('en', 'auth.password'), password);
  await page.getByRole('button', { name: text('en', 'registration.createAccount'), exact: true }).click();
}

/** Step 3: the code step names the address, whether or not it has an account. */
async function expectCodeStep(page: Page, email: string): Promise<void> {
  await page.getByTestId('signup-code-step').waitFor({ state: 'visible', timeout: 20000 });
  await expectVisibleText(page, text('en', 'registration.codeSent', { email }));
}

async function enterCode(page: Page, code: string): Promise<void> {
  await typeInto(page, text('en', 'registration.code'), code);
  await page.getByRole('button', { name: text('en', 'registration.confirmCode'), exact: true }).click();
}

const signIn = (page: Page, email: string, password: string) => submitSignIn(page, email, password);

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: text('en', 'nav.signOut'), exact: true }).click();
  await expectPath(page, '/en/login');
  await expectVisibleText(page, text('en', 'auth.loggedOut'));
}

describe('sign-up, sign-in and sign-out', () => {
  let session: BrowserSession;

  beforeEach(async () => {
    appBaseUrl();
    session = await launchBrowser({ locale: 'en-US' });
  });

  afterEach(async () => {
    await session?.close();
  });

  test('a new user signs up with e-mail, signs out, signs in again, and cannot sign up twice', () =>
    session.run(async (page) => {
      const minAge = await configuredMinAge();
      const email = `new-${Date.now()}@example.com`;
      const password = 'Signseal-e2e-1';
      const appName = text('en', 'app.name');

      await openApp(session, '/en/register');
      await expectVisibleText(page, text('en', 'registration.title', { appName }));
      const next = page.getByRole('button', { name: text('en', 'registration.next'), exact: true });

      // The required consents are checked in the spec's order, one message at a time.
      await next.click();
      expect(await consentError(page)).toBe(text('en', 'registration.errors.termsRequired'));
      await consentBox(page, 'en', 'termsOfService', minAge).check();
      await next.click();
      expect(await consentError(page)).toBe(text('en', 'registration.errors.privacyRequired'));
      await consentBox(page, 'en', 'privacyPolicy', minAge).check();
      await next.click();
      expect(await consentError(page)).toBe(text('en', 'registration.errors.underMinAge', { minAge }));

      // 'I agree all items' ticks all five, and unticking it clears them again.
      const agreeAll = page.getByRole('checkbox', {
        name: text('en', 'registration.consents.agreeAll'),
        exact: true,
      });
      await agreeAll.check();
      for (const key of consentKeys) expect(await consentBox(page, 'en', key, minAge).isChecked()).toBe(true);
      await agreeAll.uncheck();
      for (const key of consentKeys)
        expect(await consentBox(page, 'en', key, minAge).isChecked()).toBe(false);
      await agreeToAll(page);

      // Step 2: e-mail, name, password, with the password rules and 'No credit card required'.
      await expectVisibleText(page, text('en', 'registration.noCreditCard'));
      await expectVisibleText(page, text('en', 'registration.passwordRules.upper'));
      const mailsBefore = await mailCount();
      await fillSignUp(page, email, 'New Tester', password);

      // Step 3: the code mailed to the address. A wrong one is refused; the mailed one signs in.
      await expectCodeStep(page, email);
      const code = await mailedCode(email, mailsBefore);
      await enterCode(page, code === '000000' ? '000001' : '000000');
      const errorDialog = page.getByTestId('auth-error-dialog');
      await errorDialog.waitFor({ state: 'visible', timeout: 15000 });
      await expectVisibleText(page, text('en', 'auth.errors.invalidCode'));
      await errorDialog.getByRole('button', { name: text('en', 'auth.ok'), exact: true }).click();
      await errorDialog.waitFor({ state: 'hidden' });
      await page.getByLabel(text('en', 'registration.code'), { exact: true }).fill('');
      await enterCode(page, code);

      // The first sign-in ever lands on the thank-you page.
      await expectPath(page, '/en/thankyou');
      await expectVisibleText(page, text('en', 'auth.thankYou'));
      await page.getByRole('link', { name: text('en', 'auth.startExplore'), exact: true }).click();
      // /en/ — which sends a signed-in visitor on to /en/home.
      await expectPath(page, ['/en/', '/en/home']);
      if (pathOf(page) === '/en/') await openApp(session, '/en/home');
      await expectPath(page, '/en/home');

      await logOut(page);

      // The second sign-in: 'Logged in successfully.' and /en/home, not the thank-you page.
      await signIn(page, email, password);
      await expectPath(page, '/en/home');
      await expectVisibleText(page, text('en', 'auth.loggedIn'));

      await logOut(page);

      // A wrong password: the 'Oops...' dialog with an error, and the visitor stays on /en/login.
      await signIn(page, email, 'Wrong-password-1');
      await errorDialog.waitFor({ state: 'visible', timeout: 15000 });
      await expectVisibleText(page, text('en', 'auth.errorTitle'));
      expect((await page.getByTestId('auth-error-message').textContent())?.trim()).not.toBe('');
      expect(pathOf(page)).toBe('/en/login');
      await errorDialog.getByRole('button', { name: text('en', 'auth.ok'), exact: true }).click();
      await errorDialog.waitFor({ state: 'hidden' });

      // An e-mail nobody signed up with: an error too. (The user pool hides whether a user exists —
      // preventUserExistenceErrors — so this is not the spec's 'We cannot find user…' message.)
      await signIn(page, `nobody-${Date.now()}@example.com`, password);
      await errorDialog.waitFor({ state: 'visible', timeout: 15000 });
      expect((await page.getByTestId('auth-error-message').textContent())?.trim()).not.toBe('');
      expect(pathOf(page)).toBe('/en/login');
      await errorDialog.getByRole('button', { name: text('en', 'auth.ok'), exact: true }).click();
      await errorDialog.waitFor({ state: 'hidden' });

      // Signing up again with the same e-mail: the same code step as for a new address (nothing
      // tells whether it has an account); the address's owner gets a mail saying so, with no code.
      await page
        .getByTestId('login-dialog')
        .getByRole('link', { name: text('en', 'auth.signUpLink'), exact: true })
        .click();
      await expectPath(page, '/en/register');
      await agreeToAll(page);
      const beforeAgain = await mailCount();
      await fillSignUp(page, email, 'New Tester', 'Another-pass-2');
      await expectCodeStep(page, email);
      expect(pathOf(page)).toBe('/en/register');
      const notice = await (async () => {
        for (let i = 0; i < 100; i++) {
          const mails = await mailsTo(email, beforeAgain);
          if (mails.length) return mails;
          await new Promise((r) => setTimeout(r, 300));
        }
        return [];
      })();
      expect(notice).toHaveLength(1);
      expect(notice[0]!.subject).not.toMatch(/\d{6}/);

      // Closing the dialog returns to the landing page.
      await page
        .getByTestId('register-dialog')
        .getByRole('button', { name: text('en', 'auth.close'), exact: true })
        .click();
      await expectPath(page, '/en/');

      // Cognito answers the wrong password with 400, and the API the wrong code with 400.
      expect(session.unexpectedProblems([/status of 400/])).toEqual([]);
    }));

  test('the Japanese registration dialog speaks Japanese', async () => {
    await session.close();
    session = await launchBrowser({ locale: 'ja-JP' });
    await session.run(async (page) => {
      const minAge = await configuredMinAge();
      await openApp(session, '/jp/register');
      await expectVisibleText(page, text('ja', 'registration.title', { appName: text('ja', 'app.name') }));
      for (const key of consentKeys) await consentBox(page, 'ja', key, minAge).waitFor();
      await expectVisibleText(page, text('ja', 'registration.consents.agreeAll'));
      await page.getByRole('button', { name: text('ja', 'registration.next'), exact: true }).click();
      expect(await consentError(page)).toBe(text('ja', 'registration.errors.termsRequired'));

      // Escape closes the dialog: back to the Japanese landing page.
      await page.keyboard.press('Escape');
      await expectPath(page, '/jp/');
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  test('a first federated sign-in asks for the consents before anything else', () =>
    session.run(async (page) => {
      // An account made through the API (with its mailed code); its first sign-in is answered as a Google or LINE user's
      // would be (consentsRequired), which only the hosted UI could produce for real.
      const minAge = await configuredMinAge();
      const email = `federated-${Date.now()}@example.com`;
      const password = 'Signseal-e2e-2';
      await createAccount(email, { name: 'Federated Tester', password });
      await page.route('**/api/me/login', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        await route.fulfill({ response, json: { ...body, consentsRequired: true, firstLogin: false } });
      });
      const consentsSaved = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/me/consents');

      await openApp(session, '/en/login');
      await signIn(page, email, password);
      const dialog = page.getByTestId('consents-dialog');
      await dialog.waitFor({ state: 'visible', timeout: 15000 });
      expect(pathOf(page)).toBe('/en/login');
      const submit = dialog.getByRole('button', { name: text('en', 'auth.consentsSubmit'), exact: true });
      await submit.click();
      expect(await consentError(page)).toBe(text('en', 'registration.errors.termsRequired'));
      await consentBox(page, 'en', 'termsOfService', minAge).check();
      await consentBox(page, 'en', 'privacyPolicy', minAge).check();
      await consentBox(page, 'en', 'ageConfirmed', minAge).check();
      await consentBox(page, 'en', 'marketing', minAge).check();
      await submit.click();
      const request = await consentsSaved;
      expect(request.postDataJSON()).toEqual({
        consents: {
          termsOfService: true,
          privacyPolicy: true,
          ageConfirmed: true,
          marketing: true,
          thirdPartyProvision: false,
        },
        lang: 'en',
      });
      await expectPath(page, '/en/home');
      await expectVisibleText(page, text('en', 'auth.loggedIn'));
      expect(session.unexpectedProblems()).toEqual([]);
    }));

  test('the login popup closes with Escape and ×, back to the landing page', () =>
    session.run(async (page) => {
      await openApp(session, '/en/login');
      await page
        .getByRole('heading', { name: text('en', 'auth.loginTitle', { appName: text('en', 'app.name') }) })
        .waitFor();
      await page.keyboard.press('Escape');
      await expectPath(page, '/en/');
      await openApp(session, '/en/login');
      await page
        .getByTestId('login-dialog')
        .getByRole('button', { name: text('en', 'auth.close'), exact: true })
        .click();
      await expectPath(page, '/en/');
      expect(session.unexpectedProblems()).toEqual([]);
    }));

  test('the LINE callback does nothing without a code, and stops on a bad state', () =>
    session.run(async (page) => {
      await openApp(session, '/callback_linelogin');
      await expectVisibleText(page, text('en', 'auth.callback.nothingToDo'));
      await page.getByRole('link', { name: text('en', 'auth.callback.backHome'), exact: true }).click();
      await expectPath(page, '/en/');

      // With a code but a state that is neither the default nor 11 characters (and no hosted UI
      // configured locally): an error, then the login page.
      await openApp(session, '/callback_linelogin?code=abc&state=short');
      await expectVisibleText(page, text('en', 'auth.errors.lineState'));
      await page
        .getByTestId('auth-error-dialog')
        .getByRole('button', { name: text('en', 'auth.ok'), exact: true })
        .click();
      await expectPath(page, '/en/login');
      expect(session.unexpectedProblems()).toEqual([]);
    }));
});
