// Video Contract (issue #16 items 1, 2, 4) in Chromium against the whole local cloud, with a fake
// camera (--use-fake-device-for-media-stream): the owner goes Home → Video Contract → Start, records
// the terms with the shared recorder (the step opens on a draft whose number the script reads, issue
// #34 item 2; the URL carries it from the first Record), adds zero or more
// contractors and finalizes. (a) Alone, 'Completed' completes the contract with the owner's video: the
// list shows it Completed with its still, and the record PDF downloads, signed. (b) A contractor opens
// the mailed link, plays the owner's video, records their own, accepts the terms; the contract
// completes and the verify page recognises its record PDF. (c) A desktop without a camera gets the
// 'Recording Link' QR code of `/en/vc_mobile/…`; a 380 px phone records there and the desktop goes
// on by itself. (d) A contractor on a phone denies with a reason.
// The record PDF (issue #16 item 3) is checked in a follow-up of (a) and of (b), once sealed.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { documentDeps } from '../../lambdas/deps';
import { seriousAxeViolations } from '../support/axe';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { api, eventually } from '../support/cloud-client';
import { newOwner, signerLinkTo, type Owner } from '../support/documents';
import { text } from './catalogue';
import { expectPath, expectVisibleText, pathOf, signInAt } from './steps';
import {
  acceptTerms,
  atPhoneWidth,
  button,
  decodeQr,
  FAKE_CAMERA,
  openPhoneRecorder,
  progress,
  recordWithFakeCamera,
} from './video-steps';

jest.setTimeout(600000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const THREE = ['record', 'addrcpt', 'agree'].map((k) => t(`funnel.progress.${k}`));
const title = (key: string) => `${t(key)} | ${t('app.name')}`;

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await expect(seriousAxeViolations(page)).resolves.toEqual([]);
}

/** The page's title once it is `expected` (the router sets it after the page's chunk). */
async function expectTitle(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((w) => document.title === w, expected, { timeout: 20000 });
}

/**
 * The owner's funnel from Home: Start, record (the number shown before), the contractors (none: the
 * list stays empty), Finalize with `contractName`, then the send button and its success popup.
 * Answers the document's id. `checks` runs the first visit's extra assertions.
 */
