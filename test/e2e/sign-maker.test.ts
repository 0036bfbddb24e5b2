// Issue #17: the sign and stamp makers and the sign manager at /home/sign, in Chromium against the
// whole local cloud. A person reaches the page from the side menu, makes an auto-generated sign, an
// uploaded sign (threshold), a round hanko and a corporate seal; each spec message shows; the saved
// PNGs are read back through the API and their pixels checked (red inside the ring, transparent
// outside; black sign ink); the manager sets the default and deletes with a confirmation, and shows
// its two error messages when the server fails. axe clean; every control at least 44 px tall.
import { jest } from '@jest/globals';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe';
import { api } from '../support/cloud-client';
import { newOwner, PASSWORD, type Owner } from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text, type Locale } from './catalogue';
import { expectPath, expectVisibleText, submitSignIn } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

interface Saved {
  signId: string;
  kind: string;
  url: string;
  isDefault: boolean;
}

const savedSigns = async (owner: Owner): Promise<Saved[]> =>
  ((await api('/api/me/signs', { token: owner.token })).body as { signs: Saved[] }).signs;

/** The RGBA pixels of a saved sign image, fetched through its presigned URL. */
async function pixelsOf(sign: Saved) {
  const response = await fetch(sign.url);
  expect(response.status).toBe(200);
  const image = await loadImage(Buffer.from(await response.arrayBuffer()));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const at = (x: number, y: number) => {
    const i = (y * image.width + x) * 4;
    return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]!, a: data[i + 3]! };
  };
  return { width: image.width, height: image.height, at };
}

type Pixels = Awaited<ReturnType<typeof pixelsOf>>;
const isRed = (p: { r: number; g: number; b: number }) => p.r > 150 && p.g < 90 && p.b < 90;
const isBlack = (p: { r: number; g: number; b: number }) => p.r < 60 && p.g < 60 && p.b < 60;

/** Counts the opaque pixels (alpha > 200) matching `where`, and those among them of another colour. */
function count(
  px: Pixels,
  where: (x: number, y: number) => boolean,
  ink: (p: ReturnType<Pixels['at']>) => boolean,
) {
  let opaque = 0;
  let other = 0;
  for (let y = 0; y < px.height; y++) {
    for (let x = 0; x < px.width; x++) {
      if (!where(x, y)) continue;
      const p = px.at(x, y);
      if (p.a <= 200) continue;
      opaque++;
      if (!ink(p)) other++;
    }
  }
  return { opaque, other };
}

/** A round hanko: nothing outside the ring, red ink on the ring and in both name columns. */
function expectHanko(hanko: Pixels): void {
  expect(Math.abs(hanko.width - hanko.height)).toBeLessThanOrEqual(2);
  const c = hanko.width / 2;
  const ring = (hanko.width - 16) / 2;
  const dist = (x: number, y: number) => Math.hypot(x + 0.5 - c, y + 0.5 - hanko.height / 2);
  const outside = count(
    hanko,
    (x, y) => dist(x, y) > ring + 2,
    () => true,
  );
  expect(outside.opaque).toBe(0);
  const inside = count(hanko, (x, y) => dist(x, y) < ring * 0.75, isRed);
  expect(inside.opaque).toBeGreaterThan(500);
  expect(inside.other).toBe(0);
  const onRing = count(hanko, (x, y) => Math.abs(dist(x, y) - ring * 0.97) < 3, isRed);
  expect(onRing.opaque).toBeGreaterThan(500);
  expect(onRing.other).toBe(0);
  // The left column (given name) and the right one (family name) both have ink.
  const left = count(hanko, (x, y) => x < c - 5 && dist(x, y) < ring * 0.75, isRed);
  const right = count(hanko, (x, y) => x > c + 5 && dist(x, y) < ring * 0.75, isRed);
  expect(left.opaque).toBeGreaterThan(200);
  expect(right.opaque).toBeGreaterThan(200);
}

async function expectTall(page: Page): Promise<void> {
  const heights = await page
    .locator('[data-testid="signs-page"] :is(button, input, select)')
    .evaluateAll((els) =>
      els
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({
          what: (el.textContent || el.getAttribute('data-testid') || el.tagName).trim().slice(0, 30),
          height: Math.round(el.getBoundingClientRect().height),
        })),
    );
  expect(heights.length).toBeGreaterThan(3);
  expect(heights.filter((h) => h.height < 44)).toEqual([]);
}

