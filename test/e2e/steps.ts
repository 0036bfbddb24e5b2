// Steps the browser journeys share: reading the cloud's environment, waiting for a path or a text,
// and typing into labelled fields as a person would. Texts come from the catalogues (./catalogue).
import type { Page } from 'playwright-core';
import { openApp, type BrowserSession } from '../support/browser';
import { PASSWORD, type Owner } from '../support/documents';
import { text, type Locale } from './catalogue';

export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    throw new Error(
      `${name} is not set: run the e2e project through jest (its globalSetup starts the local cloud)`,
    );
  }
  return value;
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits until the app's URL has this path, or one of these (client-side navigations included). */
export async function expectPath(page: Page, pathname: string | readonly string[]): Promise<void> {
  const wanted = typeof pathname === 'string' ? [pathname] : pathname;
  await page.waitForURL((url) => wanted.includes(url.pathname), { timeout: 20000 });
  expect(wanted).toContain(pathOf(page));
}

export async function expectVisibleText(page: Page, content: string): Promise<void> {
  await page.getByText(content, { exact: true }).first().waitFor({ state: 'visible', timeout: 20000 });
}

/** Clicks into the field with this label, clears it and types the value key by key. */
export async function typeInto(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.clear();
  await field.pressSequentially(value);
}

/** Fills the sign-in form of the login popup and presses its button. */
export async function submitSignIn(
  page: Page,
  email: string,
  password: string,
  locale: Locale = 'en',
): Promise<void> {
  await typeInto(page, text(locale, 'auth.email'), email);
  await typeInto(page, text(locale, 'auth.password'), password);
  await page.getByRole('button', { name: text(locale, 'auth.signIn'), exact: true }).click();
}

/** Signs `user` in on the login page, then opens `target` (an owner page) and waits for it. */
export async function signInAt(session: BrowserSession, user: Owner, target: string): Promise<Page> {
  const page = await openApp(session, '/en/login');
  await submitSignIn(page, user.email, PASSWORD);
  await expectPath(page, ['/en/thankyou', '/en/home']);
  await openApp(session, target);
  await expectPath(page, target);
  return page;
}
