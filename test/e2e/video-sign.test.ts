// Video sign, the contractor's video step (issue #15), in Chromium against the whole local cloud: the
// fake camera (--use-fake-device-for-media-stream) records a real webm through the recorder of the
// signer page — the 'Important' script with the live clock, the contract number and the session's
// code, REC while recording, Stop, Play / Pause, Retake — and 'Upload & Finish' stores it through the
// session's form and completion before the e-sign terms. A browser without the fake device is the
// desktop without a camera. The contract is switched to video sign in the table (the owner's video
// funnel comes later).
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { documentDeps } from '../../lambdas/deps';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';
import { button, FAKE_CAMERA, toVideoStep, videoContract } from './video-steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

/** The signer's way to the video step, recording the recorder chunk's requests in `chunks`: none
 *  before Next. */
function toVideoStepWatching(session: BrowserSession, link: string, chunks: string[]): Promise<Page> {
  return toVideoStep(session, link, {
    opened: (page) =>
      page.on('request', (request) => {
        if (/\/assets\/recorder-[^/]*\.js$/.test(new URL(request.url()).pathname)) chunks.push(request.url());
      }),
    beforeNext: () => expect(chunks).toEqual([]),
  });
}

describe('the video step of a video-sign contractor', () => {
  it('records a real webm with the fake camera, uploads it, then agrees to the terms', async () => {
    const sent = await videoContract('Video e2e lease');
    const session = await launchBrowser({ extraArgs: FAKE_CAMERA });
    try {
      await session.run(async () => {
        const chunks: string[] = [];
        const page = await toVideoStepWatching(session, sent.mailLink, chunks);
        // The recorder came as a chunk of its own, at this step only.
        expect(chunks.length).toBeGreaterThan(0);

        const script = page.getByTestId('video-script');
        await expectVisibleText(page, t('video.important'));
        await expectVisibleText(page, t('video.script.name', { name: 'Mia Mail' }));
        const id4 = sent.docuId.slice(0, 4).toUpperCase();
        await expectVisibleText(page, t('video.script.agreement', { contractNumber: id4 }));
        await expect(page.getByTestId('video-clock').textContent()).resolves.toMatch(
          /^Today's date is \d{4}\/\d{2}\/\d{2} and time is \d{1,2}:\d{2}$/,
        );
        await expect(page.locator('input[type=file]').count()).resolves.toBe(0);
        await expect(button(page, 'video.recorder.uploadFinish').isDisabled()).resolves.toBe(true);
        await expect(button(page, 'video.recorder.play').isDisabled()).resolves.toBe(true);

        const main = page.getByTestId('video-main');
        await expect(main.textContent()).resolves.toBe(t('video.recorder.record'));
        await page.waitForFunction(
          () => (document.querySelector('[data-testid=video-preview]') as HTMLVideoElement | null)?.srcObject,
        );
        await main.click();
        await page.getByTestId('video-rec').waitFor({ state: 'visible', timeout: 20000 });
        const code = (await script.getByTestId('video-code').textContent())!;
        expect(code).toMatch(/^My code is \d{4}$/);
        await expect(main.textContent()).resolves.toBe(t('video.recorder.stop'));
        await page.waitForTimeout(2500);
        await main.click();
        await page.getByTestId('video-playback').waitFor({ state: 'visible', timeout: 20000 });
        await expect(main.textContent()).resolves.toBe(t('video.recorder.retake'));
        await expect(page.getByTestId('video-rec').count()).resolves.toBe(0);

        await button(page, 'video.recorder.play').click();
        await expect(page.getByTestId('video-play').textContent()).resolves.toBe(t('video.recorder.pause'));
        await button(page, 'video.recorder.pause').click();

        // Retake, with the session's maximum duration cut to 2 s: the recorder stops by itself.
        await page.route('**/video-session', async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, json: { ...(await response.json()), maxSeconds: 2 } });
        });
        await main.click();
        await page.getByTestId('video-rec').waitFor({ state: 'visible', timeout: 20000 });
        const retakeCode = (await script.getByTestId('video-code').textContent())!;
        await expectVisibleText(page, t('video.recorder.maxDuration', { seconds: 2 }));
        await page.getByTestId('video-rec').waitFor({ state: 'detached', timeout: 20000 });
        await expect(main.textContent()).resolves.toBe(t('video.recorder.retake'));
        await page.unroute('**/video-session');

        // The recorder with its recording has no critical or serious accessibility violation.
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);

        await button(page, 'video.recorder.uploadFinish').click();
        const terms = page.getByTestId('terms-dialog');
        await terms.waitFor({ state: 'visible', timeout: 30000 });

        const me = (await documentDeps().docs.listRecipients(sent.docuId)).find((r) => r.index === 0)!;
        expect(me.video).toMatchObject({ contentType: 'video/webm', challenge: retakeCode.slice(-4) });
        expect(me.video!.sizeBytes).toBeGreaterThan(1000);
        expect(me.video!.key).toMatch(new RegExp(`^documents/${sent.docuId}/videos/0/[0-9a-f]{32}\\.webm$`));
        expect(me.video!.userAgent).toMatch(/Chrome/);
        // What was stored is a real webm: the EBML header.
        const stored = await documentDeps().storage.getBytes(me.video!.key);
        expect([...stored.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
        expect(stored.length).toBe(me.video!.sizeBytes);

        await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await terms.getByRole('button', { name: t('signer.confirm'), exact: true }).click();
        await expectVisibleText(page, t('signing.completed'));
        expect((await documentDeps().docs.listRecipients(sent.docuId))[0]!.agreement).toBe(1);
      });
      expect(session.unexpectedProblems()).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('tells a desktop without a camera so, and offers no recording', async () => {
    const sent = await videoContract('Video e2e lease');
    const session = await launchBrowser();
    try {
      await session.run(async () => {
        const page = await toVideoStepWatching(session, sent.mailLink, []);
        await expectVisibleText(page, t('video.noDevice'));
        await expect(page.getByTestId('video-main').isDisabled()).resolves.toBe(true);
        await expect(page.getByTestId('video-upload').isDisabled()).resolves.toBe(true);
        expect((await documentDeps().docs.listRecipients(sent.docuId))[0]!.videoSession).toBeUndefined();
      });
    } finally {
      await session.close();
    }
  });
});