async function signInTo(session: BrowserSession, owner: Owner, locale: Locale = 'en'): Promise<Page> {
  const lang = locale === 'ja' ? 'jp' : locale;
  const page = await openApp(session, `/${lang}/login`);
  await submitSignIn(page, owner.email, PASSWORD, locale);
  await expectPath(page, [`/${lang}/home`, `/${lang}/thankyou`]);
  return page;
}

/** Draws a white image with a dark grey (90) and a light grey (200) block, as PNG bytes. */
async function greyImage(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 100;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 200, 100);
    ctx.fillStyle = 'rgb(90, 90, 90)';
    ctx.fillRect(20, 20, 60, 60);
    ctx.fillStyle = 'rgb(200, 200, 200)';
    ctx.fillRect(120, 20, 60, 60);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

/** Chooses the grey image in an upload tab and waits until its preview shows ink. */
async function uploadGrey(page: Page, testId: string): Promise<void> {
  await page.getByTestId(`${testId}-file`).setInputFiles({
    name: `${testId}.png`,
    mimeType: 'image/png',
    buffer: await greyImage(page),
  });
  await page.waitForFunction((id) => {
    const c = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}-preview"]`);
    const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
    return !!data && data.some((v, i) => i % 4 === 3 && v > 0);
  }, testId);
}

/** Opaque pixels of a preview canvas, and how many of them are `rgb`. */
const previewInk = (page: Page, testId: string, rgb: [number, number, number]) =>
  page.getByTestId(testId).evaluate((canvas, colour) => {
    const c = canvas as HTMLCanvasElement;
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    let opaque = 0;
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! === 0) continue;
      opaque++;
      if (data[i] === colour[0] && data[i + 1] === colour[1] && data[i + 2] === colour[2]) inked++;
    }
    return { opaque, inked };
  }, rgb);

