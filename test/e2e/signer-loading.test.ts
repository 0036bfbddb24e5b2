// The signer page is never a blank screen while it loads (issue #14 item 8): each slow step — the
// page's code, the contract's view, the PDF — shows a translated status (role=status) in the link's
// language, and the pages wait as grey placeholders until they are shown, page 1 first: as the
// server's images of the first pages (issue #33, decision 163), or drawn by pdf.js when there are
// none (older documents) or one cannot be loaded. Each step is held back with a route that answers
// only when the test lets it, so no timing is assumed. The dialogs and the video step, which the
// first screen never shows, are a chunk asked for only once page 1 is shown (issue #33); a dialog
// opened before it has arrived shows a status in its place, then itself, with the focus in it.
// The figures on a throttled phone are in `npm run bench -- phone` (docs/performance.md).
import { jest } from '@jest/globals';
import type { Page, Route } from 'playwright-core';
import { documentClient } from '../../lambdas/adapters/aws';
import { createEntities } from '../../lambdas/adapters/dynamo/entities';
import { getConfig } from '../../lambdas/config';
import { A4, makePdf, sendTwoContractorDocument } from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';

jest.setTimeout(240000);

const PHONE = { width: 380, height: 820 };

/** Holds requests matching `pattern` until `release()`; `held` resolves at the first one. */
async function holdBack(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sawOne!: () => void;
  const held = new Promise<void>((resolve) => (sawOne = resolve));
  await page.route(pattern, async (route: Route) => {
    sawOne();
    await released;
    await route.continue().catch(() => undefined);
  });
  return { held, release };
}

async function expectStatus(page: Page, testId: string, content: string): Promise<void> {
  const status = page.getByTestId(testId);
  await status.waitFor({ state: 'visible', timeout: 30000 });
  await expect(status.getAttribute('role')).resolves.toBe('status');
  await expect(status.innerText()).resolves.toContain(content);
}

