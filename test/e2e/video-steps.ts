// The steps of the Video Sign journeys (issue #15), shared by the video e2e tests: Chromium's fake
// camera, a sent contract switched to video sign with saved signs, the signer's way to the video step,
// a real recording with the fake camera, and the terms after it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { api } from '../support/cloud-client';
import { sendTwoContractorDocument, type SentDocument } from '../support/documents';
import { openApp, type BrowserSession } from '../support/browser';
import { makePng } from '../support/png';
import { switchToVideoSign } from '../support/video';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

/** Chromium records from a fake camera and microphone, with no permission prompt. */
export const FAKE_CAMERA = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] as const;

export const button = (page: Page, key: string) => page.getByRole('button', { name: t(key), exact: true });

/** The funnel's progress bar: its labels, in order, and the current one, in order, and the current one. */
export async function progress(page: Page): Promise<{ labels: string[]; current: string | null }> {
  return page.getByTestId('funnel-progress').evaluate((ol) => {
    const items = [...ol.querySelectorAll('li')];
    const label = (li: Element) => li.lastElementChild?.textContent ?? '';
    const current = items.find((li) => li.getAttribute('aria-current') === 'step');
    return { labels: items.map(label), current: current ? label(current) : null };
  });
}

/** The text of the QR code on screen, decoded from a screenshot of it by zbarimg. */
export async function decodeQr(page: Page, testId: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'signseal-qr-'));
  try {
    const file = path.join(dir, 'qr.png');
    const qr = page.getByTestId(testId);
    await qr.waitFor({ state: 'visible', timeout: 30000 });
    await qr.screenshot({ path: file });
    const { stdout } = await promisify(execFile)('zbarimg', ['--raw', '-q', file]);
    return stdout.trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Opens a phone's recording link and checks it got the lean recording shell (record.html: no router,
 *  one catalogue) rather than the app's. */
export async function openPhoneRecorder(page: Page, address: string): Promise<void> {
  await page.goto(address, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
  );
  expect(scripts.some((p) => /^\/assets\/record-[\w-]+\.js$/.test(p))).toBe(true);
  // Its part of one catalogue (shared/i18n/parts.ts), never a whole one, nor the router.
  expect(scripts.filter((p) => /^\/assets\/record-(en|ja|ko)-[\w-]+\.js$/.test(p))).toHaveLength(1);
  expect(scripts.filter((p) => /\/assets\/(vendor-router|en|ja|ko)-[\w-]+\.js$/.test(p))).toEqual([]);
}

/**
 * A contract sent to 'Mia Mail' (e-mail) and 'Pat Phone' (SMS), switched to video sign; the contractors
 * named in `withSigns` have a saved sign, so that Sign All applies it at once.
 */
export async function videoContract(
  title: string,
  withSigns: readonly ('mail' | 'sms')[] = ['mail'],
): Promise<SentDocument> {
  const sent = await sendTwoContractorDocument({ title, names: ['Mia Mail', 'Pat Phone'] });
  await switchToVideoSign(sent.docuId);
  for (const who of withSigns) {
    const token = who === 'mail' ? sent.mailToken : sent.smsToken;
    const sign = await api(`/api/sign/${sent.docuId}/${token}/signs`, {
      method: 'POST',
      body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
    });
    expect(sign.status).toBe(201);
  }
  return sent;
}

/** Opens the link, accepts the request, signs all areas and goes Next to the video step (`watch`
 *  sees the page as soon as it is opened, and once more just before Next). */
export async function toVideoStep(
  session: BrowserSession,
  link: string,
  watch: { opened?: (page: Page) => void; beforeNext?: () => void } = {},
): Promise<Page> {
  const page = await openApp(session, link);
  watch.opened?.(page);
  const request = page.getByTestId('sign-request');
  await request.waitFor({ state: 'visible', timeout: 30000 });
  await request.getByRole('button', { name: t('signer.sign'), exact: true }).click();
  await button(page, 'signer.signAll').click();
  await expectVisibleText(page, t('signer.allSigned'));
  watch.beforeNext?.();
  await button(page, 'signer.next').click();
  await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
  return page;
}

/** Records about 2.5 s with the fake camera (Record, Stop); answers the challenge code line. */
export async function recordWithFakeCamera(page: Page): Promise<string> {
  await page.waitForFunction(
    () => (document.querySelector('[data-testid=video-preview]') as HTMLVideoElement | null)?.srcObject,
  );
  const main = page.getByTestId('video-main');
  await main.click();
  await page.getByTestId('video-rec').waitFor({ state: 'visible', timeout: 20000 });
  const code = (await page.getByTestId('video-code').textContent())!;
  await page.waitForTimeout(2500);
  await main.click();
  await page.getByTestId('video-playback').waitFor({ state: 'visible', timeout: 20000 });
  return code;
}

/** Scrolls the e-sign terms to their end and confirms them: 'Your sign is completed.' */
export async function acceptTerms(page: Page): Promise<void> {
  const terms = page.getByTestId('terms-dialog');
  await terms.waitFor({ state: 'visible', timeout: 30000 });
  await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await terms.getByRole('button', { name: t('signer.confirm'), exact: true }).click();
  await expectVisibleText(page, t('signing.completed'));
}

/** A contractor signs, records with the fake camera, uploads and agrees. */
export async function signWithVideo(session: BrowserSession, link: string): Promise<void> {
  const page = await toVideoStep(session, link);
  await recordWithFakeCamera(page);
  await button(page, 'video.recorder.uploadFinish').click();
  await acceptTerms(page);
}

/**
 * The phone layout (issue #34): the page at 380 px has no horizontal scroll and still shows `texts`;
 * `check` runs at that width too. The viewport is put back afterwards.
 */
export async function atPhoneWidth(
  page: Page,
  texts: readonly string[],
  check?: () => Promise<void>,
): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 380, height: 820 });
  try {
    for (const content of texts) await expectVisibleText(page, content);
    await check?.();
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 380, undefined, {
      timeout: 5000,
    });
  } finally {
    if (before) await page.setViewportSize(before);
  }
}
