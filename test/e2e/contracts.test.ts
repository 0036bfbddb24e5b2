// Contract management (issue #7) in Chromium against the whole local cloud, as new users would: the
// owner watches a sent contract move from Pending to Signed once both contractors have signed (the
// seal worker of issue #6 completes it), downloads the final PDF and mails it (it arrives in the local
// mailbox); sees the drafts apart, after the contracts sent, continues them from the right step and
// deletes one; resends a request (issue #5's Resend). A contractor who has an account with the
// verified e-mail sees the document sent to them, and Continue opens their signer page. Texts come
// from the shared catalogues.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { verifiedUser } from '../support/accounts';
import { api, eventually, mailbox } from '../support/cloud-client';
import {
  createDocument,
  mailsTo,
  newOwner,
  sendTwoContractorDocument,
  SIGNER_LINK,
  uploadPdf,
} from '../support/documents';
import { makePng } from '../support/png';
import { launchBrowser, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, signInAt } from './steps';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

const card = (page: Page, docuId: string) => page.getByTestId(`contract-${docuId}`);
const cardButton = (page: Page, docuId: string, key: string) =>
  card(page, docuId).getByRole('button', { name: t(key), exact: true });

/** A contractor signs all their areas and agrees, through the signer API (the signer flow's own
 *  journeys are in signer.test.ts). */
async function signAsContractor(docuId: string, token: string, areaIndexes: number[]): Promise<void> {
  const base = `/api/sign/${docuId}/${token}`;
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 50)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(`${base}/areas`, {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
  expect((await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } })).status).toBe(200);
}

