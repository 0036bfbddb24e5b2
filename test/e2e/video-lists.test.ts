// Video Sign in the contract list (issue #15 item 6) in Chromium against the whole local cloud: a
// contractor records with the fake camera (the recorder also captures a still and measures the
// duration), the other through the API; once the document waits for video confirmation the owner's
// list shows the Sign / Video / Video Confirm badges, the details play the video through a short-lived
// URL (the <video> gets a src that answers 200 with video/webm, its poster the captured JPEG), and
// Continue opens the owner's own /video_confirm page.
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { documentClient } from '../../lambdas/adapters/aws';
import { createEntities } from '../../lambdas/adapters/dynamo/entities';
import { getConfig } from '../../lambdas/config';
import { documentDeps } from '../../lambdas/deps';
import { api, eventually } from '../support/cloud-client';
import { makePng } from '../support/png';
import { sendTwoContractorDocument } from '../support/documents';
import { launchBrowser } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText, signInAt } from './steps';
import { FAKE_CAMERA, signWithVideo } from './video-steps';

jest.setTimeout(600000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

/** The SMS contractor signs, records (a generated webm) and agrees through the API. */
async function signThroughApi(docuId: string, token: string): Promise<void> {
  const base = `/api/sign/${docuId}/${token}`;
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  expect(
    (
      await api(`${base}/areas`, {
        method: 'PUT',
        body: { signs: [{ areaIndex: 2, signId: sign.body.signId }] },
      })
    ).status,
  ).toBe(200);
  const session = await api(`${base}/video-session`, { method: 'POST', body: { contentType: 'video/webm' } });
  expect(session.status).toBe(201);
  const bytes = new Uint8Array(randomBytes(4096));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3]);
  const form = new FormData();
  for (const [k, v] of Object.entries(session.body.upload.fields as Record<string, string>))
    form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type: 'video/webm' }), 'recording');
  expect((await fetch(session.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  expect(
    (await api(`${base}/video-session/${session.body.sessionId}/complete`, { method: 'POST', body: {} }))
      .status,
  ).toBe(200);
  expect((await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } })).status).toBe(200);
}

describe('Video Sign in the contract list', () => {
  it('shows the video badges, plays the video in the details and continues to the confirmation page', async () => {
    const session = await launchBrowser({ extraArgs: FAKE_CAMERA });
    try {
      await session.run(async () => {
        const sent = await sendTwoContractorDocument({
          title: 'Video list lease',
          names: ['Mia Mail', 'Pat Phone'],
        });
        await createEntities(documentClient(), getConfig().TABLE_NAME)
          .document.patch({ docuId: sent.docuId })
          .set({ kind: 'vsign' })
          .go();
        // A saved sign, so that Sign All applies it at once.
        const saved = await api(`/api/sign/${sent.docuId}/${sent.mailToken}/signs`, {
          method: 'POST',
          body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
        });
        expect(saved.status).toBe(201);
        await signWithVideo(session, sent.mailLink);
        // The recorder sent its still (a JPEG) and its measured duration with the video.
        const recorded = (await documentDeps().docs.listRecipients(sent.docuId))[0]!.video!;
        expect(recorded.thumbnailKey).toMatch(/\.jpg$/);
        expect(recorded.durationSeconds).toBeGreaterThan(1);
        expect(recorded.durationSeconds).toBeLessThan(30);
        await signThroughApi(sent.docuId, sent.smsToken);
        await eventually(
          async () => (await documentDeps().docs.getDocument(sent.docuId))?.status === 'NeedVConfirm',
          30000,
          'NeedVConfirm',
        );

        const page = await signInAt(session, sent.owner, '/en/home/doc/pending');
        const card = page.getByTestId(`contract-${sent.docuId}`);
        await card.waitFor({ state: 'visible', timeout: 30000 });
        await expectVisibleText(page, t('documents.status.waitingVideoConfirm'));
        const mia = card.getByTestId('recipient-0');
        for (const badge of ['signOk', 'videoOk', 'videoConfirmRequired']) {
          await mia.getByTestId(`badge-${badge}`).waitFor({ state: 'visible', timeout: 10000 });
        }
        await expect(mia.getByTestId('badge-videoOk').textContent()).resolves.toBe(
          t('recipients.labels.videoOk'),
        );

        // Details: the video's facts, then Play gives the player a short-lived URL of the webm.
        await card.getByRole('button', { name: t('contracts.actions.details'), exact: true }).click();
        const details = card.getByTestId(`details-${sent.docuId}`);
        const video = details.getByTestId('video-0');
        await video.waitFor({ state: 'visible', timeout: 20000 });
        await expect(video.textContent()).resolves.toContain(t('contracts.video.duration'));
        await video.getByRole('button', { name: t('contracts.video.play'), exact: true }).click();
        const player = details.getByTestId('video-player-0');
        await player.waitFor({ state: 'visible', timeout: 20000 });
        const src = await player.getAttribute('src');
        const answer = await fetch(src!);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('video/webm');
        const poster = await fetch((await player.getAttribute('poster'))!);
        expect(poster.status).toBe(200);
        expect([...new Uint8Array(await poster.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
        await page.waitForFunction(
          () => (document.querySelector('[data-testid=video-player-0]') as HTMLVideoElement).readyState >= 1,
          undefined,
          { timeout: 30000 },
        );

        // Continue: the owner's own video confirmation page.
        await card.getByRole('button', { name: t('contracts.actions.continue'), exact: true }).click();
        await page.waitForURL(new RegExp(`/en/video_confirm/${sent.docuId}/[A-Za-z0-9_-]{43}$`), {
          timeout: 30000,
        });
        await page.getByTestId('vconfirm-checked').waitFor({ state: 'visible', timeout: 30000 });
        await expect(page.getByTestId('vconfirm-card').count()).resolves.toBe(2);
      });
      expect(session.unexpectedProblems()).toEqual([]);
    } finally {
      await session.close();
    }
  });
});
