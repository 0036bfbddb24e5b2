// Cross video confirmation (issue #15 item 4) in Chromium against the whole local cloud: both
// contractors of a video-sign contract record their video with the fake camera and agree; each party
// (both contractors and the owner) then opens the `/video_confirm/…` link mailed (or texted) to them,
// watches the cards, ticks 'all videos checked' and confirms. The last confirmation moves the document
// to Generating (the seal worker may already have completed it). A second contract is denied from the
// page: the reason dialog, the result, the document rejected. The contract is switched to video sign
// in the table, as in video-sign.test.ts (the owner's video funnel is another step).
// Video evidence (issue #15 item 5): after the last confirmation the sealed PDF passes pdfsig, shows
// each signer's caption and the Videos audit section, the QR code under a sign (rendered by pdftoppm,
// decoded by zbarimg) opens the verify page on that video, and the verify page, given the recorded
// webm file itself, names its signer.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { documentDeps } from '../../lambdas/deps';
import { api, eventually } from '../support/cloud-client';
import type { SentDocument } from '../support/documents';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';
import { atPhoneWidth, FAKE_CAMERA, signWithVideo, videoContract } from './video-steps';
import { CONFIRM_LINK, confirmLinkTo } from '../support/video';
import { timeZoneLabel } from '../../web/src/lib/format';

