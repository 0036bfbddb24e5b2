// Issue #29 item 2, as a person does it: a trial owner opens My Info → Brand, chooses a logo (the
// preview shows it), tries a too-light colour (the live contrast ratio refuses it), picks an AA one
// and saves; then sends a contract. The contractor opens the request on a 380 px phone: the page
// shows the owner's logo — its pixels, drawn to a canvas in the page, are the uploaded image's — with
// the name as alt text, and the accent colour on the brand rule and the primary button. axe-core finds
// no critical or serious violation on the Brand panel nor on the branded signer page.
import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { contrastWithWhite } from '../../shared/domain/brand';
import { api } from '../support/cloud-client';
import { createDocument, newOwner, signerLinkTo, uploadPdf, type Owner } from '../support/documents';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText, signInAt } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const ACCENT = '#8a1538';
const ACCENT_RGB = 'rgb(138, 21, 56)';

/** An opaque logo with coloured quadrants and a gradient: any scaling or re-colouring shows. */
function logo(width = 160, height = 64): { png: Buffer; rgba: number[] } {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      png.data[p] = x < width / 2 ? 190 : 20;
      png.data[p + 1] = y < height / 2 ? 30 : 160;
      png.data[p + 2] = Math.round((x * 255) / width);
      png.data[p + 3] = 255;
    }
  }
  return { png: PNG.sync.write(png), rgba: [...png.data] };
}

/** A one-contractor contract sent by the owner through the API (as the funnel would). */
async function sendContract(owner: Owner): Promise<string> {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  const contact = `brand-e2e-${randomUUID()}@example.com`;
  const recipients = { recipients: [{ name: 'Phone Reader', contact }], finalRecipients: [], lang: 'en' };
  expect((await put(`/api/documents/${docuId}/recipients`, recipients)).status).toBe(200);
  const areas = [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }];
  expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
  const patch = { title: 'Branded service agreement', privateinfoAgree: true };
  expect(
    (await api(`/api/documents/${docuId}`, { method: 'PATCH', token: owner.token, body: patch })).status,
  ).toBe(200);
  const sent = await api(`/api/documents/${docuId}/send`, {
    method: 'POST',
    token: owner.token,
    body: { lang: 'en' },
  });
  expect(sent.status).toBe(200);
  return (await signerLinkTo(contact)).path;
}

/** The pixels of an <img>, drawn at its natural size onto a canvas in the page. */
function imagePixels(page: Page, selector: string) {
  return page.evaluate(async (sel) => {
    const img = document.querySelector<HTMLImageElement>(sel)!;
    if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }));
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    return { width: canvas.width, height: canvas.height, data: Array.from(data), alt: img.alt };
  }, selector);
}

describe('branding: My Info → Brand and the branded signer page', () => {
  const { png, rgba } = logo();
  let owner: Owner;
  let ownerSession: BrowserSession;
  let phone: BrowserSession;

  beforeAll(async () => {
    owner = await newOwner('en', 'Acme Branding Ltd');
    ownerSession = await launchBrowser({ locale: 'en-US' });
    phone = await launchBrowser({ locale: 'en-US', viewport: { width: 380, height: 820 }, touch: true });
  });

  afterAll(async () => {
    await ownerSession?.close();
    await phone?.close();
  });

  test('the owner chooses a logo and an AA colour on My Info → Brand and saves', async () => {
    await ownerSession.run(async () => {
      const page = await signInAt(ownerSession, owner, '/en/home/mypage/myinfo');
      const form = page.getByTestId('brand-form');
      await form.getByRole('heading', { name: t('brand.title') }).waitFor();
      await expectVisibleText(page, t('brand.noBrand'));

      await page
        .getByTestId('brand-file')
        .setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: png });
      await page.getByTestId('brand-preview-img').waitFor();

      // A colour too light for white text: the ratio shows and Save is refused.
      const hex = page.getByLabel(t('brand.colorHex'));
      await hex.fill('#ffcc00');
      await expectVisibleText(page, t('brand.contrastLow'));
      expect(await page.getByTestId('brand-contrast').textContent()).toContain(
        t('brand.contrast', { ratio: contrastWithWhite('#ffcc00').toFixed(2) }),
      );
      expect(await page.getByTestId('brand-save').isDisabled()).toBe(true);

      await hex.fill(ACCENT);
      await expectVisibleText(page, t('brand.contrastOk'));
      expect(await page.getByTestId('brand-contrast').textContent()).toContain(
        t('brand.contrast', { ratio: contrastWithWhite(ACCENT).toFixed(2) }),
      );
      expect(await seriousAxeViolations(page, '[data-testid="brand-form"]')).toEqual([]);

      await page.getByTestId('brand-save').click();
      await page.waitForFunction(
        (saved) => document.querySelector('[data-testid="brand-status"]')?.textContent === saved,
        t('brand.saved'),
        { timeout: 30000 },
      );
      // The preview is now the stored (re-encoded, content-addressed) logo.
      await page.waitForFunction(
        () =>
          /\/api\/brand\/logos\/[0-9a-f]{64}\.png$/.test(
            document.querySelector<HTMLImageElement>('[data-testid="brand-preview-img"]')?.src ?? '',
          ),
        undefined,
        { timeout: 20000 },
      );
      expect(await seriousAxeViolations(page, '[data-testid="brand-form"]')).toEqual([]);
      expect(ownerSession.unexpectedProblems()).toEqual([]);
    });
  });

  test("the contractor's page on a 380 px phone shows the logo (same pixels) and the accent colour", async () => {
    const link = await sendContract(owner);
    await phone.run(async () => {
      const page = await openApp(phone, link);
      const logoImg = page.getByTestId('signer-brand-logo');
      await logoImg.waitFor({ timeout: 60000 });
      const shown = await imagePixels(page, '[data-testid="signer-brand-logo"]');
      expect(shown.alt).toBe('Acme Branding Ltd');
      expect([shown.width, shown.height]).toEqual([160, 64]);
      let worst = 0;
      for (let i = 0; i < rgba.length; i++) worst = Math.max(worst, Math.abs(shown.data[i]! - rgba[i]!));
      expect(worst).toBeLessThanOrEqual(2);

      const colours = await page.evaluate(() => ({
        rule: getComputedStyle(document.querySelector('[data-testid="signer-brand"]')!).borderBottomColor,
        primary: getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
      }));
      expect(colours.rule).toBe('rgb(138, 21, 56)');
      expect(colours.primary).toBe(ACCENT);
      // The 'Request to Sign' popup's Sign button is a primary button in the brand's colour.
      const sign = page.getByRole('button', { name: t('signer.sign'), exact: true });
      await sign.waitFor({ timeout: 60000 });
      expect(await sign.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(ACCENT_RGB);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(fits).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(phone.unexpectedProblems()).toEqual([]);
    });
  });
});