async function ownerFunnel(
  session: BrowserSession,
  owner: Owner,
  contractName: string,
  contractors: readonly { name: string; contact: string }[],
  checks = false,
): Promise<string> {
  const page = await openApp(session, '/en/home');
  await page.getByTestId('service-start-vcontract').click();
  await expectPath(page, '/en/home/make/vcontract/vcrecord/new');
  await expect(progress(page)).resolves.toEqual({ labels: THREE, current: t('funnel.progress.record') });
  const next = page.getByTestId('funnel-next');
  await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
  await expectVisibleText(page, t('video.script.name', { name: owner.name }));
  if (checks) {
    await expectVisibleText(page, t('funnel.vcontractTitle'));
    await expectVisibleText(page, t('funnel.vcrecord.owner'));
    await expectTitle(page, title('titles.newContract'));
    // Nothing recorded yet: Next waits for the video, and there is no file to choose.
    await expect(next.isDisabled()).resolves.toBe(true);
    await expect(page.locator('input[type=file]').count()).resolves.toBe(0);
    await expectNoSeriousViolations(page);
  }
  // Issue #34 item 2: the script names the contract number before Record, so the owner can rehearse
  // the line; the step opened on a draft, and opening it again reuses that draft (same number).
  const scriptNumber = async () => {
    const line = page.getByText(/^I agree to the conditions mentioned in the contract number [0-9A-F]{4}$/);
    await line.waitFor({ state: 'visible', timeout: 30000 });
    return (await line.textContent())!.slice(-4);
  };
  const number = await scriptNumber();
  if (checks) {
    await page.reload();
    await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
    await expect(scriptNumber()).resolves.toBe(number);
    await expectPath(page, '/en/home/make/vcontract/vcrecord/new');
    // On a 380 px phone: the heading and the line with its number, no horizontal scroll.
    await atPhoneWidth(page, [
      t('funnel.vcontractTitle'),
      t('video.script.agreement', { contractNumber: number }),
    ]);
  }

  const code = await recordWithFakeCamera(page);
  expect(code).toMatch(/^My code is \d{4}$/);
  // The first Record made the draft: the URL carries its id, the script its number.
  await page.waitForURL((url) => /^\/en\/home\/make\/vcontract\/vcrecord\/(?!new$)[^/]+$/.test(url.pathname));
  const docuId = pathOf(page).split('/').pop()!;
  expect(docuId.slice(0, 4).toUpperCase()).toBe(number);
  await expectVisibleText(
    page,
    t('video.script.agreement', { contractNumber: docuId.slice(0, 4).toUpperCase() }),
  );
  await button(page, 'video.recorder.uploadFinish').click();
  await expectPath(page, `/en/home/make/vcontract/vcaddrcpt/${docuId}`);
  await expect(progress(page)).resolves.toEqual({ labels: THREE, current: t('funnel.progress.addrcpt') });
  const mine = (await documentDeps().docs.listRecipients(docuId)).find((r) => r.isOwner)!;
  expect(mine.index).toBe(0);
  expect(mine.video).toMatchObject({ contentType: 'video/webm', challenge: code.slice(-4) });

  // Contractors: optional, the owner's own row is not shown.
  await expectVisibleText(page, t('funnel.vcaddrcpt.hint'));
  await expect(page.getByTestId('contractor-row-0').count()).resolves.toBe(0);
  if (checks) {
    // Back to Record: the video is there, 'Finish without Change' keeps it.
    await button(page, 'funnel.previous').click();
    await expectPath(page, `/en/home/make/vcontract/vcrecord/${docuId}`);
    await button(page, 'video.recorder.finishWithoutChange').click();
    await expectPath(page, `/en/home/make/vcontract/vcaddrcpt/${docuId}`);
    // A row with the owner's own address is refused at its row, translated.
    await button(page, 'funnel.contractors.add').click();
    const row = page.getByTestId('contractor-row-0');
    await row.getByLabel(t('funnel.contractors.name'), { exact: true }).fill('Me Again');
    await row.getByLabel(t('funnel.contractors.contact'), { exact: true }).fill(owner.email);
    await next.click();
    await expect(row.getByTestId('funnel-error').textContent()).resolves.toBe(
      t('contractors.errors.ownerIsParty'),
    );
    await expectNoSeriousViolations(page);
    await row.getByRole('button', { name: t('funnel.contractors.remove', { n: 1 }), exact: true }).click();
    await expect(page.getByTestId('contractor-row-0').count()).resolves.toBe(0);
  }
  for (const [index, c] of contractors.entries()) {
    await button(page, 'funnel.contractors.add').click();
    const row = page.getByTestId(`contractor-row-${index}`);
    await row.getByLabel(t('funnel.contractors.name'), { exact: true }).fill(c.name);
    await row.getByLabel(t('funnel.contractors.contact'), { exact: true }).fill(c.contact);
  }
  await expect(next.isDisabled()).resolves.toBe(false);
  await next.click();
  await expectPath(page, `/en/home/make/vcontract/vcagree/${docuId}`);
  await expect(progress(page)).resolves.toEqual({ labels: THREE, current: t('funnel.progress.agree') });

  // Finalize: the name, the terms; 'Completed' alone, 'Send Request' with contractors.
  const name = page.getByLabel(t('funnel.finalize.contractName'), { exact: true });
  await name.fill(contractName);
  await name.blur();
  if (contractors.length === 0) await expectVisibleText(page, t('funnel.finalize.noContractors'));
  else for (const c of contractors) await expectVisibleText(page, `${c.name} — ${c.contact}`);
  await page.getByLabel(t('funnel.finalize.terms'), { exact: true }).check();
  const send = contractors.length === 0 ? 'funnel.finalize.completed' : 'funnel.finalize.sendRequest';
  await page.waitForFunction(
    (label) => [...document.querySelectorAll('button')].some((b) => b.textContent === label && !b.disabled),
    t(send),
  );
  if (checks) await expectNoSeriousViolations(page);
  await button(page, send).click();
  await page
    .getByTestId('send-success')
    .getByText(t('documents.send.success'), { exact: true })
    .waitFor({ timeout: 30000 });
  await button(page, 'funnel.finalize.ok').click();
  await expectPath(page, '/en/home');
  return docuId;
}

