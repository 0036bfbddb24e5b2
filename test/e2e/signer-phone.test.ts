// The signer on a phone (issue #14, items 6, 7 and 9), at 380×820 with touch, and the keyboard at a
// desktop: the 'Request to Sign' popup opens on Sign (Enter signs, Escape does not leave the page);
// the signer is taken to their first unsigned area — here on page 3 of a 4-page contract — and a
// "Next area" control with 'Area n of 3' walks through the others; a sign fits its area with its
// aspect ratio; the terms text is a keyboard-scrollable region and Confirm waits until its end was
// shown; touch targets (header, footer, sign maker) are at least 44 px tall; focus goes back to the
// control that opened a dialog; axe-core finds no critical or serious violation on these screens.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { api } from '../support/cloud-client';
import { A4, makePdf, sendTwoContractorDocument, type SentDocument } from '../support/documents';
import { makePng } from '../support/png';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const PHONE = { width: 380, height: 820 };
const MIN_TARGET = 44;

const area = { width: 150, height: 50 };
/**
 * Four pages; the e-mail contractor's areas (indexed per contractor: my-area-0…2): one on page 3,
 * two on page 4 (none before).
 */
async function sendLongDocument(title: string): Promise<SentDocument> {
  return sendTwoContractorDocument({
    title,
    pdf: await makePdf([A4, A4, A4, A4]),
    areas: [
      { recipientIndex: 1, pageIndex: 0, x: 60, y: 600, ...area },
      { recipientIndex: 0, pageIndex: 2, x: 60, y: 300, ...area },
      { recipientIndex: 0, pageIndex: 3, x: 300, y: 600, ...area },
      { recipientIndex: 0, pageIndex: 3, x: 60, y: 100, ...area },
    ],
  });
}