describe('contract lists (/home/doc)', () => {
  let session: BrowserSession;

  beforeEach(async () => {
    session = await launchBrowser({ locale: 'en-US' });
  });
  afterEach(async () => {
    await session.close();
  });

  test('the owner sees the contract move from Pending to Signed, downloads the final PDF and mails it', () =>
    session.run(async () => {
      const sent = await sendTwoContractorDocument({ title: 'Lease to complete' });
      const page = await signInAt(session, sent.owner, '/en/home/doc/pending');
      await page
        .getByTestId('section-owner')
        .getByTestId(`contract-${sent.docuId}`)
        .waitFor({ timeout: 20000 });
      await expect(card(page, sent.docuId).getByTestId('status-label').textContent()).resolves.toBe(
        t('documents.status.waitingSign'),
      );

      await signAsContractor(sent.docuId, sent.mailToken, [0, 1]);
      await signAsContractor(sent.docuId, sent.smsToken, [2]);

      await page.getByTestId('tab-signed').click();
      await expectPath(page, '/en/home/doc/signed');
      await card(page, sent.docuId).waitFor({ timeout: 20000 });
      // A Generating card re-checks every 5 s and the list refreshes once the seal completes it.
      await card(page, sent.docuId)
        .getByTestId('status-label')
        .getByText(t('documents.status.completed'), { exact: true })
        .waitFor({ timeout: 90000 });

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 20000 }),
        cardButton(page, sent.docuId, 'contracts.actions.download').click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `Lease to complete-${sent.docuId.slice(0, 4).toUpperCase()}-signed.pdf`,
      );
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const to = `final-${randomUUID()}@example.com`;
      await cardButton(page, sent.docuId, 'contracts.actions.mail').click();
      const dialog = page.getByTestId('mail-dialog');
      await dialog.getByLabel(t('contracts.mail.label'), { exact: true }).fill(to);
      await dialog.getByRole('button', { name: t('contracts.actions.send'), exact: true }).click();
      await expectVisibleText(page, t('documents.email.sent'));
      const mail = await eventually(
        async () => mailsTo(await mailbox(), to)[0],
        30000,
        'the mailed final PDF',
      );
      expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');
    }));

  test('the owner continues half-made drafts from the right step and deletes a draft', () =>
    session.run(async () => {
      const owner = await newOwner('en', 'Drafty Owner');
      const uploaded = await createDocument(owner);
      expect((await uploadPdf(owner, uploaded)).status).toBe(200);
      const withContractors = await createDocument(owner);
      expect((await uploadPdf(owner, withContractors)).status).toBe(200);
      const rcpt = await api(`/api/documents/${withContractors}/recipients`, {
        method: 'PUT',
        token: owner.token,
        body: {
          recipients: [{ name: 'Sam Signer', contact: `sam-${randomUUID()}@example.com` }],
          finalRecipients: [],
          lang: 'en',
        },
      });
      expect(rcpt.status).toBe(200);
      const empty = await createDocument(owner);

      const page = await signInAt(session, owner, '/en/home/doc/pending');
      // Drafts are listed apart, after the contracts sent (issue #14): none of them is among those.
      const drafts = page.getByTestId('section-drafts');
      await drafts.getByTestId(`contract-${uploaded}`).waitFor({ timeout: 20000 });
      await drafts.getByRole('heading', { name: t('contracts.sections.drafts'), exact: true }).waitFor();
      for (const id of [withContractors, empty]) await drafts.getByTestId(`contract-${id}`).waitFor();
      const owned = page.getByTestId('section-owner');
      await owned.getByText(t('contracts.empty'), { exact: true }).waitFor();
      await expect(owned.locator('[data-testid^="contract-"]').count()).resolves.toBe(0);
      await expect(
        owned.evaluate(
          (section) =>
            !!(
              section.compareDocumentPosition(document.querySelector('[data-testid="section-drafts"]')!) &
              Node.DOCUMENT_POSITION_FOLLOWING
            ),
        ),
      ).resolves.toBe(true);
      await expect(card(page, uploaded).getByTestId('status-label').textContent()).resolves.toBe(
        t('documents.status.fileUploaded'),
      );
      // Nothing was sent: 'Draft', and its contractor is not yet requested (no 'Sign Required').
      await expect(card(page, withContractors).getByTestId('draft-label').textContent()).resolves.toBe(
        t('contracts.badges.draft'),
      );
      const sam = card(page, withContractors).getByTestId('recipient-0');
      await sam.getByText(t('contracts.badges.notRequested'), { exact: true }).waitFor();
      await expect(sam.getByText(t('recipients.labels.signRequired'), { exact: true }).count()).resolves.toBe(
        0,
      );

      // Uploaded → the contractors step; contractors saved → the sign-area step.
      await cardButton(page, uploaded, 'contracts.actions.continue').click();
      await expectPath(page, `/en/home/make/esign/addrcpt/${uploaded}`);
      await page.goBack();
      await cardButton(page, withContractors, 'contracts.actions.continue').click();
      await expectPath(page, `/en/home/make/esign/setpos/${withContractors}`);
      await page.goBack();

      // Not uploaded yet: the spec's alert with the status.
      await cardButton(page, empty, 'contracts.actions.continue').click();
      await expectVisibleText(page, t('documents.notReady', { status: t('documents.status.ready') }));

      // Delete a draft: the spec's warning, then 'Deleted !!!'; the card is gone and so is the document.
      await cardButton(page, empty, 'contracts.actions.delete').click();
      const confirm = page.getByTestId('delete-dialog');
      await expectVisibleText(page, t('documents.delete.confirm'));
      await confirm.getByRole('button', { name: t('contracts.actions.delete'), exact: true }).click();
      await expectVisibleText(page, t('documents.delete.done'));
      await card(page, empty).waitFor({ state: 'detached', timeout: 20000 });
      expect((await api(`/api/documents/${empty}`, { token: owner.token })).status).toBe(404);
      await card(page, uploaded).waitFor();

      // Show Document: the PDF in a frame; OK goes back to the list.
      await card(page, uploaded)
        .getByRole('link', { name: t('contracts.actions.show'), exact: true })
        .click();
      await expectPath(page, `/en/home/show_docu/${uploaded}`);
      await page.getByTestId('document-frame').waitFor({ timeout: 20000 });
      expect(await page.getByTestId('document-frame').getAttribute('src')).toContain(
        `documents/${uploaded}/`,
      );
      await page.getByRole('button', { name: t('contracts.actions.ok'), exact: true }).click();
      await expectPath(page, '/en/home/doc/pending');

      // Activity: the latest history items in the spec's wording.
      await page.getByTestId('tab-activity').click();
      await expectPath(page, '/en/home/doc/activity');
      await page.getByTestId('activity').waitFor();
      await expect(
        page
          .getByTestId('activity')
          .getByText(
            t('contracts.activity.entry', { actor: 'Drafty Owner', action: t('history.actions.upload') }),
          )
          .count(),
      ).resolves.toBe(2);
    }));

  test('the owner resends a request to a contractor who has not signed (the old link stops working)', () =>
    session.run(async () => {
      const sent = await sendTwoContractorDocument({ title: 'Resend me' });
      const page = await signInAt(session, sent.owner, '/en/home/doc/pending');
      await card(page, sent.docuId).waitFor({ timeout: 20000 });
      await card(page, sent.docuId)
        .getByRole('button', { name: t('contracts.actions.details'), exact: true })
        .click();
      const progress = page.getByTestId(`details-${sent.docuId}`).getByTestId('progress-0');
      await progress
        .getByRole('button', { name: `${t('contracts.actions.resend')}: Mail Signer`, exact: true })
        .click();
      await expectVisibleText(page, t('contracts.resend.done', { name: 'Mail Signer' }));

      // More info: Document Info and Progress Status tabs.
      await cardButton(page, sent.docuId, 'contracts.actions.moreInfo').click();
      const info = page.getByTestId('more-info');
      await info.getByText(t('contracts.fields.fileName'), { exact: true }).waitFor();
      await info.getByRole('tab', { name: t('contracts.panels.progressStatus'), exact: true }).click();
      await info
        .getByTestId('progress-1')
        .getByText(t('recipients.labels.signRequired'), { exact: true })
        .waitFor();
      await info.getByRole('button', { name: t('common.close'), exact: true }).click();
      const links = await eventually(
        async () => {
          const found = mailsTo(await mailbox(), sent.email)
            .map((m) => SIGNER_LINK.exec(m.body.text ?? '')?.[3])
            .filter((token): token is string => Boolean(token));
          return found.length >= 2 ? found : null;
        },
        30000,
        'the resent request',
      );
      expect(links.filter((token) => token !== sent.mailToken)).toHaveLength(1);
      expect((await api(`/api/sign/${sent.docuId}/${sent.mailToken}`)).status).toBe(404);
    }));

  test('a denied contract shows the red Sign badge and the reason behind the deny-reason link', () =>
    session.run(async () => {
      const sent = await sendTwoContractorDocument({ title: 'To be denied' });
      const denied = await api(`/api/sign/${sent.docuId}/${sent.smsToken}/deny`, {
        method: 'POST',
        body: { reason: 'The amount is wrong', lang: 'en' },
      });
      expect(denied.status).toBe(200);
      const page = await signInAt(session, sent.owner, '/en/home/doc/pending');
      const row = card(page, sent.docuId).getByTestId('recipient-1');
      await row.getByText(t('recipients.labels.signDenied'), { exact: true }).waitFor({ timeout: 20000 });
      await expect(card(page, sent.docuId).getByTestId('list-label').textContent()).resolves.toBe(
        t('documents.listLabels.signDenied'),
      );
      await row.getByRole('button', { name: t('contracts.actions.denyReason'), exact: true }).click();
      await page.getByTestId('deny-reason').getByText('The amount is wrong', { exact: true }).waitFor();
    }));

  test('a contractor with an account sees the contract sent to them, and Continue opens their signer page', () =>
    session.run(async () => {
      const sent = await sendTwoContractorDocument({ title: 'For Mia to sign' });
      const mia = await verifiedUser(sent.email, 'Mia Mail');
      const page = await signInAt(session, mia, '/en/home/doc/pending');
      const section = page.getByTestId('section-contractor');
      await section.waitFor({ timeout: 20000 });
      await expectVisibleText(page, t('contracts.sections.received'));
      await card(page, sent.docuId).waitFor();
      await expect(card(page, sent.docuId).getByTestId('list-label').textContent()).resolves.toBe(
        t('documents.listLabels.signNeeded'),
      );
      // Not the requester: no delete.
      await expect(cardButton(page, sent.docuId, 'contracts.actions.delete').count()).resolves.toBe(0);

      await cardButton(page, sent.docuId, 'contracts.actions.continue').click();
      await page.waitForURL(
        (url) => new RegExp(`^/en/outsign/${sent.docuId}/[A-Za-z0-9_-]{43}$`).test(url.pathname),
        { timeout: 20000 },
      );
      // The signed-in user is this contractor: no 'Caution!', straight to 'Request to Sign'.
      await page.getByTestId('sign-request').waitFor({ state: 'visible', timeout: 30000 });
      await expectVisibleText(page, t('signing.requestMessage'));
      await expect(page.getByTestId('signer-caution').count()).resolves.toBe(0);
    }));
});
