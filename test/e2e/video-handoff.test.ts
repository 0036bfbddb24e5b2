// The phone hand-off of the video step (issue #15), in Chromium against the whole local cloud: a
// desktop without a camera (no fake device) reaches the video step and gets the 'Recording Link'
// dialog with a QR code; the code is decoded from a screenshot of it (zbarimg) and opened in a
// phone-sized browser WITH the fake camera, which records a real webm and uploads it, and sees the
// spec's success text. The desktop page, polling, goes on to the e-sign terms by itself.
import { jest } from '@jest/globals';
import { documentDeps } from '../../lambdas/deps';
import { seriousAxeViolations } from '../support/axe';
import { appBaseUrl, launchBrowser } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';
import {
  button,
  decodeQr,
  FAKE_CAMERA,
  openPhoneRecorder,
  recordWithFakeCamera,
  toVideoStep,
  videoContract,
} from './video-steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

describe('the phone hand-off of the video step', () => {
  it('a desktop without a camera shows the QR code; the phone records; the desktop goes on', async () => {
    const sent = await videoContract('Video hand-off');
    const desktop = await launchBrowser();
    const phone = await launchBrowser({
      extraArgs: FAKE_CAMERA,
      viewport: { width: 380, height: 820 },
      touch: true,
    });
    try {
      let address = '';
      await desktop.run(async () => {
        const page = await toVideoStep(desktop, sent.mailLink);
        const dialog = page.getByTestId('recording-link');
        await dialog.waitFor({ state: 'visible', timeout: 30000 });
        await expect(dialog.getByRole('heading').first().textContent()).resolves.toBe(
          t('video.recordingLink.title'),
        );
        await expectVisibleText(page, t('video.recordingLink.message'));
        // The primary action has the focus.
        await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
          t('video.recordingLink.confirm'),
        );
        address = await decodeQr(page, 'recording-link-qr');
        expect(address).toMatch(
          new RegExp(`^${appBaseUrl().replace(/\/$/, '')}/en/vsign_mobile/[\\w-]{43}$`),
        );
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);
        // 'I see...' closes the dialog; the code and the waiting note stay on the page.
        await button(page, 'video.recordingLink.confirm').click();
        await dialog.waitFor({ state: 'detached', timeout: 10000 });
        await page.getByTestId('recording-link-panel').waitFor({ state: 'visible' });
        await expect(decodeQr(page, 'recording-link-qr')).resolves.toBe(address);
        await expectVisibleText(page, t('video.recordingLink.waiting'));
      });

      await phone.run(async () => {
        const page = phone.page;
        // The phone got the lean recording shell (record.html): no router, one catalogue.
        await openPhoneRecorder(page, address);
        await page.waitForFunction(
          (w) => document.title === w,
          `${t('titles.vsignMobile')} | ${t('app.name')}`,
          {
            timeout: 20000,
          },
        );
        await expectVisibleText(page, t('video.script.name', { name: 'Mia Mail' }));
        await expectVisibleText(
          page,
          t('video.script.agreement', { contractNumber: sent.docuId.slice(0, 4).toUpperCase() }),
        );
        const code = await recordWithFakeCamera(page);
        // Touch targets of at least 44 px, and no serious accessibility violation.
        for (const b of await page.getByRole('button').all()) {
          const box = await b.boundingBox();
          expect({ button: await b.textContent(), tall: (box?.height ?? 0) >= 44 }).toMatchObject({
            tall: true,
          });
        }
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);
        await button(page, 'video.recorder.uploadFinish').click();
        await page.getByTestId('mobile-video-done').waitFor({ state: 'visible', timeout: 30000 });
        await expect(page.getByTestId('mobile-video-done').textContent()).resolves.toBe(
          'Your video has been uploaded successfully. Please continue on the web site.',
        );
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);

        const me = (await documentDeps().docs.listRecipients(sent.docuId)).find((r) => r.index === 0)!;
        expect(me.video).toMatchObject({ contentType: 'video/webm', challenge: code.slice(-4) });
        const stored = await documentDeps().storage.getBytes(me.video!.key);
        expect([...stored.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);

        // The link is spent: opened again, it says so.
        await page.reload({ waitUntil: 'domcontentloaded' });
        await expectVisibleText(page, t('video.errors.mobileLinkUsed'));
      });
      expect(phone.unexpectedProblems([/status of 410/])).toEqual([]);

      await desktop.run(async () => {
        const page = desktop.page;
        // The desktop page saw the video arrive and went on to the terms by itself.
        const terms = page.getByTestId('terms-dialog');
        await terms.waitFor({ state: 'visible', timeout: 30000 });
        await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await terms.getByRole('button', { name: t('signer.confirm'), exact: true }).click();
        await expectVisibleText(page, t('signing.completed'));
        expect((await documentDeps().docs.listRecipients(sent.docuId))[0]!.agreement).toBe(1);
      });
      expect(desktop.unexpectedProblems()).toEqual([]);
    } finally {
      await desktop.close();
      await phone.close();
    }
  });
});