jest.setTimeout(600000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

async function openConfirmPage(session: BrowserSession, link: string): Promise<Page> {
  const page = await openApp(session, link);
  await page.getByTestId('vconfirm-checked').waitFor({ state: 'visible', timeout: 30000 });
  return page;
}

async function bothSigned(session: BrowserSession): Promise<SentDocument> {
  const sent = await videoContract('Video confirm lease', ['mail', 'sms']);
  await signWithVideo(session, sent.mailLink);
  await signWithVideo(session, sent.smsLink);
  await eventually(
    async () => (await documentDeps().docs.getDocument(sent.docuId))?.status === 'NeedVConfirm',
    30000,
    'NeedVConfirm',
  );
  return sent;
}

describe('cross video confirmation', () => {
  it('two contractors record, then every party confirms from the mailed link and the document goes on', async () => {
    const session = await launchBrowser({ extraArgs: FAKE_CAMERA });
    try {
      await session.run(async () => {
        const sent = await bothSigned(session);
        const links = [
          await confirmLinkTo(sent.email),
          await confirmLinkTo(`${sent.e164}@sms.local`),
          await confirmLinkTo(sent.owner.email),
        ];
        for (const [i, link] of links.entries()) {
          const page = await openConfirmPage(session, link);
          await expect(page.title()).resolves.toContain(t('titles.videoConfirm'));
          const cards = page.getByTestId('vconfirm-card');
          await expect(cards.count()).resolves.toBe(2);
          await expect(cards.nth(0).locator('h2').textContent()).resolves.toBe('Mia Mail');
          await expect(cards.nth(1).locator('h2').textContent()).resolves.toBe('Pat Phone');
          // When each video was recorded, in a long date and time with its time zone (issue #34 item 3).
          const recorded = await cards.nth(0).getByTestId('vconfirm-recorded').textContent();
          expect(recorded).toContain(`(${timeZoneLabel('en')})`);
          expect(recorded).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
          // On a 380 px phone: the recording time with its zone still shown, no horizontal scroll.
          if (i === 0) {
            await atPhoneWidth(page, [], async () => {
              const shown = cards.nth(0).getByTestId('vconfirm-recorded');
              await shown.waitFor({ state: 'visible', timeout: 10000 });
              await expect(shown.textContent()).resolves.toBe(recorded);
            });
          }
          // The first card's video plays: its short-lived URL serves the recorded webm.
          await page.waitForFunction(
            () =>
              (document.querySelector('[data-testid=vconfirm-card] video') as HTMLVideoElement).readyState >=
              1,
            undefined,
            { timeout: 30000 },
          );
          const confirm = page.getByTestId('vconfirm-confirm');
          await expect(confirm.isDisabled()).resolves.toBe(true);
          await expect(page.getByTestId('vconfirm-deny').isEnabled()).resolves.toBe(true);
          const box = await confirm.boundingBox();
          expect(box!.height).toBeGreaterThanOrEqual(44);
          await page.getByTestId('vconfirm-checked').check();
          await expect(confirm.isEnabled()).resolves.toBe(true);
          await expect(page.getByTestId('vconfirm-deny').isDisabled()).resolves.toBe(true);
          if (i === 0) await expect(seriousAxeViolations(page)).resolves.toEqual([]);
          await confirm.click();
          await page.getByTestId('vconfirm-confirmed').waitFor({ state: 'visible', timeout: 30000 });
          await expectVisibleText(page, t('videoConfirm.confirmed'));
          if (i === links.length - 1) await expectVisibleText(page, t('videoConfirm.confirmedAll'));
          // Visiting again: the spec's alert.
          await page.reload();
          await expectVisibleText(page, t('signing.alreadyConfirmedVideos'));
        }
        expect(['Generating', 'Completed']).toContain(
          (await documentDeps().docs.getDocument(sent.docuId))?.status,
        );
      });
      // Only the visits after answering, which the server answers 409 with the spec's alert.
      expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('a party denies with a reason: the dialog, the result, the document rejected', async () => {
    const session = await launchBrowser({ extraArgs: FAKE_CAMERA });
    try {
      await session.run(async () => {
        const sent = await bothSigned(session);
        const page = await openConfirmPage(session, await confirmLinkTo(sent.owner.email));
        await page.getByTestId('vconfirm-deny').click();
        const dialog = page.getByTestId('vconfirm-deny-dialog');
        await dialog.waitFor({ state: 'visible', timeout: 10000 });
        // The focus is on the primary action of the dialog.
        await expect(
          page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? ''),
        ).resolves.toBe('vconfirm-deny-send');
        await expect(seriousAxeViolations(page)).resolves.toEqual([]);
        await dialog.getByTestId('vconfirm-deny-send').click();
        await expectVisibleText(page, t('signing.errors.denyReasonRequired'));
        await dialog.getByTestId('vconfirm-deny-reason').fill('The second video is someone else');
        await dialog.getByTestId('vconfirm-deny-send').click();
        await page.getByTestId('vconfirm-denied').waitFor({ state: 'visible', timeout: 30000 });
        await expectVisibleText(page, t('videoConfirm.deniedExplanation'));
        expect((await documentDeps().docs.getDocument(sent.docuId))?.status).toBe('Reject');
        await page.reload();
        await expectVisibleText(page, t('signing.alreadyDeniedVideos'));
      });
      // Only the visits after answering, which the server answers 409 with the spec's alert.
      expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('after the last confirmation the sealed PDF carries the video evidence, and verify names the signer of the webm', async () => {
    const session = await launchBrowser({ extraArgs: FAKE_CAMERA });
    try {
      await session.run(async () => {
        const sent = await bothSigned(session);
        for (const address of [sent.email, `${sent.e164}@sms.local`, sent.owner.email]) {
          const token = CONFIRM_LINK.exec(await confirmLinkTo(address))![3]!;
          const res = await api(`/api/video-confirm/${sent.docuId}/${token}/confirm`, {
            method: 'POST',
            body: { allChecked: true, lang: 'en' },
          });
          expect(res.status).toBe(200);
        }
        const doc = await eventually(
          async () => {
            const d = await documentDeps().docs.getDocument(sent.docuId);
            return d?.status === 'Completed' && d.anchorTokenId ? d : undefined;
          },
          120000,
          'the video contract sealed and anchored',
        );
        const [mia, pat] = await documentDeps().docs.listRecipients(sent.docuId);
        const dir = mkdtempSync(join(tmpdir(), 'video-evidence-e2e-'));
        const file = join(dir, 'final.pdf');
        writeFileSync(file, await documentDeps().storage.getBytes(doc.finalKey!));

        const sig = spawnSync('pdfsig', [file], { encoding: 'utf8' });
        expect(sig.stdout).toContain('Signature is Valid');
        const pdfText = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        const pages = pdfText.split('\f').map((p) => p.replace(/\s+/g, ' '));
        expect(pages[0]).toContain('Video signature · recorded');
        expect(pages[0]).toContain(`SHA-256 ${mia!.video!.sha256.slice(0, 12)}`);
        expect(pages[0]).toContain(`SHA-256 ${pat!.video!.sha256.slice(0, 12)}`);
        const audit = pages.slice(1).join(' ');
        expect(audit).toContain('Videos Recorded by Mia Mail (Contractor 1)');
        expect(audit).toContain(`Challenge code ${pat!.video!.challenge}`);

        execFileSync('pdftoppm', ['-r', '300', '-f', '1', '-l', '1', '-png', file, join(dir, 'page')]);
        const png = readdirSync(dir).find((f) => f.startsWith('page') && f.endsWith('.png'))!;
        const decoded = execFileSync(
          'zbarimg',
          ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, png)],
          {
            encoding: 'utf8',
          },
        )
          .trim()
          .split('\n');
        const patUrl = decoded.find((u) => u.endsWith(`/en/verify?video=${pat!.video!.sha256}`));
        expect(patUrl).toBeDefined();
        expect(decoded.some((u) => u.endsWith(`/en/verify?video=${mia!.video!.sha256}`))).toBe(true);

        // The QR code's link opens the verify page on that video.
        const fromQr = await openApp(session, new URL(patUrl!).pathname + new URL(patUrl!).search);
        await expectVisibleText(fromQr, t('verify.video.known'));
        await expect(fromQr.getByLabel(t('verify.hashLabel')).inputValue()).resolves.toBe(pat!.video!.sha256);
        const facts = fromQr.getByTestId('verify-video');
        await facts.waitFor({ state: 'visible', timeout: 30000 });
        await expect(facts.textContent()).resolves.toContain('Pat Phone');
        await expectVisibleText(fromQr, t('verify.chain.matches'));

        // The recorded webm itself, hashed in the browser: whose video of which contract.
        const page = await openApp(session, '/en/verify');
        await page.locator('input[type=file]').setInputFiles({
          name: 'mia.webm',
          mimeType: 'video/webm',
          buffer: Buffer.from(await documentDeps().storage.getBytes(mia!.video!.key)),
        });
        await expectVisibleText(page, t('verify.video.matchFile', { file: 'mia.webm' }));
        const miaFacts = page.getByTestId('verify-video');
        await expect(miaFacts.textContent()).resolves.toContain('Mia Mail');
        await expect(miaFacts.textContent()).resolves.toContain(doc.id4.toUpperCase());
        await expectVisibleText(page, t('verify.chain.matches'));

        // Any other file: the "not found" answer.
        await page.locator('input[type=file]').setInputFiles({
          name: 'other.webm',
          mimeType: 'video/webm',
          buffer: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]),
        });
        await expectVisibleText(page, t('verify.noMatchFile', { file: 'other.webm' }));
      });
      expect(session.unexpectedProblems([])).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
