// The REST v1 reference page (issue #31 item 2) in Chromium, as a developer would read it: public (no
// sign-in), rendered from the live /api/v1/openapi.json — every operation of the registry is on the
// page with its method, path and scopes — titled in its language, readable at 380 px, axe clean, and in
// Japanese and Korean too.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { V1_ROUTES } from '../../shared/api/v1/routes';
import { V1_PREFIX } from '../../shared/api/v1/registry';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text, type Locale } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(240000);

const title = (locale: Locale) => `${text(locale, 'apiV1.reference.title')} | ${text(locale, 'app.name')}`;

async function expectTitle(page: Page, locale: Locale) {
  await page.waitForFunction((wanted) => document.title === wanted, title(locale), { timeout: 20000 });
}

describe('API reference page (/developers/api)', () => {
  let session: BrowserSession;

  afterEach(async () => {
    await session?.close();
  });

  it('shows every v1 operation with its method, path and scopes, titled, axe clean, at 380 px', async () => {
    session = await launchBrowser({ viewport: { width: 380, height: 820 } });
    await session.run(async () => {
      const page = await openApp(session, '/en/developers/api');
      await expectTitle(page, 'en');
      await expectVisibleText(page, text('en', 'apiV1.reference.authTitle'));
      for (const route of V1_ROUTES) {
        const op = page.locator(`article#${route.id}`);
        await op.waitFor({ state: 'visible', timeout: 20000 });
        const heading = (await op.locator('h3').textContent()) ?? '';
        expect(heading.replace(/\s+/g, ' ').trim()).toBe(`${route.method} ${V1_PREFIX}${route.path}`);
        const scopes = (await op.locator('.api-scopes').textContent()) ?? '';
        if (route.scope) expect(scopes).toContain(route.scope);
        else expect(scopes).toContain(text('en', 'apiV1.reference.publicOperation'));
      }
      // The table of contents links to each operation.
      expect(await page.locator('nav.api-contents a').count()).toBe(V1_ROUTES.length);
      // A write shows its body, its curl example with Idempotency-Key, and its error answers.
      const create = page.locator('article#createDocument');
      await expect(create.locator('.api-example').textContent()).resolves.toContain('Idempotency-Key');
      await expect(create.locator('.api-errors').textContent()).resolves.toContain('422');
      // The response schema opens on demand.
      await create.locator('summary').first().click();
      await create.locator('.api-details .api-prop', { hasText: 'docuId' }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(380);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it.each([
    ['jp', 'ja'],
    ['ko', 'ko'],
  ] as const)('is titled and introduced in its language (/%s)', async (prefix, locale) => {
    session = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    await session.run(async () => {
      const page = await openApp(session, `/${prefix}/developers/api`);
      await expectTitle(page, locale);
      await expectVisibleText(page, text(locale, 'apiV1.reference.intro'));
      await expectVisibleText(page, text(locale, 'apiV1.reference.tag.documents'));
      await page.locator('article#sendDocument').waitFor({ state: 'visible', timeout: 20000 });
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
});