/** The contractor's way from the mailed link to the recorder, past the request popup. */
async function toContractorVideo(session: BrowserSession, address: string): Promise<Page> {
  const page = await openApp(session, (await signerLinkTo(address)).path);
  const request = page.getByTestId('sign-request');
  await request.waitFor({ state: 'visible', timeout: 30000 });
  // Behind the request: who they are in it, and no Sign All to look for (nothing to sign).
  const prompt = await page.getByTestId('signer-prompt').textContent();
  expect(prompt).toMatch(/^You are \d+(st|nd|rd|th) Contractor\. Watch the video of \S/);
  expect(prompt).not.toContain(t('signer.signAll'));
  await request.getByRole('button', { name: t('signer.sign'), exact: true }).click();
  await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
  return page;
}

/** The contract is sealed: Completed, with its record PDF. */
const sealed = (docuId: string) =>
  eventually(
    async () => {
      const d = await documentDeps().docs.getDocument(docuId);
      return d?.status === 'Completed' && d.finalKey ? d : undefined;
    },
    120000,
    'the video contract completed with its record PDF',
  );

const statusOf = async (docuId: string) => (await documentDeps().docs.getDocument(docuId))?.status;

describe('Video Contract', () => {
  let owner: Owner;
  let session: BrowserSession;

  beforeAll(async () => {
    owner = await newOwner('en', 'Vic Owner');
    session = await launchBrowser({ locale: 'en-US', extraArgs: FAKE_CAMERA });
    await signInAt(session, owner, '/en/home');
  });

  afterAll(async () => {
    await session?.close();
  });

  /** The contracts of (a) and (b), for their record PDF follow-ups. */
  const made: { alone?: string; withContractor?: string } = {};

  test('(a) the owner alone: record, no contractors, Completed seals it; the list shows it with its still', () =>
    session.run(async () => {
      const docuId = await ownerFunnel(session, owner, 'Solo video pledge', [], true);
      made.alone = docuId;
      const sent = await api(`/api/documents/${docuId}`, { token: owner.token });
      expect(sent.body).toMatchObject({ kind: 'vcontract', title: 'Solo video pledge' });
      expect(sent.body.recipients).toHaveLength(1);
      // Nobody else to wait for: sending handed it to the seal.
      expect(['Generating', 'Completed']).toContain(sent.body.status);

      const page = await openApp(session, '/en/home/doc/signed');
      const card = page.getByTestId(`contract-${docuId}`);
      await card.waitFor({ timeout: 30000 });
      await expect(card.getByTestId('list-label').textContent()).resolves.toMatch(
        new RegExp(`^(${t('documents.listLabels.signedAll')}|${t('documents.listLabels.completed')})$`),
      );
      // The owner's badge: 'Completed' (a video contract's party who agreed).
      await expect(card.getByTestId('recipient-0').textContent()).resolves.toContain(
        t('recipients.labels.videoContractCompleted'),
      );
      // The still of the owner's video: loaded lazily, at its fixed size, with its alt text.
      const still = card.getByTestId('contract-thumbnail');
      await still.scrollIntoViewIfNeeded();
      await expect(still.getAttribute('alt')).resolves.toBe(
        t('contracts.thumbnail', { title: 'Solo video pledge' }),
      );
      await expect(still.getAttribute('loading')).resolves.toBe('lazy');
      await page.waitForFunction(
        (id) => {
          const img = document.querySelector<HTMLImageElement>(`[data-testid="contract-${id}"] img`);
          return img !== null && img.complete && img.naturalWidth > 0;
        },
        docuId,
        { timeout: 20000 },
      );
      await expect(still.boundingBox()).resolves.toMatchObject({ width: 96, height: 72 });
      await expectNoSeriousViolations(page);
      await expectTitle(page, title('titles.contracts'));
      // The one refusal expected: the owner's own address as a contractor.
      expect(session.unexpectedProblems([/status of 400/])).toEqual([]);
    }));

  test('(a, record PDF) the lone contract completes; its record PDF downloads, digitally signed', () =>
    session.run(async () => {
      const docuId = made.alone!;
      await sealed(docuId);
      const page = await openApp(session, '/en/home/doc/signed');
      const card = page.getByTestId(`contract-${docuId}`);
      await card
        .getByTestId('status-label')
        .getByText(t('documents.status.completed'), { exact: true })
        .waitFor({ timeout: 30000 });
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30000 }),
        card.getByRole('button', { name: t('contracts.actions.download'), exact: true }).click(),
      ]);
      const file = (await download.path())!;
      const bytes = await readFile(file);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout).toContain('Signature is Valid');

      // Issue #34 item 4: Details describe that record PDF and the owner's video, not an original
      // ('File name: Not set, Pages: 0').
      const doc = (await documentDeps().docs.getDocument(docuId))!;
      const pages = /^Pages:\s+(\d+)/m.exec(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout)![1]!;
      await card.getByRole('button', { name: t('contracts.actions.details'), exact: true }).click();
      const fileName = card.getByTestId('record-file-name');
      await fileName.waitFor({ timeout: 20000 });
      await expect(fileName.textContent()).resolves.toBe(download.suggestedFilename());
      await expect(card.getByTestId('record-sha256').textContent()).resolves.toBe(doc.finalSha256);
      const info = card.getByRole('region', { name: t('contracts.panels.documentInfo') });
      await expect(info.textContent()).resolves.toContain(`${t('contracts.fields.pages')}${pages}`);
      await expect(info.textContent()).resolves.not.toContain(t('contracts.fields.sha256'));
      const [mine] = await documentDeps().docs.listRecipients(docuId);
      const facts = card.getByTestId('video-facts-0');
      await expect(facts.textContent()).resolves.toContain(`${t('contracts.video.party')}${owner.name}`);
      await expect(facts.textContent()).resolves.toContain(mine!.video!.sha256);
      await expect(facts.textContent()).resolves.toContain(
        t('contracts.fields.sizeBytes', { bytes: mine!.video!.sizeBytes.toLocaleString('en-US') }),
      );
      await expectNoSeriousViolations(page);
      // On a 380 px phone: the record's name and hash still shown, no horizontal scroll.
      await atPhoneWidth(page, [t('contracts.fields.recordFileName'), doc.finalSha256!]);
      // The one refusal expected in this session: (a)'s own address as a contractor.
      expect(session.unexpectedProblems([/status of 400/])).toEqual([]);
    }));

  test("(b) a contractor plays the owner's video, records, agrees; the contract goes to the seal and Details play both videos", () =>
    session.run(async () => {
      const mia = `vc-${randomUUID()}@example.com`;
      const docuId = await ownerFunnel(session, owner, 'Video handshake', [
        { name: 'Mia Mail', contact: mia },
      ]);
      made.withContractor = docuId;
      await expect(statusOf(docuId)).resolves.toBe('Agree');

      const contractor = await launchBrowser({ extraArgs: FAKE_CAMERA });
      try {
        await contractor.run(async () => {
          const page = await toContractorVideo(contractor, mia);
          await expectTitle(page, title('titles.signer'));
          await expectVisibleText(page, t('signer.vcontract.ownerVideoTitle', { owner: 'Vic Owner' }));
          // The owner's video plays: its metadata loads from the presigned address.
          const video = page.getByTestId('owner-video');
          await video.waitFor({ state: 'visible', timeout: 30000 });
          await expect(video.getAttribute('poster')).resolves.toBeTruthy();
          await page.waitForFunction(
            () =>
              (document.querySelector<HTMLVideoElement>('[data-testid=owner-video]')?.readyState ?? 0) >= 1,
            undefined,
            { timeout: 30000 },
          );
          await expectVisibleText(page, t('video.script.name', { name: 'Mia Mail' }));
          await expectNoSeriousViolations(page);

          await recordWithFakeCamera(page);
          await button(page, 'video.recorder.uploadFinish').click();
          await acceptTerms(page);
          await expectVisibleText(page, 'Your sign is completed.');
        });
        expect(contractor.unexpectedProblems()).toEqual([]);
      } finally {
        await contractor.close();
      }
      const [, me] = await documentDeps().docs.listRecipients(docuId);
      expect(me).toMatchObject({ name: 'Mia Mail', agreement: 1 });
      expect(me!.video).toMatchObject({ contentType: 'video/webm' });

      // Everyone agreed: the contract goes to the seal.
      await eventually(
        async () => ['Generating', 'Completed'].includes((await statusOf(docuId)) ?? ''),
        30000,
        'the video contract handed to the seal',
      );

      // The owner's Details play each party's video.
      const page = await openApp(session, '/en/home/doc/signed');
      const card = page.getByTestId(`contract-${docuId}`);
      await card.waitFor({ timeout: 30000 });
      await card.getByRole('button', { name: t('contracts.actions.details'), exact: true }).click();
      for (const index of [0, 1]) {
        const video = card.getByTestId(`video-${index}`);
        await video.waitFor({ timeout: 20000 });
        await video.getByRole('button', { name: t('contracts.video.play'), exact: true }).click();
        await page.waitForFunction(
          (i) =>
            (document.querySelector<HTMLVideoElement>(`[data-testid=video-player-${i}]`)?.readyState ?? 0) >=
            1,
          index,
          { timeout: 30000 },
        );
      }
      await expectNoSeriousViolations(page);
    }));

  test('(b, record PDF) the contract completes and the verify page recognises its record PDF', () =>
    session.run(async () => {
      const doc = await sealed(made.withContractor!);
      // The chain has its record once the anchor job has run.
      await eventually(
        async () => (await documentDeps().docs.getDocument(doc.docuId))?.anchorTokenId,
        120000,
        'the record PDF anchored',
      );
      const page = await openApp(session, '/en/verify');
      await page.locator('input[type=file]').setInputFiles({
        name: 'record.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(await documentDeps().storage.getBytes(doc.finalKey!)),
      });
      await expectVisibleText(page, t('verify.record.matchFile', { file: 'record.pdf' }));
      await expectVisibleText(page, 'Video handshake');
      await expectVisibleText(page, t('verify.chain.matches'));
    }));

  test('(e) Continue resumes a video contract draft at Record; Delete removes it', () =>
    session.run(async () => {
      const created = await api('/api/documents', {
        method: 'POST',
        token: owner.token,
        body: { kind: 'vcontract' },
      });
      expect(created.status).toBe(201);
      const docuId = created.body.docuId as string;
      const page = await openApp(session, '/en/home/doc/pending');
      const card = page.getByTestId('section-drafts').getByTestId(`contract-${docuId}`);
      await card.waitFor({ timeout: 30000 });
      await card.getByRole('button', { name: t('contracts.actions.continue'), exact: true }).click();
      await expectPath(page, `/en/home/make/vcontract/vcrecord/${docuId}`);
      await page.getByTestId('video-recorder').waitFor({ state: 'visible', timeout: 30000 });
      await page.goBack();
      await card.getByRole('button', { name: t('contracts.actions.delete'), exact: true }).click();
      await page
        .getByTestId('delete-dialog')
        .getByRole('button', { name: t('contracts.actions.delete'), exact: true })
        .click();
      await expectVisibleText(page, t('documents.delete.done'));
      await card.waitFor({ state: 'detached', timeout: 20000 });
      expect((await api(`/api/documents/${docuId}`, { token: owner.token })).status).toBe(404);
    }));

  test('(c) a desktop without a camera hands off to a 380 px phone through /vc_mobile/; (d) a contractor on a phone denies', () =>
    session.run(async () => {
      const [dan, pia] = [`vc-${randomUUID()}@example.com`, `vc-${randomUUID()}@example.com`];
      const docuId = await ownerFunnel(session, owner, 'Video hand-off deal', [
        { name: 'Dan Desk', contact: dan },
        { name: 'Pia Phone', contact: pia },
      ]);
      const desktop = await launchBrowser();
      const phone = await launchBrowser({
        extraArgs: FAKE_CAMERA,
        viewport: { width: 380, height: 820 },
        touch: true,
      });
      try {
        let address = '';
        await desktop.run(async () => {
          const page = await toContractorVideo(desktop, dan);
          const dialog = page.getByTestId('recording-link');
          await dialog.waitFor({ state: 'visible', timeout: 30000 });
          await expectVisibleText(page, t('video.recordingLink.message'));
          address = await decodeQr(page, 'recording-link-qr');
          expect(address).toMatch(new RegExp(`^${appBaseUrl().replace(/\/$/, '')}/en/vc_mobile/[\\w-]{43}$`));
          await expectNoSeriousViolations(page);
          await button(page, 'video.recordingLink.confirm').click();
          await dialog.waitFor({ state: 'detached', timeout: 10000 });
          await expectVisibleText(page, t('video.recordingLink.waiting'));
        });

        await phone.run(async () => {
          const page = phone.page;
          // The lean recording shell, titled for a video contract.
          await openPhoneRecorder(page, address);
          await expectTitle(page, title('titles.vcMobile'));
          await expectVisibleText(page, t('video.script.name', { name: 'Dan Desk' }));
          await recordWithFakeCamera(page);
          await expectNoSeriousViolations(page);
          await button(page, 'video.recorder.uploadFinish').click();
          await page.getByTestId('mobile-video-done').waitFor({ state: 'visible', timeout: 30000 });
          // In Japanese, the same page has its Japanese title.
          await page.goto(address.replace('/en/', '/jp/'), { waitUntil: 'domcontentloaded' });
          await expectTitle(page, `${text('ja', 'titles.vcMobile')} | ${text('ja', 'app.name')}`);
        });
        expect(phone.unexpectedProblems([/status of 410/])).toEqual([]);

        await desktop.run(async () => {
          // The desktop saw the phone's video arrive and went on to the terms by itself.
          await acceptTerms(desktop.page);
          const [, d] = await documentDeps().docs.listRecipients(docuId);
          expect(d).toMatchObject({ name: 'Dan Desk', agreement: 1 });
          expect(d!.video).toMatchObject({ contentType: 'video/webm' });
        });
        expect(desktop.unexpectedProblems()).toEqual([]);

        // (d) Pia, on the phone, opens her link and denies with a reason.
        await phone.run(async () => {
          const page = await toContractorVideo(phone, pia);
          await page.getByTestId('owner-video').waitFor({ state: 'visible', timeout: 30000 });
          // 380 px first: no horizontal scroll, touch targets of at least 44 px.
          await expect(
            page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
          ).resolves.toBe(true);
          for (const b of await page.getByRole('button').all()) {
            if (!(await b.isVisible())) continue;
            const box = await b.boundingBox();
            expect({ button: await b.textContent(), tall: (box?.height ?? 0) >= 44 }).toMatchObject({
              tall: true,
            });
          }
          await expectNoSeriousViolations(page);
          await page.getByTestId('deny').click();
          const dialog = page.getByTestId('deny-dialog');
          await dialog.waitFor({ state: 'visible', timeout: 10000 });
          await dialog.getByTestId('deny-reason').fill('The price in the video is wrong.');
          await dialog.getByTestId('deny-confirm').click();
          await page.getByTestId('signer-denied').waitFor({ state: 'visible', timeout: 30000 });
        });
        expect(phone.unexpectedProblems([/status of 410/])).toEqual([]);
      } finally {
        await desktop.close();
        await phone.close();
      }
      await eventually(async () => (await statusOf(docuId)) === 'Reject', 30000, 'the contract denied');
      const [, , p] = await documentDeps().docs.listRecipients(docuId);
      expect(p).toMatchObject({
        name: 'Pia Phone',
        agreement: 2,
        denyReason: 'The price in the video is wrong.',
      });
    }));
});
