// Issue #29 item 5 in Chromium against the whole local cloud:
// - on a phone (380×820), the link of a declined contract says who declined it, when and why, and the
//   link of a completed one says when and leads to its verification page — each titled, its targets
//   44 px tall, with 0 critical or serious axe violations;
// - a contractor whose video already exists finds the recorder's main button reading Retake and Play
//   enabled (and playing), on the signing page and on the phone's recording page;
// - while the videos await confirmation, the contract list labels a contractor 'Video Confirm
//   Required', then 'Waiting Video Confirm' once they confirmed — never 'Signed' — and their signer
//   link says the contract waits for the videos to be confirmed.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { verifiedUser } from '../support/accounts';
import { api, eventually } from '../support/cloud-client';
import { documentDeps } from '../../lambdas/deps';
import { sendTwoContractorDocument } from '../support/documents';
import { makePng } from '../support/png';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { confirmTokenTo, recordVideo, signAreas, signRecordAgree, switchToVideoSign } from '../support/video';
import { text } from './catalogue';
import { expectVisibleText, signInAt } from './steps';
import { FAKE_CAMERA } from './video-steps';

jest.setTimeout(480000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const PHONE = { width: 380, height: 820 };
const MIN_TARGET = 44;
const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

async function expectHeading(page: Page, wanted: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: wanted, exact: true }).waitFor({ timeout: 30000 });
}

async function expectTitle(page: Page, key: string): Promise<void> {
  const wanted = `${t(key)} | ${t('app.name')}`;
  await page.waitForFunction((w) => document.title === w, wanted, { timeout: 20000 });
}

/** Every visible link and button of the page is at least 44 px tall, and nothing scrolls sideways. */
async function expectPhoneReady(page: Page): Promise<void> {
  const small = await page.locator('main a, main button').evaluateAll(
    (els, min) =>
      els
        .filter((el) => (el as HTMLElement).offsetParent !== null)
        .map((el) => ({ what: (el.textContent ?? '').trim(), height: el.getBoundingClientRect().height }))
        .filter((x) => x.height < (min as number)),
    MIN_TARGET,
  );
  expect(small).toEqual([]);
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width!);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

function pageDateTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at)),
    iso,
  );
}

async function saveSign(docuId: string, token: string): Promise<void> {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 50)).toString('base64') },
  });
  expect(sign.status).toBe(201);
}