describe('sign and stamp makers, sign manager', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await session.close();
  });

  it('makes an auto sign, an uploaded sign, a hanko and a corporate seal; manages them', async () => {
    const owner = await newOwner('en', 'Maker Owner');
    await session.run(async () => {
      const page = await signInTo(session, owner);
      await openApp(session, '/en/home');
      await page.getByTestId('menu-sign').click();
      await expectPath(page, '/en/home/sign');
      const manager = page.getByTestId('sign-manager');
      await manager.getByTestId('sign-manager-empty').waitFor({ state: 'visible', timeout: 30000 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await expectTall(page);

      // Create My Sign → Auto Generation: blank, too long, then six candidates.
      const sign = page.getByTestId('sign-creator');
      await sign.getByRole('tab', { name: t('signer.maker.auto'), exact: true }).click();
      await sign.getByTestId('auto-generate').click();
      await expectVisibleText(page, t('signs.errors.autoSignBlank'));
      await sign.getByTestId('auto-family').fill('Abcdefghijk');
      await sign.getByTestId('auto-given').fill('Lmnopqrstu');
      await sign.getByTestId('auto-generate').click();
      await expectVisibleText(page, t('signs.errors.autoSignTooLong'));
      await sign.getByTestId('auto-family').fill('Maker');
      await sign.getByTestId('auto-given').fill('Owner');
      await sign.getByTestId('auto-generate').click();
      await sign.getByTestId('auto-candidate-5').waitFor({ state: 'visible', timeout: 30000 });
      await expect(sign.locator('[data-testid^="auto-candidate-"]').count()).resolves.toBe(6);
      await expectTall(page);
      await sign.getByTestId('sign-creator-save').click();
      await sign.getByTestId('sign-creator-saved').waitFor({ state: 'visible', timeout: 30000 });
      await manager.getByTestId('sign-card').first().waitFor({ state: 'visible', timeout: 30000 });

      // Upload: the dark block is ink at 128, the light one only once the threshold is raised.
      await sign.getByRole('tab', { name: t('signs.tabs.upload'), exact: true }).click();
      await sign.getByTestId('sign-creator-save').click();
      await expectVisibleText(page, t('signs.upload.noImage'));
      await sign.getByTestId('sign-upload-file').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
      await expectVisibleText(page, t('signs.upload.badImage'));
      await expect(sign.getByTestId('sign-upload-threshold').inputValue()).resolves.toBe('128');
      await uploadGrey(page, 'sign-upload');
      const dark = await previewInk(page, 'sign-upload-preview', [0, 0, 0]);
      expect(dark.opaque).toBeGreaterThan(0);
      expect(dark.inked).toBe(dark.opaque);
      await sign.getByTestId('sign-upload-threshold').fill('230');
      await page.waitForFunction((before) => {
        const c = document.querySelector<HTMLCanvasElement>('[data-testid="sign-upload-preview"]')!;
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
        return n > before * 1.5;
      }, dark.opaque);
      await sign.getByTestId('sign-upload-threshold').fill('128');
      await sign.getByTestId('sign-creator-save').click();
      await manager.getByTestId('sign-card').nth(1).waitFor({ state: 'visible', timeout: 30000 });

      // Create My Stamp → General Stamp: the two messages, then a two-column hanko.
      const stamp = page.getByTestId('stamp-creator');
      await stamp.getByTestId('stamp-creator-save').click();
      await expectVisibleText(page, t('signs.errors.signMandatory'));
      await stamp.getByTestId('general-stamp-family').fill('山田太郎');
      await stamp.getByTestId('stamp-creator-save').click();
      await expectVisibleText(page, t('signs.errors.generalStampTooLong'));
      await stamp.getByTestId('general-stamp-family').fill('山田');
      await stamp.getByTestId('general-stamp-given').fill('花子');
      await page.locator('[data-testid="general-stamp-preview"][data-drawn="山田 花子"]').waitFor();
      await expectTall(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await stamp.getByTestId('stamp-creator-save').click();
      await manager.getByTestId('sign-card').nth(2).waitFor({ state: 'visible', timeout: 30000 });

      // Corporate Stamp: 12 characters refused, 10 saved.
      await stamp.getByRole('tab', { name: t('signs.tabs.corporateStamp'), exact: true }).click();
      await stamp.getByTestId('stamp-creator-save').click();
      await expectVisibleText(page, t('signs.errors.signMandatory'));
      await stamp.getByTestId('corporate-stamp-text').fill('株式会社サインシール本社');
      await stamp.getByTestId('stamp-creator-save').click();
      await expectVisibleText(page, t('signs.errors.corporateStampTooLong'));
      await stamp.getByTestId('corporate-stamp-text').fill('株式会社サインシール');
      await stamp.getByTestId('stamp-creator-save').click();
      await manager.getByTestId('sign-card').nth(3).waitFor({ state: 'visible', timeout: 30000 });

      // Stamp upload: the ink is red.
      await stamp.getByRole('tab', { name: t('signs.tabs.upload'), exact: true }).click();
      await uploadGrey(page, 'stamp-upload');
      const red = await previewInk(page, 'stamp-upload-preview', [206, 32, 41]);
      expect(red.opaque).toBeGreaterThan(0);
      expect(red.inked).toBe(red.opaque);

      // The saved images, read back through the API.
      const saved = await savedSigns(owner);
      expect(saved.map((s) => s.kind)).toEqual([
        'autoGeneration',
        'upload',
        'generalStamp',
        'corporateStamp',
      ]);
      expect(saved.map((s) => s.isDefault)).toEqual([true, false, false, false]);
      const auto = await pixelsOf(saved[0]!);
      const autoInk = count(auto, () => true, isBlack);
      expect(autoInk.opaque).toBeGreaterThan(200);
      expect(autoInk.other).toBe(0);
      const uploaded = await pixelsOf(saved[1]!);
      const uploadedInk = count(uploaded, () => true, isBlack);
      expect(uploadedInk.opaque).toBeGreaterThan(1000);
      expect(uploadedInk.other).toBe(0);

      expectHanko(await pixelsOf(saved[2]!));

      const seal = await pixelsOf(saved[3]!);
      expect(Math.abs(seal.width - seal.height)).toBeLessThanOrEqual(2);
      const margin = 8;
      const frame = count(
        seal,
        (x, y) => (x >= margin && x < margin + 6) || (y >= margin && y < margin + 6),
        isRed,
      );
      expect(frame.opaque).toBeGreaterThan(2 * (seal.width - 2 * margin) * 4);
      const core = count(
        seal,
        (x, y) =>
          x > seal.width * 0.2 && x < seal.width * 0.8 && y > seal.height * 0.2 && y < seal.height * 0.8,
        isRed,
      );
      expect(core.opaque).toBeGreaterThan(1000);
      expect(core.other).toBe(0);

      // The manager: the default is marked; the hanko becomes the default.
      const cards = manager.getByTestId('sign-card');
      await expect(cards.nth(0).getAttribute('data-default')).resolves.toBe('true');
      await expect(cards.nth(0).getByText(t('signs.manager.default'), { exact: true }).count()).resolves.toBe(
        1,
      );
      const hankoCard = manager.locator(`[data-sign-id="${saved[2]!.signId}"]`);
      await hankoCard.getByRole('button', { name: t('signs.manager.setDefault'), exact: true }).click();
      await page.locator(`[data-sign-id="${saved[2]!.signId}"][data-default="true"]`).waitFor();
      expect((await savedSigns(owner)).find((s) => s.isDefault)?.signId).toBe(saved[2]!.signId);

      // Download: a PNG file.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 90_000 }),
        hankoCard.getByRole('button', { name: t('signs.manager.download'), exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.png$/);

      // Delete: cancel keeps it; confirm removes it.
      const sealCard = manager.locator(`[data-sign-id="${saved[3]!.signId}"]`);
      await sealCard.getByRole('button', { name: t('signs.manager.delete'), exact: true }).click();
      const dialog = page.getByTestId('sign-delete-dialog');
      await dialog.waitFor({ state: 'visible' });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: t('common.cancel'), exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect(cards.count()).resolves.toBe(4);

      // A failed deletion says so and keeps the card.
      await page.route('**/api/me/signs/*', (route) =>
        route.request().method() === 'DELETE'
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
          : route.continue(),
      );
      await sealCard.getByRole('button', { name: t('signs.manager.delete'), exact: true }).click();
      await dialog.getByRole('button', { name: t('signs.manager.delete'), exact: true }).click();
      const failure = page.getByTestId('sign-manager-error');
      await failure.waitFor({ state: 'visible' });
      expect(await failure.textContent()).toMatch(/^Error: delete_sign_stamp: \S/);
      await expect(cards.count()).resolves.toBe(4);
      await page.unroute('**/api/me/signs/*');

      await sealCard.getByRole('button', { name: t('signs.manager.delete'), exact: true }).click();
      await dialog.getByRole('button', { name: t('signs.manager.delete'), exact: true }).click();
      await sealCard.waitFor({ state: 'detached' });
      await expect(cards.count()).resolves.toBe(3);
      expect((await savedSigns(owner)).map((s) => s.signId)).not.toContain(saved[3]!.signId);

      // The list fails to load: 'error'.
      await page.route('**/api/me/signs', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      );
      await page.reload();
      const loadError = page.getByTestId('sign-manager-load-error');
      await loadError.waitFor({ state: 'visible', timeout: 30000 });
      expect(await loadError.textContent()).toBe(t('signs.errors.loadFailed'));
    });
    expect(session.unexpectedProblems([/status of 50[03]/, /Failed to load resource/])).toEqual([]);
  });

  it("shows 'Error:cannot make canvas' when the browser cannot draw", async () => {
    const owner = await newOwner('en', 'No Canvas');
    await session.context.addInitScript(() => {
      HTMLCanvasElement.prototype.getContext = () => null;
    });
    await session.run(async () => {
      const page = await signInTo(session, owner);
      await openApp(session, '/en/home/sign');
      await expectVisibleText(page, t('signs.errors.canvasMissing'));
      const stamp = page.getByTestId('stamp-creator');
      await stamp.getByTestId('general-stamp-family').fill('山田');
      await stamp.getByTestId('stamp-creator-save').click();
      await stamp.getByTestId('stamp-creator-error').waitFor({ state: 'visible' });
      expect(await stamp.getByTestId('stamp-creator-error').textContent()).toBe(
        t('signs.errors.canvasMissing'),
      );
      expect(await savedSigns(owner)).toEqual([]);
    });
  });

  it('makes a Korean hanko on the Korean page: Hangul in both columns, red, nothing outside the ring', async () => {
    const owner = await newOwner('ko', '김민준');
    await session.run(async () => {
      const page = await signInTo(session, owner, 'ko');
      await openApp(session, '/ko/home/sign');
      const stamp = page.getByTestId('stamp-creator');
      await stamp.getByRole('heading', { name: text('ko', 'signs.createStamp') }).waitFor();
      await stamp.getByLabel(text('ko', 'signs.stamp.familyName'), { exact: true }).fill('김');
      await stamp.getByLabel(text('ko', 'signs.stamp.givenName'), { exact: true }).fill('민준');
      await page.locator('[data-testid="general-stamp-preview"][data-drawn="김 민준"]').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await stamp.getByRole('button', { name: text('ko', 'signs.stamp.save'), exact: true }).click();
      await page.getByTestId('sign-card').first().waitFor({ state: 'visible', timeout: 30000 });
      const saved = await savedSigns(owner);
      expect(saved.map((s) => s.kind)).toEqual(['generalStamp']);
      expectHanko(await pixelsOf(saved[0]!));
    });
  });
});