/** A square sign (wider areas used to clip it), uploaded through the signer API. */
async function uploadSquareSign(sent: SentDocument): Promise<void> {
  const res = await api(`/api/sign/${sent.docuId}/${sent.mailToken}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 120)).toString('base64') },
  });
  expect(res.status).toBe(201);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.testid ?? el?.textContent?.trim() ?? '';
  });

async function expectFocus(page: Page, wanted: string): Promise<void> {
  await page.waitForFunction(
    (w) => {
      const el = document.activeElement as HTMLElement | null;
      return (el?.dataset.testid ?? el?.textContent?.trim()) === w;
    },
    wanted,
    { timeout: 20000 },
  );
}

/** Whether the element is (at least half) inside the viewport. */
/** Waits until the area is scrolled into view (the walk scrolls smoothly, so not at once). */
async function waitInViewport(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const middle = r.top + r.height / 2;
    return middle > 0 && middle < window.innerHeight;
  }, testId);
}

async function expectTall(page: Page, selector: string, what: string): Promise<void> {
  const heights = await page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({
        text: (el.textContent ?? el.getAttribute('aria-label') ?? el.tagName).trim().slice(0, 30),
        height: Math.round(el.getBoundingClientRect().height),
      })),
  );
  expect(heights.length).toBeGreaterThan(0);
  expect({ what, short: heights.filter((h) => h.height < MIN_TARGET) }).toEqual({ what, short: [] });
}

/** How many red (hanko ink) pixels a canvas shows. */
async function redPixels(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let red = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 128 && data[i]! > 150 && data[i + 1]! < 100 && data[i + 2]! < 100) red++;
    }
    return red;
  });
}

async function expectNoSeriousAxe(page: Page, include?: string): Promise<void> {
  expect(await seriousAxeViolations(page, include)).toEqual([]);
}

describe('the signer on a phone (380×820, touch)', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser({ viewport: PHONE, touch: true });
  });
  afterEach(async () => {
    await session.close();
  });

  it('is taken to the first area (page 3 of 4), walks the areas, signs with a fitted sign and reads the terms', async () => {
    const sent = await sendLongDocument('Three page lease');
    await uploadSquareSign(sent);
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink);
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      // The primary action has the focus: Enter signs (it used to cancel and leave the page).
      await expectFocus(page, t('signer.sign'));
      await expectNoSeriousAxe(page);
      await page.keyboard.press('Enter');
      await request.waitFor({ state: 'detached' });
      expect(page.url()).toContain('/outsign/');
      await expectVisibleText(page, t('signing.reviewPrompt', { nth: '1st' }));

      // Taken to the first unsigned area (page 3), with the progress and Sign All at hand.
      await expectVisibleText(page, t('signer.areaProgress', { n: 1, total: 3 }));
      await waitInViewport(page, 'my-area-0');
      await expectFocus(page, 'sign-all');
      const next = page.getByRole('button', { name: t('signer.nextArea'), exact: true });
      await next.tap();
      await expectVisibleText(page, t('signer.areaProgress', { n: 2, total: 3 }));
      await waitInViewport(page, 'my-area-1');
      await next.tap();
      await expectVisibleText(page, t('signer.areaProgress', { n: 3, total: 3 }));
      await waitInViewport(page, 'my-area-2');
      await expectNoSeriousAxe(page);

      // Touch targets of the page around the signer: header and footer links.
      await expectTall(page, '.public-header a, .public-header button', 'header');
      await expectTall(page, '.public-footer a', 'footer');

      // Sign All with the square sign: it fits its area, aspect ratio kept.
      await page.getByTestId('sign-all').tap();
      await expectVisibleText(page, t('signer.allSigned'));
      // The sign image may still be loading on a busy machine: measure it once it has decoded.
      await page
        .getByTestId('my-area-2')
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.decode());
      const fit = await page.getByTestId('my-area-2').evaluate((el) => {
        const img = el.querySelector('img')!;
        const a = el.getBoundingClientRect();
        const i = img.getBoundingClientRect();
        return {
          inside:
            i.left >= a.left - 1 && i.right <= a.right + 1 && i.top >= a.top - 1 && i.bottom <= a.bottom + 1,
          ratio: i.width / i.height,
          natural: img.naturalWidth / img.naturalHeight,
        };
      });
      expect(fit.inside).toBe(true);
      expect(Math.abs(fit.ratio - fit.natural)).toBeLessThan(0.05);

      // The terms: a keyboard-scrollable region; Confirm only once its end was shown.
      await page.getByTestId('signer-next').tap();
      const terms = page.getByTestId('terms-dialog');
      await terms.waitFor({ state: 'visible', timeout: 20000 });
      await expectNoSeriousAxe(page);
      const region = terms.getByRole('region', { name: t('signer.terms.title') });
      const overflows = await region.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      const confirm = terms.getByRole('button', { name: t('signer.confirm'), exact: true });
      if (overflows) {
        await expect(confirm.isDisabled()).resolves.toBe(true);
        await expectVisibleText(page, t('signer.terms.readToEnd'));
        await region.focus();
        await page.keyboard.press('End');
      }
      await page.waitForFunction(
        () => !(document.querySelector('[data-testid="terms-confirm"]') as HTMLButtonElement).disabled,
      );
      await expectFocus(page, 'terms-confirm');
      await confirm.tap();
      await expectVisibleText(page, t('signing.completed'));
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('the sign maker has 44 px targets and no serious axe violation; closing it returns the focus', async () => {
    const sent = await sendLongDocument('Maker targets');
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink);
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      await request.getByRole('button', { name: t('signer.sign'), exact: true }).tap();
      await page.getByTestId('edit-sign').tap();
      await page.getByTestId('make-new-sign').tap();
      const maker = page.getByTestId('sign-maker');
      await maker.waitFor({ state: 'visible' });
      await expectTall(page, '[data-testid="sign-maker"] button', 'draw tab buttons');
      await maker.getByRole('tab', { name: t('signer.maker.auto') }).tap();
      await expectTall(
        page,
        '[data-testid="sign-maker"] button, [data-testid="sign-maker"] input, [data-testid="sign-maker"] select',
        'auto tab controls',
      );
      await expectNoSeriousAxe(page);
      // Issue #17: the stamp maker of /home/sign is a tab here too; a General Stamp previews in red.
      await maker.getByRole('tab', { name: t('signs.tabs.generalStamp') }).tap();
      await maker.getByTestId('general-stamp-family').fill('山田');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="general-stamp-preview"]')?.getAttribute('data-drawn') ===
          '山田 ',
      );
      expect(await redPixels(page, 'general-stamp-preview')).toBeGreaterThan(500);
      await expectTall(
        page,
        '[data-testid="sign-maker"] button, [data-testid="sign-maker"] input',
        'stamp tab controls',
      );
      await expectNoSeriousAxe(page);
      // The stamp maker's Upload tab too: any image, its dark pixels turned into red ink.
      await maker.getByRole('tab', { name: t('signs.tabs.upload') }).tap();
      await maker.getByTestId('stamp-upload-file').setInputFiles({
        name: 'stamp.png',
        mimeType: 'image/png',
        buffer: Buffer.from(makePng(200, 200)),
      });
      await page.waitForFunction(() => {
        const c = document.querySelector<HTMLCanvasElement>('[data-testid="stamp-upload-preview"]');
        const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
        return !!data && data.some((v, i) => i % 4 === 3 && v > 0);
      });
      expect(await redPixels(page, 'stamp-upload-preview')).toBeGreaterThan(20);
      await expectTall(page, '[data-testid="sign-maker"] button', 'upload tab buttons');
      await expectNoSeriousAxe(page);
      await maker.getByRole('button', { name: t('common.cancel'), exact: true }).tap();
      await maker.waitFor({ state: 'detached' });
      // The maker was opened from the change-sign popup, itself opened by Edit Sign.
      await expectFocus(page, 'edit-sign');

      // Edit Sign makes a Corporate Stamp and saves it: it is the signer's sign now, and Edit Sign then
      // offers it among their saved signs (square, as the stamp is).
      await page.getByTestId('edit-sign').tap();
      await page.getByTestId('make-new-sign').tap();
      await maker.waitFor({ state: 'visible' });
      await maker.getByRole('tab', { name: t('signs.tabs.corporateStamp') }).tap();
      await maker.getByTestId('corporate-stamp-text').fill('山田商事株式会社');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="corporate-stamp-preview"]')?.getAttribute('data-drawn') ===
          '山田商事株式会社',
      );
      expect(await redPixels(page, 'corporate-stamp-preview')).toBeGreaterThan(500);
      await maker.getByTestId('sign-maker-save').tap();
      await maker.waitFor({ state: 'detached', timeout: 20000 });
      await page.getByTestId('edit-sign').tap();
      const saved = page.locator('[data-testid="change-sign"] .signer-sign-list img');
      await saved.first().waitFor();
      expect(await saved.count()).toBe(1);
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(
          '[data-testid="change-sign"] .signer-sign-list img',
        );
        return !!img && img.complete && img.naturalWidth > 0;
      });
      const size = await saved
        .first()
        .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
      expect(Math.abs(size[0]! - size[1]!)).toBeLessThanOrEqual(2);
    });
  });
});

describe('the signer with a keyboard (desktop)', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser();
  });
  afterEach(async () => {
    await session.close();
  });

  it('Escape on the request popup stays on the page; dialogs give the focus back to their opener', async () => {
    const sent = await sendLongDocument('Keyboard contract');
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink);
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      await expectFocus(page, t('signer.sign'));
      await page.keyboard.press('Escape');
      await request.waitFor({ state: 'detached' });
      expect(page.url()).toContain('/outsign/');
      await expectVisibleText(page, t('signing.reviewPrompt', { nth: '1st' }));
      await expectFocus(page, 'sign-all');
      // Deny → Cancel: back on Deny.
      await page.getByTestId('deny').focus();
      await page.keyboard.press('Enter');
      const deny = page.getByTestId('deny-dialog');
      await deny.waitFor({ state: 'visible' });
      expect(await focused(page)).toBe('deny-reason');
      await page.keyboard.press('Escape');
      await deny.waitFor({ state: 'detached' });
      await expectFocus(page, 'deny');
      await expectNoSeriousAxe(page);
    });
  });
});