describe('signer links of a contract that is over, and videos awaiting confirmation (issue #29)', () => {
  let session: BrowserSession;
  afterEach(async () => {
    await session?.close();
  });

  it('a declined contract, on a phone: who declined it, when and why', async () => {
    const sent = await sendTwoContractorDocument({
      title: 'Declined flat',
      names: ['Dana Denier', 'Pat Phone'],
    });
    const reason = 'The deposit in clause 3 is wrong.';
    const denied = await api(signPath(sent.docuId, sent.mailToken, '/deny'), {
      method: 'POST',
      body: { reason, lang: 'en' },
    });
    expect(denied.status).toBe(200);
    const decidedAt = (await documentDeps().docs.listRecipients(sent.docuId))[0]!.decidedAt!;
    session = await launchBrowser({ viewport: PHONE, touch: true });
    await session.run(async () => {
      const page = await openApp(session, sent.smsLink);
      await expectHeading(page, t('signerStates.errors.declined'));
      await expectTitle(page, 'signerStates.titles.declined');
      const date = await pageDateTime(page, decidedAt);
      await expectVisibleText(page, t('signerStates.declined.deny', { name: 'Dana Denier', date }));
      await expectVisibleText(page, t('signerStates.declined.reason', { reason }));
      // Not the generic status error of before.
      await expect(page.getByText(t('errors.invalidTransition')).count()).resolves.toBe(0);
      await expect(page.getByText(sent.email).count()).resolves.toBe(0);
      await expectPhoneReady(page);
      await page.getByRole('link', { name: t('signing.goHome'), exact: true }).waitFor();
    });
    expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
  });

  it('a completed contract, on a phone: when, and its verification page', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Completed flat' });
    await signAreas(sent.docuId, sent.mailToken, [0, 1]);
    expect(
      (await api(signPath(sent.docuId, sent.mailToken, '/agree'), { method: 'POST', body: { lang: 'en' } }))
        .status,
    ).toBe(200);
    await signAreas(sent.docuId, sent.smsToken, [2]);
    expect(
      (await api(signPath(sent.docuId, sent.smsToken, '/agree'), { method: 'POST', body: { lang: 'en' } }))
        .status,
    ).toBe(200);
    const doc = await eventually(
      async () => {
        const d = await documentDeps().docs.getDocument(sent.docuId);
        return d?.status === 'Completed' ? d : null;
      },
      120000,
      'the contract to be sealed',
    );
    session = await launchBrowser({ viewport: PHONE, touch: true });
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink);
      await expectHeading(page, t('signerStates.completed.title'));
      await expectTitle(page, 'signerStates.titles.completed');
      const date = await pageDateTime(page, doc.completedAt!);
      await expectVisibleText(page, t('signerStates.completed.on', { date }));
      await expectVisibleText(page, t('signerStates.completed.copy'));
      await expectPhoneReady(page);
      await page.getByRole('link', { name: t('signerStates.completed.verify'), exact: true }).click();
      await page.waitForURL(
        (url) => url.pathname === '/en/verify' && url.searchParams.get('document') === sent.docuId,
        {
          timeout: 30000,
        },
      );
    });
    expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
  });

  it('an existing video: Retake and Play on the signing page and on the phone’s recording page', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Video lease' });
    await switchToVideoSign(sent.docuId);
    await saveSign(sent.docuId, sent.mailToken);
    await recordVideo(sent.docuId, sent.mailToken);
    session = await launchBrowser({ extraArgs: FAKE_CAMERA });
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink);
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      await request.getByRole('button', { name: t('signer.sign'), exact: true }).click();
      await page.getByTestId('sign-all').click();
      await expectVisibleText(page, t('signer.allSigned'));
      await page.getByTestId('signer-next').click();
      await expectRetakeAndPlay(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The phone's page of the same contractor (a hand-off link) says the same.
      const link = await api(signPath(sent.docuId, sent.mailToken, '/video-mobile-link'), { method: 'POST' });
      expect(link.status).toBe(201);
      await page.setViewportSize(PHONE);
      await openApp(session, `/en/vsign_mobile/${link.body.token}`);
      await page.getByTestId('mobile-video-page').waitFor({ timeout: 30000 });
      await expectRetakeAndPlay(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('while the videos await confirmation: the right label in the list, and on the signer’s own link', async () => {
    const sent = await sendTwoContractorDocument({
      title: 'Awaiting videos',
      names: ['Mia Mail', 'Pat Phone'],
    });
    await switchToVideoSign(sent.docuId);
    expect((await signRecordAgree(sent.docuId, sent.mailToken, [0, 1])).status).toBe(200);
    expect((await signRecordAgree(sent.docuId, sent.smsToken, [2])).body.status).toBe('NeedVConfirm');
    const mia = await verifiedUser(sent.email, 'Mia Mail');
    session = await launchBrowser({ viewport: PHONE, touch: true });
    await session.run(async () => {
      const page = await signInAt(session, mia, '/en/home/doc/pending');
      const label = page.getByTestId(`contract-${sent.docuId}`).getByTestId('list-label');
      await label.waitFor({ timeout: 30000 });
      await expect(label.textContent()).resolves.toBe(t('recipients.labels.videoConfirmRequired'));
      expect(await seriousAxeViolations(page)).toEqual([]);

      const confirmed = await api(
        `/api/video-confirm/${sent.docuId}/${await confirmTokenTo(sent.email)}/confirm`,
        {
          method: 'POST',
          body: { allChecked: true, lang: 'en' },
        },
      );
      expect(confirmed.status).toBe(200);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await label.waitFor({ timeout: 30000 });
      await expect(label.textContent()).resolves.toBe(t('documents.status.waitingVideoConfirm'));
      await expect(label.textContent()).resolves.not.toBe(t('documents.listLabels.signed'));

      await openApp(session, sent.mailLink);
      await page.getByTestId('signer-already-agreed').waitFor({ timeout: 30000 });
      await expectVisibleText(page, t('signerStates.awaitingVideos'));
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });
});

/** The recorder of an existing video: the main button reads Retake, Play is enabled and plays it. */
async function expectRetakeAndPlay(page: Page): Promise<void> {
  const recorder = page.getByTestId('video-recorder');
  await recorder.waitFor({ timeout: 60000 });
  const main = page.getByTestId('video-main');
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="video-main"]')?.textContent === wanted,
    t('video.recorder.retake'),
    { timeout: 30000 },
  );
  await expect(main.textContent()).resolves.toBe(t('video.recorder.retake'));
  const play = page.getByTestId('video-play');
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="video-play"]') as HTMLButtonElement | null)?.disabled,
    undefined,
    { timeout: 30000 },
  );
  await expect(play.textContent()).resolves.toBe(t('video.recorder.play'));
  const src = await page.getByTestId('video-playback').getAttribute('src');
  expect(src).toMatch(/^https?:\/\//);
  await play.click();
  await expect(play.textContent()).resolves.toBe(t('video.recorder.pause'));
}
