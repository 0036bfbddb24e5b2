// The signer flow (issue #5) in Chromium, against the whole local cloud, as new users would: an owner
// (made through the API) sends a contract to an e-mail contractor and a phone contractor; each opens
// the link of their message (the local mailbox; SMS are mails to <E.164>@sms.local), accepts the
// 'Request to Sign' popup, makes a sign (auto-generated, or drawn with the mouse), signs all their
// areas, and confirms the electronic signature terms; the document then waits for its seal
// (Generating). Also: a tampered link, a denial with a reason, and an already-agreed link. Texts
// come from the shared catalogues (./catalogue), never from copies here.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { api } from '../support/cloud-client';
import { PASSWORD, sendTwoContractorDocument } from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, submitSignIn } from './steps';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

const box = { pageIndex: 0, x: 60, y: 100, width: 150, height: 50 };

/** A contract sent to two contractors; the e-mail one has two areas, the SMS one one. */
const sentDocument = (title: string) =>
  sendTwoContractorDocument({
    title,
    ownerName: 'Olivia Owner',
    names: ['Mia Mail', 'Pat Phone'],
    areas: [
      { recipientIndex: 0, ...box },
      { recipientIndex: 0, ...box, y: 300 },
      { recipientIndex: 1, ...box, x: 300 },
    ],
  });

const button = (page: Page, key: string) => page.getByRole('button', { name: t(key), exact: true });

/** Opens a signer link and accepts the 'Request to Sign' popup. */
async function openAndAccept(session: BrowserSession, link: string): Promise<Page> {
  const page = await openApp(session, link);
  const request = page.getByTestId('sign-request');
  await request.waitFor({ state: 'visible', timeout: 30000 });
  await expectVisibleText(page, t('signing.requestMessage'));
  await request.getByRole('button', { name: t('signer.sign'), exact: true }).click();
  await expectVisibleText(page, t('signing.reviewPrompt', { nth: '1st' }));
  return page;
}

async function nextAndConfirm(page: Page): Promise<void> {
  const next = button(page, 'signer.next');
  await expect(next.isEnabled()).resolves.toBe(true);
  await next.click();
  const terms = page.getByTestId('terms-dialog');
  await terms.waitFor({ state: 'visible', timeout: 20000 });
  await expectVisibleText(page, t('signer.terms.title'));
  // Confirm waits until the end of the terms was shown (a phone scrolls them).
  await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await terms.getByRole('button', { name: t('signer.confirm'), exact: true }).click();
  await expectVisibleText(page, t('signing.completed'));
  await expectVisibleText(page, t('signing.completedExplanation'));
}

