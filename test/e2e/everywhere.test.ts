// Issue #14, the "everywhere" items: every page has its own title, in its language (14); the side
// menu highlights one entry, not My Contract List and My Certifications at once (15); a PDF dropped
// on the verification page is the file control's file too, not "No file chosen" (16).
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text, type Locale } from './catalogue';
import { expectPath, expectVisibleText, requiredEnv, submitSignIn } from './steps';

jest.setTimeout(240000);

const LANGS: readonly { lang: 'en' | 'jp' | 'ko'; locale: Locale }[] = [
  { lang: 'en', locale: 'en' },
  { lang: 'jp', locale: 'ja' },
  { lang: 'ko', locale: 'ko' },
];

/** Route (under /{lang}/) → the message key of its page name. */
const GUEST_ROUTES: readonly [string, string][] = [
  ['', 'titles.landing'],
  ['faq', 'public.pages.faq'],
  ['plans', 'public.pages.plans'],
  ['verify', 'verify.title'],
  ['login', 'titles.login'],
  ['register', 'titles.register'],
  ['outsign/abc/not-a-token', 'titles.signer'],
  ['no-such-page-here', 'titles.notFound'],
];
const SIGNED_IN_ROUTES: readonly [string, string][] = [
  ['home', 'titles.home'],
  ['home/doc/signed', 'titles.contracts'],
  ['home/mypage/myinfo', 'titles.myPage'],
  ['home/myplan', 'titles.myPlan'],
  ['home/sign', 'titles.signs'],
];

/** '<page> | SignSeal', the page's name in the page's language. */
const expectedTitle = (locale: Locale, key: string) => `${text(locale, key)} | ${text(locale, 'app.name')}`;

async function titleOf(page: Page, lang: string, route: string, wanted: string): Promise<string> {
  await page.goto(new URL(`/${lang}/${route}`, appBaseUrl()).toString(), { waitUntil: 'domcontentloaded' });
  await page.waitForFunction((w) => document.title === w, wanted, { timeout: 20000 }).catch(() => undefined);
  return page.title();
}

async function checkTitles(page: Page, routes: readonly [string, string][]): Promise<void> {
  const byLang = new Map<string, string[]>();
  for (const { lang, locale } of LANGS) {
    const titles: string[] = [];
    for (const [route, key] of routes) {
      const wanted = expectedTitle(locale, key);
      expect({ route: `/${lang}/${route}`, title: await titleOf(page, lang, route, wanted) }).toEqual({
        route: `/${lang}/${route}`,
        title: wanted,
      });
      titles.push(wanted);
    }
    // Every page its own title.
    expect(new Set(titles).size).toBe(titles.length);
    byLang.set(lang, titles);
  }
  // Translated: no page has the same title in two languages.
  const [en, jp, ko] = ['en', 'jp', 'ko'].map((l) => byLang.get(l)!);
  en!.forEach((title, i) => {
    expect(title).not.toBe(jp![i]);
    expect(title).not.toBe(ko![i]);
  });
}

describe('everywhere', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser();
  });
  afterEach(async () => {
    await session.close();
  });

  it('every page has its own translated title (guest pages, then signed-in ones)', async () => {
    await session.run(async (page) => {
      await checkTitles(page, GUEST_ROUTES);
      await openApp(session, '/en/login');
      await submitSignIn(page, requiredEnv('TEST_DEMO_EMAIL'), requiredEnv('TEST_DEMO_PASSWORD'));
      await expectPath(page, ['/en/home', '/en/thankyou']);
      await checkTitles(page, SIGNED_IN_ROUTES);
    });
  });

  it('the side menu highlights one entry on the contract list', async () => {
    await session.run(async (page) => {
      await openApp(session, '/en/login');
      await submitSignIn(page, requiredEnv('TEST_DEMO_EMAIL'), requiredEnv('TEST_DEMO_PASSWORD'));
      await expectPath(page, ['/en/home', '/en/thankyou']);
      await openApp(session, '/en/home/doc/signed');
      const menu = page.getByTestId('side-menu');
      await menu.getByTestId('menu-contracts').waitFor({ state: 'visible', timeout: 20000 });
      await expect(menu.getByTestId('menu-contracts').getAttribute('aria-current')).resolves.toBe('page');
      await expect(menu.locator('[aria-current="page"]').count()).resolves.toBe(1);
    });
  });

  it('a PDF dropped on the verification page is the file control’s file', async () => {
    await session.run(async (page) => {
      await openApp(session, '/en/verify');
      await expectVisibleText(page, text('en', 'verify.privacy'));
      await page.getByTestId('verify-drop').evaluate((zone) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['%PDF-1.7\n%%EOF\n'], 'dropped.pdf', { type: 'application/pdf' }));
        zone.dispatchEvent(
          new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
        zone.dispatchEvent(
          new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
        );
      });
      await expectVisibleText(page, text('en', 'verify.noMatchFile', { file: 'dropped.pdf' }));
      const chosen = await page
        .locator('input[type=file]')
        .evaluate((input) => [...((input as HTMLInputElement).files ?? [])].map((f) => f.name));
      expect(chosen).toEqual(['dropped.pdf']);
    });
  });
});