describe('the signer page while it loads (380×820)', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser({ viewport: PHONE, touch: true, locale: 'ja-JP' });
  });
  afterEach(async () => {
    await session.close();
  });

  it('says what it is loading, in the link language, at each step, with grey placeholders until the pages are drawn', async () => {
    const sent = await sendTwoContractorDocument({
      title: 'Loading states',
      pdf: await makePdf([A4, A4, A4]),
    });
    const link = sent.mailLink.replace(/^\/en\//, '/jp/');
    await session.run(async (page) => {
      const code = await holdBack(page, /\/assets\/signer-page-[\w-]+\.js$/);
      const view = await holdBack(page, new RegExp(`/api/sign/${sent.docuId}/[^/]+$`));
      const image = await holdBack(page, /\/original-[0-9a-f]+\.page-1\.webp(\?|$)/);
      await openApp(session, link);

      // The page's code is on its way: the router's fallback, in Japanese (the URL's language).
      await code.held;
      await expectStatus(page, 'page-loading', text('ja', 'shell.loading'));
      code.release();

      // The contract's view is on its way: the signer page's own status, under its heading.
      await view.held;
      await expectStatus(page, 'signer-loading', text('ja', 'signer.loading'));
      await expect(page.locator('h1').innerText()).resolves.toBe(text('ja', 'signer.pageTitle'));
      view.release();

      // Page 1's image is on its way: the pages are laid out as placeholders under a status line.
      await image.held;
      await expectStatus(page, 'pdf-loading', text('ja', 'funnel.pages.loading'));
      const placeholders = page.locator('[data-testid^="pdf-page-"][data-drawn="false"]');
      await expect(placeholders.count()).resolves.toBe(3);
      const background = await page
        .locator('[data-testid="pdf-page-0"] .funnel-page-frame')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(background).not.toBe('rgb(255, 255, 255)');
      image.release();

      // Page 1 is shown, as the server's image with its translated text, then the status goes; the
      // others follow as they come on screen. pdf.js is never loaded for them.
      const first = page.locator('[data-testid="pdf-page-0"][data-drawn="true"][data-source="image"]');
      await first.waitFor({ timeout: 60000 });
      await expect(first.locator('img').getAttribute('alt')).resolves.toBe(
        text('ja', 'funnel.pages.image', { n: 1, total: 3 }),
      );
      await page.getByTestId('pdf-loading').waitFor({ state: 'detached' });
      await page.getByTestId('pdf-page-2').scrollIntoViewIfNeeded();
      await page
        .locator('[data-testid="pdf-page-2"][data-drawn="true"][data-source="image"]')
        .waitFor({ timeout: 60000 });
      const loaded = await page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
      );
      expect(loaded.filter((p) => /pdf\.worker|\/original-[0-9a-f]+\.pdf$/.test(p))).toEqual([]);
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('asks for the dialogs’ code once page 1 is shown, and opens a dialog asked for before it arrived', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Later dialogs', pdf: await makePdf([A4]) });
    await session.run(async (page) => {
      const image = await holdBack(page, /\/original-[0-9a-f]+\.page-1\.webp(\?|$)/);
      const later = await holdBack(page, /\/assets\/signer-later-[\w-]+\.js$/);
      let laterAsked = false;
      void later.held.then(() => (laterAsked = true));
      await openApp(session, sent.mailLink);

      // The first screen is there, page 1 is not: nothing else is asked for yet.
      await image.held;
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      expect(laterAsked).toBe(false);
      image.release();

      // Page 1 is shown, then the rest of the screens' code is asked for (and held here).
      await later.held;
      await expect(page.getByTestId('pdf-page-0').getAttribute('data-drawn')).resolves.toBe('true');
      await request.getByRole('button', { name: text('en', 'signer.sign'), exact: true }).click();
      await request.waitFor({ state: 'detached' });

      // Deny before its code arrived: a status where the dialog will be, over the document.
      await page.getByTestId('deny').focus();
      await page.keyboard.press('Enter');
      await expectStatus(page, 'signer-later-loading', text('en', 'shell.loading'));
      await expect(page.getByTestId('signer-review').isVisible()).resolves.toBe(true);
      later.release();

      // Then the dialog itself, the focus in its reason; closed, the focus is back on Deny.
      const deny = page.getByTestId('deny-dialog');
      await deny.waitFor({ state: 'visible', timeout: 30000 });
      await page.getByTestId('signer-later-loading').waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'deny-reason',
        undefined,
        { timeout: 20000 },
      );
      await page.keyboard.press('Escape');
      await deny.waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'deny',
        undefined,
        { timeout: 20000 },
      );
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('draws the pages with pdf.js when a document has no images (older ones), or one cannot be loaded', async () => {
    const older = await sendTwoContractorDocument({ title: 'No images', pdf: await makePdf([A4, A4]) });
    await createEntities(documentClient(), getConfig().TABLE_NAME)
      .document.patch({ docuId: older.docuId })
      .set({ pageImages: 0 })
      .go();
    const broken = await sendTwoContractorDocument({ title: 'Broken image', pdf: await makePdf([A4, A4]) });
    await session.run(async (page) => {
      for (const link of [older.mailLink, broken.mailLink]) {
        // The second document's images cannot be loaded (an expired link, say).
        if (link === broken.mailLink) await page.route(/\.page-\d+\.webp(\?|$)/, (route) => route.abort());
        await openApp(session, link);
        await page
          .locator('[data-testid="pdf-page-0"][data-drawn="true"][data-source="pdf"]')
          .waitFor({ timeout: 60000 });
        await page.getByTestId('pdf-loading').waitFor({ state: 'detached' });
        await expect(page.locator('[data-testid="pdf-page-0"] img').count()).resolves.toBe(0);
      }
    });
    // The aborted images are the test's doing.
    expect(session.unexpectedProblems([/webp|ERR_FAILED/])).toEqual([]);
  });
});