describe('signer flow (/outsign)', () => {
  let session: BrowserSession;

  beforeEach(async () => {
    session = await launchBrowser({ viewport: { width: 380, height: 800 } });
  });
  afterEach(async () => {
    await session.close();
  });

  it('both contractors sign (auto-generated and drawn signs); the document goes to Generating', async () => {
    const sent = await sentDocument('Signer e2e agreement');
    await session.run(async () => {
      // The e-mail contractor: Sign All without a sign opens the maker; Auto Generation.
      const page = await openAndAccept(session, sent.mailLink);
      await page.getByTestId('pdf-page-0').waitFor({ state: 'visible' });
      await expect(button(page, 'signer.next').isDisabled()).resolves.toBe(true);
      await expect(button(page, 'signer.previous').isDisabled()).resolves.toBe(true);
      await button(page, 'signer.signAll').click();
      const maker = page.getByTestId('sign-maker');
      await maker.waitFor({ state: 'visible' });
      await maker.getByRole('tab', { name: t('signer.maker.auto') }).click();
      // Blank, then too long, then a real name.
      await maker.getByRole('button', { name: t('signer.maker.generate') }).click();
      await expectVisibleText(page, t('signs.errors.autoSignBlank'));
      await maker.getByLabel(t('signer.maker.familyName')).fill('Mailington-Smithers');
      await maker.getByLabel(t('signer.maker.givenName')).fill('Mia');
      await maker.getByLabel(t('signer.maker.language')).selectOption('en');
      await maker.getByRole('button', { name: t('signer.maker.generate') }).click();
      await expectVisibleText(page, t('signs.errors.autoSignTooLong'));
      await maker.getByLabel(t('signer.maker.familyName')).fill('Mail');
      await maker.getByRole('button', { name: t('signer.maker.generate') }).click();
      await maker.getByTestId('auto-candidate-5').waitFor({ state: 'visible', timeout: 20000 });
      await expect(maker.getByRole('radio').count()).resolves.toBe(6);
      await maker.getByRole('radio', { name: t('signer.maker.candidate', { n: 3 }) }).click();
      await maker.getByRole('button', { name: t('signer.maker.save') }).click();
      await maker.waitFor({ state: 'detached', timeout: 20000 });
      await expectVisibleText(page, t('signer.allSigned'));
      await expect(page.locator('.signer-area.mine img').count()).resolves.toBe(2);
      await expect(page.locator('.signer-area.others').count()).resolves.toBe(1);
      await nextAndConfirm(page);
    });

    const second = await launchBrowser({ viewport: { width: 1000, height: 900 } });
    try {
      await second.run(async () => {
        // The phone contractor: Edit Sign → make a new sign → Draw with the mouse → Sign All.
        const page = await openApp(second, sent.smsLink);
        const request = page.getByTestId('sign-request');
        await request.waitFor({ state: 'visible', timeout: 30000 });
        await request.getByRole('button', { name: t('signer.sign'), exact: true }).click();
        await expectVisibleText(page, t('signing.reviewPrompt', { nth: '2nd' }));
        await button(page, 'signer.editSign').click();
        await page.getByRole('button', { name: t('signer.makeNewSign') }).click();
        const maker = page.getByTestId('sign-maker');
        await maker.waitFor({ state: 'visible' });
        // Saving an empty drawing is refused in the browser.
        await maker.getByRole('button', { name: t('signer.maker.save') }).click();
        await expectVisibleText(page, t('signer.maker.emptyDrawing'));
        const canvas = maker.getByTestId('sign-draw-canvas');
        const box = (await canvas.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
        await page.mouse.down();
        for (let i = 1; i <= 20; i++) {
          await page.mouse.move(
            box.x + box.width * (0.1 + i * 0.035),
            box.y + box.height * (0.6 - 0.3 * Math.sin(i / 3)),
          );
        }
        await page.mouse.up();
        await maker.getByRole('button', { name: t('signer.maker.save') }).click();
        await maker.waitFor({ state: 'detached', timeout: 20000 });
        await button(page, 'signer.signAll').click();
        await expectVisibleText(page, t('signer.allSigned'));
        await nextAndConfirm(page);
      });
    } finally {
      await second.close();
    }

    const doc = await api(`/api/documents/${sent.docuId}`, { token: sent.owner.token });
    expect(doc.status).toBe(200);
    // Generating, or already Completed by the seal worker (issue #6).
    expect(['Generating', 'Completed']).toContain(doc.body.status);

    // Coming back to an agreed link: the alert while the seal runs, or the completed page once it has
    // (issue #29: a completed contract says so, signer-closed.test.ts) — then Go to Home either way.
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink);
      await page
        .getByText(t('signing.alreadyAgreed'), { exact: true })
        .or(page.getByText(t('signerStates.completed.title'), { exact: true }))
        .first()
        .waitFor({ state: 'visible', timeout: 30000 });
      await page
        .getByRole('link', { name: t('signing.goHome') })
        .first()
        .waitFor({ state: 'visible' });
    });
    // The completed page comes from the view's 409 (issue #29) when the seal has finished.
    expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
    // Issue #13: the whole journey (pdf.js and its worker, the sign maker's canvas and blob: images,
    // presigned PDFs from the bucket) ran under the CSP CloudFront sends, with no violation reported.
    const shell = await fetch(new URL(sent.mailLink, session.page.url()));
    expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(
      session.problems.filter((p) => /CSP violation|Content Security Policy|Refused to/i.test(p.text)),
    ).toEqual([]);
  });

  it('a tampered link shows the invalid-link page and reveals nothing', async () => {
    const sent = await sentDocument('Tampered link contract');
    await session.run(async () => {
      const last = sent.mailLink.at(-1) === 'A' ? 'B' : 'A';
      const page = await openApp(session, sent.mailLink.slice(0, -1) + last);
      await expectVisibleText(page, t('signer.invalidLinkTitle'));
      await expectVisibleText(page, t('signing.errors.invalidLink'));
      await expect(page.getByText('Tampered link contract').count()).resolves.toBe(0);
      await page.getByRole('link', { name: t('signing.goHome') }).waitFor({ state: 'visible' });
    });
    expect(session.unexpectedProblems([/404/, /Failed to load resource/])).toEqual([]);
  });

  it('a signed-in owner sees Caution and logs out; the contractor then denies: Signing Denied.', async () => {
    const sent = await sentDocument('Contract to deny');
    await session.run(async () => {
      // The owner is signed in in this browser: the contractor's link asks to log out first.
      const page = await openApp(session, '/en/login');
      await submitSignIn(page, sent.owner.email, PASSWORD);
      await expectPath(page, ['/en/thankyou', '/en/home']);
      await openApp(session, sent.mailLink);
      const caution = page.getByTestId('signer-caution');
      await caution.waitFor({ state: 'visible', timeout: 30000 });
      await expectVisibleText(page, t('access.caution.message'));
      await caution.getByRole('button', { name: t('access.caution.logoutAndProceed') }).click();
      await page.getByTestId('sign-request').waitFor({ state: 'visible', timeout: 30000 });
      await page
        .getByTestId('sign-request')
        .getByRole('button', { name: t('signer.sign'), exact: true })
        .click();
      await button(page, 'signer.deny').click();
      const dialog = page.getByTestId('deny-dialog');
      await dialog.waitFor({ state: 'visible' });
      const reason = dialog.getByPlaceholder(t('signing.denyReasonPlaceholder', { max: 200 }));
      await dialog.getByRole('button', { name: t('signer.deny'), exact: true }).click();
      await expectVisibleText(page, t('signing.errors.denyReasonRequired'));
      await reason.fill('The fee in section 3 is wrong.');
      await dialog.getByRole('button', { name: t('signer.deny'), exact: true }).click();
      await expectVisibleText(page, t('signing.signingDenied'));
    });
    const doc = await api(`/api/documents/${sent.docuId}`, { token: sent.owner.token });
    expect(doc.body.recipients[0].agreement).toBe(2);
  });
});
