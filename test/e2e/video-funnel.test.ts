// The owner's Video Sign funnel (issue #15 item 1), in Chromium against the whole local cloud, with a
// fake camera (--use-fake-device-for-media-stream): Home → Video Sign → Start → upload → contractors
// (the owner among them) → positions → Video Sign, where the owner records a real webm with the same
// recorder as the signers and 'Upload & Finish' stores it → Finalize → the requests are sent. The
// progress bar reads Upload, Configuring Contractors, Set Position, Video Sign, Finalize. When the owner
// is not a contractor, the Video Sign step only explains that each contractor records when signing.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { documentDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import {
  giveOwnerSign,
  makePdf,
  newOwner,
  PASSWORD,
  signerLinkTo,
  uploadPdf,
  type Owner,
} from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, pathOf, submitSignIn } from './steps';
import { atPhoneWidth, button, FAKE_CAMERA, progress } from './video-steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

const FIVE = ['upload', 'addrcpt', 'setpos', 'vsign', 'agree'].map((k) => t(`funnel.progress.${k}`));

async function signIn(session: BrowserSession, owner: Owner): Promise<Page> {
  const page = await openApp(session, '/en/login');
  await submitSignIn(page, owner.email, PASSWORD);
  await expectPath(page, ['/en/thankyou', '/en/home']);
  return page;
}

describe("the owner's Video Sign funnel", () => {
  let session: BrowserSession;
  let owner: Owner;

  beforeAll(async () => {
    owner = await newOwner('en', 'Vera Owner');
    // A default sign: the owner as a contractor signs with it at sending.
    await giveOwnerSign(owner);
    session = await launchBrowser({ locale: 'en-US', extraArgs: FAKE_CAMERA });
  });

  afterAll(async () => {
    await session?.close();
  });

  test('Home → Video Sign → Start: upload, contractors with the owner, positions, the owner records, Finalize sends', () =>
    session.run(async () => {
      const other = `vfunnel-${randomUUID()}@example.com`;
      const page = await signIn(session, owner);
      await openApp(session, '/en/home');
      await page.getByTestId('service-start-vsign').click();
      await expectPath(page, '/en/home/make/vsign/upload/new');
      // The funnel says which kind of contract it makes (issue #34: it read "New E-Sign contract").
      await expectVisibleText(page, t('funnel.vsignTitle'));
      await expect(page.getByText(t('funnel.title'), { exact: true }).count()).resolves.toBe(0);
      // On a 380 px phone too, with no horizontal scroll (issue #34: phone checks of items 1-4).
      await atPhoneWidth(page, [t('funnel.vsignTitle')]);
      await expect(progress(page)).resolves.toEqual({ labels: FIVE, current: t('funnel.progress.upload') });

      await page.getByTestId('upload-input').setInputFiles({
        name: 'video-lease.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(await makePdf()),
      });
      await page.waitForURL((url) => /^\/en\/home\/make\/vsign\/upload\/(?!new$)[^/]+$/.test(url.pathname));
      const docuId = pathOf(page).split('/').pop()!;
      await expectVisibleText(page, t('funnel.upload.uploaded', { fileName: 'video-lease.pdf', pages: 1 }));
      const created = await api(`/api/documents/${docuId}`, { token: owner.token });
      expect(created.body).toMatchObject({ kind: 'vsign', status: 'Upload' });

      // Contractors: the owner first, then another contractor by e-mail.
      const next = page.getByTestId('funnel-next');
      await next.click();
      await expectPath(page, `/en/home/make/vsign/addrcpt/${docuId}`);
      const fillRow = async (index: number, name: string, contact: string) => {
        const row = page.getByTestId(`contractor-row-${index}`);
        await row.getByLabel(t('funnel.contractors.name'), { exact: true }).fill(name);
        await row.getByLabel(t('funnel.contractors.contact'), { exact: true }).fill(contact);
      };
      await fillRow(0, 'Vera Owner', owner.email);
      await button(page, 'funnel.contractors.add').click();
      await fillRow(1, 'Olly Other', other);
      await next.click();
      await expectPath(page, `/en/home/make/vsign/setpos/${docuId}`);
      await expect(progress(page)).resolves.toEqual({ labels: FIVE, current: t('funnel.progress.setpos') });
      // A new owner first gets the sign-click tutorial (issue #17; its rules: test/e2e/funnel.test.ts).
      const tutorial = page.getByTestId('sign-click-tutorial');
      await tutorial.waitFor();
      await tutorial.getByRole('button', { name: t('funnel.tutorial.ok'), exact: true }).click();
      await tutorial.waitFor({ state: 'detached' });

      // Positions, one contractor at a time; after the last, the Video Sign step.
      await page.getByTestId('area-layer-0').click({ position: { x: 100, y: 150 } });
      await next.click();
      await expect(page.getByTestId('position-prompt').textContent()).resolves.toBe(
        t('contractors.positionPrompt', { nth: '2nd' }),
      );
      await page.getByTestId('area-layer-0').click({ position: { x: 120, y: 400 } });
      await next.click();
      await expectPath(page, `/en/home/make/vsign/vsign/${docuId}`);
      await expect(progress(page)).resolves.toEqual({ labels: FIVE, current: t('funnel.progress.vsign') });

      // The owner records with the same recorder as the signers: their name and the contract number.
      await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
      await expectVisibleText(page, t('funnel.video.owner'));
      await expectVisibleText(page, t('video.script.name', { name: 'Vera Owner' }));
      await expectVisibleText(
        page,
        t('video.script.agreement', { contractNumber: docuId.slice(0, 4).toUpperCase() }),
      );
      await expect(page.locator('input[type=file]').count()).resolves.toBe(0);
      // Nothing recorded yet: Next waits for the video.
      await expect(next.isDisabled()).resolves.toBe(true);
      await expect(button(page, 'video.recorder.uploadFinish').isDisabled()).resolves.toBe(true);

      const main = page.getByTestId('video-main');
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=video-preview]') as HTMLVideoElement | null)?.srcObject,
      );
      await main.click();
      await page.getByTestId('video-rec').waitFor({ state: 'visible', timeout: 20000 });
      const code = (await page.getByTestId('video-code').textContent())!;
      expect(code).toMatch(/^My code is \d{4}$/);
      await page.waitForTimeout(2500);
      await main.click();
      await page.getByTestId('video-playback').waitFor({ state: 'visible', timeout: 20000 });
      await button(page, 'video.recorder.uploadFinish').click();
      await expectPath(page, `/en/home/make/vsign/agree/${docuId}`);
      await expect(progress(page)).resolves.toEqual({ labels: FIVE, current: t('funnel.progress.agree') });

      const mine = (await documentDeps().docs.listRecipients(docuId)).find((r) => r.isOwner)!;
      expect(mine.index).toBe(0);
      expect(mine.video).toMatchObject({ contentType: 'video/webm', challenge: code.slice(-4) });
      expect(mine.video!.sizeBytes).toBeGreaterThan(1000);

      // Back to the step: the video is there, 'Finish without Change' keeps it and goes on.
      await button(page, 'funnel.previous').click();
      await expectPath(page, `/en/home/make/vsign/vsign/${docuId}`);
      await button(page, 'video.recorder.finishWithoutChange').click();
      await expectPath(page, `/en/home/make/vsign/agree/${docuId}`);

      // Finalize: the terms, then Send Request; the other contractor gets the request.
      await page.getByLabel(t('funnel.finalize.terms'), { exact: true }).check();
      await page.waitForFunction(
        (label) =>
          [...document.querySelectorAll('button')].some((b) => b.textContent === label && !b.disabled),
        t('funnel.finalize.sendRequest'),
      );
      await button(page, 'funnel.finalize.sendRequest').click();
      await page
        .getByTestId('send-success')
        .getByText(t('documents.send.success'), { exact: true })
        .waitFor({ timeout: 30000 });
      await button(page, 'funnel.finalize.ok').click();
      await expectPath(page, '/en/home');
      const sent = await api(`/api/documents/${docuId}`, { token: owner.token });
      expect(sent.body.status).toBe('Agree');
      expect(sent.body.recipients[0]).toMatchObject({ isOwner: true, agreement: 1, hasVideo: true });
      expect((await signerLinkTo(other)).path).toContain(`/en/outsign/${docuId}/`);
    }));

  /** A Video Sign draft with its positions set (SetPos), through the API. */
  async function positionedDraft(recipients: { name: string; contact: string }[]): Promise<string> {
    const created = await api('/api/documents', {
      method: 'POST',
      token: owner.token,
      body: { kind: 'vsign' },
    });
    const docuId = created.body.docuId as string;
    expect((await uploadPdf(owner, docuId)).status).toBe(200);
    const rcpt = await api(`/api/documents/${docuId}/recipients`, {
      method: 'PUT',
      token: owner.token,
      body: { recipients, finalRecipients: [], lang: 'en' },
    });
    expect(rcpt.status).toBe(200);
    const box = { pageIndex: 0, x: 50, width: 120, height: 40 };
    const areas = await api(`/api/documents/${docuId}/areas`, {
      method: 'PUT',
      token: owner.token,
      body: { areas: recipients.map((_, i) => ({ ...box, recipientIndex: i, y: 60 + 100 * i })) },
    });
    expect(areas.status).toBe(200);
    return docuId;
  }

  test('Finalize (where Continue goes) sends an owner who has not recorded back to the Video Sign step', () =>
    session.run(async (page) => {
      const docuId = await positionedDraft([
        { name: 'Vera Owner', contact: owner.email },
        { name: 'Olly Other', contact: `vfunnel-${randomUUID()}@example.com` },
      ]);
      // Opened in the E-Sign funnel's URL, it goes to its own (Video Sign) funnel first.
      await openApp(session, `/en/home/make/esign/agree/${docuId}`);
      await expectPath(page, `/en/home/make/vsign/vsign/${docuId}`);
      await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
    }));

  test('when the owner is not a contractor, the Video Sign step explains that each contractor records', () =>
    session.run(async (page) => {
      const docuId = await positionedDraft([
        { name: 'Only Other', contact: `vfunnel-${randomUUID()}@example.com` },
      ]);
      await openApp(session, `/en/home/make/vsign/vsign/${docuId}`);
      await page.getByTestId('funnel-video-not-owner').waitFor({ state: 'visible', timeout: 30000 });
      await expectVisibleText(page, t('funnel.video.notOwner'));
      await expect(page.getByTestId('video-recorder').count()).resolves.toBe(0);
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/vsign/agree/${docuId}`);
    }));
});
