// The signer's side of routing (issue #28) in Chromium against the whole local cloud: contracts are
// made and sent through the owner's API with roles, groups, an expiry and delegation, and each
// contractor opens the link the local mailbox received — or, before their turn, the one their own
// account's Continue gives them, which is all a real contractor of a later group could hold.
//
// - A contractor of the third group, signed in on a phone (380×820), presses Continue in their
//   contract list: the page says whom the flow waits for (and again, the other group, once the first
//   has signed), titled in English, with neither pdf.js nor the PDF downloaded; the API refuses the
//   same link (409 notYourTurn) for the view and for an agreement.
// - An approver reads the document (no fields, no signs) and approves it through the e-sign terms,
//   with "Please answer by …" under the title, or denies it with a reason; a viewer has a read-only
//   copy with its banner and no action; an approver of a Video Sign contract approves without
//   recording.
// - A contract that expires while a contractor's page is open: their next call shows "This request
//   expired on …" (the date in the page's language) and to ask the sender to extend it; the
//   Japanese link says it in Japanese. The local test clock moves the server two hours on.
// - A voided contract: the open page's next call shows the voided page with the sender's reason, and
//   a link opened afterwards shows it at once.
// - Forwarding: the dialog with the keyboard (focus on the name, Escape closes, each field's
//   message), a refusal from the server shown in it with what was typed kept, then "Forwarded to …";
//   the new person signs from their own link while the old link is refused (page and API).
//
// Every page checked here has 0 critical or serious axe violations and its own title.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { verifiedUser } from '../support/accounts';
import { api, eventually } from '../support/cloud-client';
import {
  createDocument,
  newOwner,
  signerLinkTo,
  uploadPdf,
  SIGNER_LINK,
  type Owner,
} from '../support/documents';
import { makePng } from '../support/png';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { switchToVideoSign } from '../support/video';
import { text } from './catalogue';
import { expectVisibleText, signInAt } from './steps';

jest.setTimeout(360000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const PHONE = { width: 380, height: 820 };
const MIN_TARGET = 44;

type Role = 'signer' | 'approver' | 'viewer';
interface Party {
  name: string;
  role?: Role;
  group?: number;
}
interface Routed {
  owner: Owner;
  docuId: string;
  /** Each party's e-mail address, in the order given. */
  emails: string[];
}

/** The server's clock (the local test clock may have moved it on). */
async function serverNow(): Promise<number> {
  const res = await api('/local/test-clock');
  expect(res.status).toBe(200);
  return Date.parse(res.body.now as string);
}

/**
 * A one-page contract sent by a new owner to `parties` (each by e-mail), with their roles and groups,
 * the signing order, an optional expiry and delegation; every signer has one sign area.
 */
async function sendRouted(options: {
  title: string;
  parties: readonly Party[];
  order: 'parallel' | 'sequential';
  expiresAt?: string | null;
  allowDelegation?: boolean;
  videoSign?: boolean;
}): Promise<Routed> {
  const owner = await newOwner('en', 'Olivia Owner');
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const emails = options.parties.map(() => `party-${randomUUID()}@example.com`);
  const saved = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: {
      recipients: options.parties.map((p, i) => ({
        name: p.name,
        contact: emails[i],
        role: p.role ?? 'signer',
        group: p.group ?? 1,
      })),
      finalRecipients: [],
      lang: 'en',
      routing: {
        order: options.order,
        reminders: null,
        expiresAt: options.expiresAt ?? null,
        allowDelegation: options.allowDelegation ?? false,
      },
    },
  });
  expect(saved.status).toBe(200);
  const areas = options.parties.flatMap((p, i) =>
    (p.role ?? 'signer') === 'signer'
      ? [{ recipientIndex: i, pageIndex: 0, x: 50, y: 60 + 70 * i, width: 120, height: 40 }]
      : [],
  );
  const placed = await api(`/api/documents/${docuId}/areas`, {
    method: 'PUT',
    token: owner.token,
    body: { areas },
  });
  expect(placed.status).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: options.title, privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  const sent = await api(`/api/documents/${docuId}/send`, {
    method: 'POST',
    token: owner.token,
    body: { lang: 'en' },
  });
  expect(sent.status).toBe(200);
  if (options.videoSign) await switchToVideoSign(docuId);
  return { owner, docuId, emails };
}

/** The token of a signer link (path). */
const tokenOf = (link: string) => SIGNER_LINK.exec(link)![3]!;

/** A signer signs their one area and agrees through the signer API. */
async function signThroughApi(docuId: string, token: string): Promise<void> {
  const base = `/api/sign/${docuId}/${token}`;
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 50)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(`${base}/areas`, {
    method: 'PUT',
    body: { signs: [{ areaIndex: 0, signId: sign.body.signId }] },
  });
  expect(applied.status).toBe(200);
  const agreed = await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } });
  expect(agreed.status).toBe(200);
}

async function details(routed: Routed) {
  const res = await api(`/api/documents/${routed.docuId}/details`, { token: routed.owner.token });
  expect(res.status).toBe(200);
  return res.body as {
    status: string;
    recipients: { name: string; agreement: number; delegatedFrom: { name: string } | null }[];
  };
}

/** pdf.js (its library chunk and worker), a contract's PDF, or the signing screens' chunk. */
const PDF_OR_SCREENS =
  /\/assets\/(pdf-[A-Za-z0-9_-]{8}\.js|pdf\.worker|signer-screens-)|original-[0-9a-f]+\.pdf$/;

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width!);
}

/** Every visible control matched by `selector` is at least 44 px tall. */
async function expectTall(page: Page, selector: string): Promise<void> {
  const heights = await page.locator(selector).evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => ({
        what: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 30),
        height: Math.round(el.getBoundingClientRect().height),
      })),
  );
  expect(heights.length).toBeGreaterThan(0);
  expect(heights.filter((h) => h.height < MIN_TARGET)).toEqual([]);
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function expectTitle(page: Page, key: string, locale: 'en' | 'ja' = 'en'): Promise<void> {
  const wanted = `${text(locale, key)} | ${text(locale, 'app.name')}`;
  await page.waitForFunction((w) => document.title === w, wanted, { timeout: 20000 });
}

/** The level-one heading reads `wanted` (the page's own, not the contract's). */
async function expectHeading(page: Page, wanted: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: wanted, exact: true }).waitFor({ timeout: 30000 });
}

/** A date and time as the page writes it (Intl, the browser's zone) in `locale`. */
function pageDateTime(page: Page, iso: string, locale: string): Promise<string> {
  return page.evaluate(
    ([at, loc]) =>
      new Intl.DateTimeFormat(loc, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at!)),
    [iso, locale],
  );
}

/** The signer page behind the request popup: Sign (or the approver's button), then the review. */
async function startAnswering(page: Page, buttonKey = 'signer.sign'): Promise<void> {
  const request = page.getByTestId('sign-request');
  await request.waitFor({ state: 'visible', timeout: 30000 });
  await request.getByRole('button', { name: t(buttonKey), exact: true }).click();
  await request.waitFor({ state: 'detached' });
}

/** Scrolls the e-sign terms to their end and confirms them. */
async function confirmTerms(page: Page): Promise<void> {
  const terms = page.getByTestId('terms-dialog');
  await terms.waitFor({ state: 'visible', timeout: 30000 });
  await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  const confirm = terms.getByRole('button', { name: t('signer.confirm'), exact: true });
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="terms-confirm"]') as HTMLButtonElement | null)?.disabled,
  );
  await confirm.click();
}

/** A sign saved through the link (Sign All then applies it at once). */
async function saveSign(docuId: string, link: string): Promise<void> {
  const sign = await api(`/api/sign/${docuId}/${tokenOf(link)}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 50)).toString('base64') },
  });
  expect(sign.status).toBe(201);
}

/** Sign All (with the saved sign) and Next on an open review. */
async function signAllAndNext(page: Page): Promise<void> {
  await page.getByTestId('sign-all').click();
  await expectVisibleText(page, t('signer.allSigned'));
  await page.getByTestId('signer-next').click();
}

describe('routing on the signer page (issue #28)', () => {
  let session: BrowserSession;
  afterEach(async () => {
    await session?.close();
  });

  it('a third-group contractor who opens the contract early from their account, on a phone, is told whom it waits for; the API refuses the link too', async () => {
    const routed = await sendRouted({
      title: 'Three group lease',
      order: 'sequential',
      parties: [
        { name: 'Ann First', group: 1 },
        { name: 'Bo Approver', role: 'approver', group: 2 },
        { name: 'Bea Second', group: 2 },
        { name: 'Cy Third', group: 3 },
        { name: 'Vic Viewer', role: 'viewer', group: 1 },
      ],
    });
    const cy = await verifiedUser(routed.emails[3]!, 'Cy Third');
    session = await launchBrowser({ viewport: PHONE, touch: true });
    await session.run(async () => {
      const page = await signInAt(session, cy, '/en/home/doc/pending');
      const card = page.getByTestId(`contract-${routed.docuId}`);
      await card.waitFor({ timeout: 30000 });
      await card.getByRole('button', { name: t('contracts.actions.continue'), exact: true }).click();
      await page.waitForURL((url) => url.pathname.startsWith(`/en/outsign/${routed.docuId}/`), {
        timeout: 30000,
      });
      const link = new URL(page.url()).pathname;

      await expectHeading(page, t('signing.errors.notYourTurn', { names: 'Ann First' }));
      await expectVisibleText(page, t('routingSigner.notYourTurn.explanation'));

      // The API refuses the same link, for the view and for an agreement.
      const base = `/api/sign/${routed.docuId}/${tokenOf(link)}`;
      const view = await api(base);
      expect(view.status).toBe(409);
      expect(view.body.error.code).toBe('signing.errors.notYourTurn');
      expect(view.body.error.details.waitingFor).toEqual(['Ann First']);
      const agree = await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } });
      expect(agree.status).toBe(409);
      expect(agree.body.error.code).toBe('signing.errors.notYourTurn');

      // The link opened as it was copied, in a fresh phone browser: the page of its own, at once, light.
      const fresh = await launchBrowser({ viewport: PHONE, touch: true });
      try {
        await fresh.run(async (phone) => {
          const requests: string[] = [];
          phone.on('request', (request) => requests.push(new URL(request.url()).pathname));
          await openApp(fresh, link);
          await expectHeading(phone, t('signing.errors.notYourTurn', { names: 'Ann First' }));
          await expectVisibleText(phone, t('routingSigner.notYourTurn.explanation'));
          await expectTitle(phone, 'routingSigner.titles.notYourTurn');
          // No signing heading or step bar on it; usable at 380 px, with a 44 px target.
          await expect(phone.getByTestId('signer-progress').count()).resolves.toBe(0);
          await expectNoHorizontalScroll(phone);
          const home = phone.getByRole('link', { name: t('signing.goHome'), exact: true });
          expect((await home.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TARGET);
          await expectNoSeriousAxe(phone);
          // Nothing more comes once the network is quiet: no document viewer (pdf.js, its worker), no
          // PDF, not even the signing screens' chunk.
          await phone.waitForLoadState('networkidle', { timeout: 30000 });
          expect(requests.filter((p) => PDF_OR_SCREENS.test(p))).toEqual([]);

          // The first group signs: the link now waits for the second group (both names).
          await signThroughApi(routed.docuId, tokenOf((await signerLinkTo(routed.emails[0]!)).path));
          await phone.reload({ waitUntil: 'domcontentloaded' });
          await expectHeading(phone, t('signing.errors.notYourTurn', { names: 'Bo Approver, Bea Second' }));
        });
        expect(fresh.unexpectedProblems([/status of 409/])).toEqual([]);
      } finally {
        await fresh.close();
      }
    });
    expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
  });

  it('an approver reads the document and approves it; a viewer has a read-only copy', async () => {
    const expiresAt = new Date((await serverNow()) + 10 * 24 * 3600 * 1000).toISOString();
    const routed = await sendRouted({
      title: 'Approval lease',
      order: 'parallel',
      expiresAt,
      allowDelegation: true,
      parties: [
        { name: 'Ann Signer' },
        { name: 'Pam Approver', role: 'approver' },
        { name: 'Vic Viewer', role: 'viewer' },
      ],
    });
    session = await launchBrowser({ viewport: PHONE, touch: true });
    await session.run(async () => {
      // The viewer: straight to the document, a banner, nothing to press.
      const viewerLink = (await signerLinkTo(routed.emails[2]!)).path;
      const page = await openApp(session, viewerLink);
      await page.getByTestId('viewer-banner').waitFor({ timeout: 30000 });
      await expectVisibleText(page, t('routingSigner.viewer.banner'));
      await page.locator('[data-testid="pdf-page-0"][data-drawn="true"]').waitFor({ timeout: 60000 });
      await expectTitle(page, 'routingSigner.titles.view');
      await expect(page.getByTestId('sign-request').count()).resolves.toBe(0);
      // Nothing to sign or approve: the only button is the comment thread's (issue #29), which every
      // contractor of a plan with comments has.
      await expect(
        page.locator('main button:not([data-testid="signer-comments-button"])').count(),
      ).resolves.toBe(0);
      await expectNoHorizontalScroll(page);
      await expectNoSeriousAxe(page);

      // The approver: asked to approve, reads the pages, Approve → the terms → approved.
      await openApp(session, (await signerLinkTo(routed.emails[1]!)).path);
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      await request.getByText(t('routingSigner.approver.requestTitle'), { exact: true }).waitFor();
      await expectNoSeriousAxe(page);
      await startAnswering(page, 'routingSigner.approver.start');
      await expectVisibleText(page, t('routingSigner.approver.prompt'));
      await expectTitle(page, 'routingSigner.titles.approve');
      const deadline = await pageDateTime(page, expiresAt, 'en-US');
      await expectVisibleText(page, t('routingSigner.answerBy', { date: deadline }));
      await page.locator('[data-testid="pdf-page-0"][data-drawn="true"]').waitFor({ timeout: 60000 });
      await expect(page.getByTestId('sign-all').count()).resolves.toBe(0);
      await expect(page.getByTestId('signer-next').count()).resolves.toBe(0);
      await expect(page.locator('[data-testid^="my-area-"]').count()).resolves.toBe(0);
      await expectNoHorizontalScroll(page);
      await expectTall(page, 'main button');
      await expectNoSeriousAxe(page);
      // Forward's dialog fits the phone too, with 44 px controls; Cancel closes it.
      await page.getByRole('button', { name: t('routingSigner.forward.open'), exact: true }).tap();
      const dialog = page.getByTestId('forward-dialog');
      await dialog.waitFor({ state: 'visible' });
      await expectTall(page, '[data-testid="forward-dialog"] :is(button, input, textarea)');
      await expectNoHorizontalScroll(page);
      await expectNoSeriousAxe(page);
      await dialog.getByRole('button', { name: t('common.cancel'), exact: true }).tap();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: t('routingSigner.approver.approve'), exact: true }).tap();
      await confirmTerms(page);
      await expectVisibleText(page, t('routingSigner.approver.approved'));
      expect((await details(routed)).recipients[1]!.agreement).toBe(1);
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('an approver of a Video Sign contract approves without recording', async () => {
    const routed = await sendRouted({
      title: 'Video approval',
      order: 'parallel',
      videoSign: true,
      parties: [{ name: 'Ann Signer' }, { name: 'Pam Approver', role: 'approver' }],
    });
    session = await launchBrowser();
    await session.run(async () => {
      const recorder: string[] = [];
      const page = await openApp(session, (await signerLinkTo(routed.emails[1]!)).path);
      page.on('request', (request) => {
        if (/\/assets\/recorder-[^/]*\.js$/.test(new URL(request.url()).pathname))
          recorder.push(request.url());
      });
      await startAnswering(page, 'routingSigner.approver.start');
      await page.getByRole('button', { name: t('routingSigner.approver.approve'), exact: true }).click();
      await confirmTerms(page);
      await expectVisibleText(page, t('routingSigner.approver.approved'));
      await expect(page.getByTestId('video-recorder').count()).resolves.toBe(0);
      expect(recorder).toEqual([]);
      expect((await details(routed)).recipients[1]!.agreement).toBe(1);
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('an approver denies with a reason, as a signer does', async () => {
    const routed = await sendRouted({
      title: 'Denied approval',
      order: 'parallel',
      parties: [{ name: 'Ann Signer' }, { name: 'Pam Approver', role: 'approver' }],
    });
    session = await launchBrowser();
    await session.run(async () => {
      const page = await openApp(session, (await signerLinkTo(routed.emails[1]!)).path);
      await startAnswering(page, 'routingSigner.approver.start');
      await page.getByRole('button', { name: t('signer.deny'), exact: true }).click();
      const dialog = page.getByTestId('deny-dialog');
      await dialog.getByText(t('routingSigner.approver.denyTitle'), { exact: true }).waitFor();
      await dialog.getByTestId('deny-reason').fill('The price is not the one we agreed.');
      await expectNoSeriousAxe(page);
      await dialog.getByTestId('deny-confirm').click();
      await expectVisibleText(page, t('signing.signingDenied'));
      const after = await details(routed);
      expect(after.recipients[1]!.agreement).toBe(2);
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });

  it('a voided contract: the open page’s next call shows it with the reason, and a later link at once', async () => {
    const routed = await sendRouted({
      title: 'Voided lease',
      order: 'parallel',
      parties: [{ name: 'Ann Signer' }, { name: 'Bob Signer' }],
    });
    const annLink = (await signerLinkTo(routed.emails[0]!)).path;
    await saveSign(routed.docuId, annLink);
    session = await launchBrowser();
    await session.run(async () => {
      const page = await openApp(session, annLink);
      await startAnswering(page);
      await expectVisibleText(page, t('signing.reviewPrompt', { nth: '1st' }));

      const reason = 'The counterparty changed: a new contract follows.';
      const voided = await api(`/api/documents/${routed.docuId}/void`, {
        method: 'POST',
        token: routed.owner.token,
        body: { reason, lang: 'en' },
      });
      expect(voided.status).toBe(200);

      await signAllAndNext(page);
      await expectHeading(page, t('signing.errors.voided'));
      await expectVisibleText(page, t('routingSigner.voided.reason', { reason }));
      await expectTitle(page, 'routingSigner.titles.voided');

      await openApp(session, (await signerLinkTo(routed.emails[1]!)).path);
      await expectHeading(page, t('signing.errors.voided'));
      await expectVisibleText(page, t('routingSigner.voided.reason', { reason }));
      await expectNoSeriousAxe(page);
    });
    expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
  });

  it('forwarding: the dialog with the keyboard, a refusal kept in it, then the new person signs while the old link is refused', async () => {
    const routed = await sendRouted({
      title: 'Forwarded lease',
      order: 'parallel',
      allowDelegation: true,
      parties: [{ name: 'Ann Signer' }, { name: 'Bob Signer' }],
    });
    const annLink = (await signerLinkTo(routed.emails[0]!)).path;
    const nora = `nora-${randomUUID()}@example.com`;
    session = await launchBrowser();
    await session.run(async () => {
      const page = await openApp(session, annLink);
      await startAnswering(page);
      const forward = page.getByRole('button', { name: t('routingSigner.forward.open'), exact: true });
      await forward.waitFor();

      // The keyboard: Enter opens it with the focus on the name; Escape closes it, back on Forward.
      await forward.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('forward-dialog');
      await dialog.waitFor({ state: 'visible' });
      await page.waitForFunction(
        () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'forward-name',
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => (document.activeElement as HTMLElement | null)?.dataset.testid === 'forward',
      );

      // Sent empty (Enter in the name field): each field says what it needs.
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'visible' });
      await page.keyboard.press('Enter');
      await expectVisibleText(page, t('routingSigner.forward.nameRequired'));
      await expectVisibleText(page, t('routingSigner.forward.contactRequired'));
      await expectVisibleText(page, t('signing.errors.delegateReasonRequired'));
      await expectNoSeriousAxe(page);

      // Forwarded to someone already in the contract: the server's refusal, translated, in the dialog.
      const label = (key: string) => dialog.getByLabel(t(key), { exact: true });
      await label('routingSigner.forward.name').fill('Nora New');
      await label('routingSigner.forward.contact').fill(routed.emails[1]!);
      await label('routingSigner.forward.reason').fill('I am on leave until next month.');
      await dialog.getByRole('button', { name: t('routingSigner.forward.send'), exact: true }).click();
      await dialog.getByText(t('signing.errors.delegateToSelf'), { exact: true }).waitFor({ timeout: 20000 });
      await expect(label('routingSigner.forward.name').inputValue()).resolves.toBe('Nora New');
      await expect(label('routingSigner.forward.reason').inputValue()).resolves.toBe(
        'I am on leave until next month.',
      );

      // Another person: forwarded; this link no longer works.
      await label('routingSigner.forward.contact').fill(nora);
      await dialog.getByRole('button', { name: t('routingSigner.forward.send'), exact: true }).click();
      await expectVisibleText(page, t('routingSigner.forwarded.title', { name: 'Nora New' }));
      await expectVisibleText(page, t('routingSigner.forwarded.linkStopped'));
      await expectTitle(page, 'routingSigner.titles.forwarded');
      await expectNoSeriousAxe(page);

      const old = await api(`/api/sign/${routed.docuId}/${tokenOf(annLink)}`);
      expect(old.status).toBe(404);
      expect(old.body.error.code).toBe('signing.errors.invalidLink');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expectHeading(page, t('signer.invalidLinkTitle'));

      // Nora signs from her own link, in the fields Ann had.
      const noraLink = (await signerLinkTo(nora)).path;
      await saveSign(routed.docuId, noraLink);
      await openApp(session, noraLink);
      await startAnswering(page);
      await expectVisibleText(page, t('signing.reviewPrompt', { nth: '1st' }));
      await signAllAndNext(page);
      await confirmTerms(page);
      await expectVisibleText(page, t('signing.completed'));

      const after = await details(routed);
      expect(after.recipients[0]!.name).toBe('Nora New');
      expect(after.recipients[0]!.agreement).toBe(1);
      expect(after.recipients[0]!.delegatedFrom?.name).toBe('Ann Signer');
    });
    expect(session.unexpectedProblems([/status of 404/, /status of 409/])).toEqual([]);
  });
  // Last: its clock goes back when it is done, and no journey of this file runs after that.
  describe('on the test clock', () => {
    afterAll(async () => {
      await api('/local/test-clock/reset', { method: 'POST' });
    });

    it('a contract that expires while the page is open: the next call shows when it expired, in the page’s language', async () => {
      const expiresAt = new Date((await serverNow()) + 2 * 3600 * 1000).toISOString();
      const routed = await sendRouted({
        title: 'Expiring lease',
        order: 'parallel',
        expiresAt,
        parties: [{ name: 'Ann Signer' }, { name: 'Bob Signer' }],
      });
      const link = (await signerLinkTo(routed.emails[0]!)).path;
      await saveSign(routed.docuId, link);
      session = await launchBrowser({ viewport: PHONE, touch: true });
      await session.run(async () => {
        const page = await openApp(session, link);
        await startAnswering(page);
        const date = await pageDateTime(page, expiresAt, 'en-US');
        await expectVisibleText(page, t('routingSigner.answerBy', { date }));

        // Three hours later on the server's clock, the contract has expired.
        const moved = await api('/local/test-clock/advance', { method: 'POST', body: { seconds: 3 * 3600 } });
        expect(moved.status).toBe(200);
        await eventually(async () => (await details(routed)).status === 'Expired', 30000, 'Expired');
        const refused = await api(`/api/sign/${routed.docuId}/${tokenOf(link)}`);
        expect(refused.status).toBe(409);
        expect(refused.body.error.code).toBe('signing.errors.expired');
        const expiredAt = refused.body.error.details.expiredAt as string;

        // The page's next call meets the refusal: the expired page replaces the review.
        await signAllAndNext(page);
        const on = await pageDateTime(page, expiredAt, 'en-US');
        await expectHeading(page, t('signing.errors.expired', { date: on }));
        await expectVisibleText(page, t('routingSigner.expired.askSender'));
        await expectTitle(page, 'routingSigner.titles.expired');
        await expectNoSeriousAxe(page);

        // The Japanese link says it in Japanese, with a Japanese date.
        await openApp(session, link.replace(/^\/en\//, '/jp/'));
        const ja = await pageDateTime(page, expiredAt, 'ja-JP');
        await expectHeading(page, text('ja', 'signing.errors.expired', { date: ja }));
        await expectVisibleText(page, text('ja', 'routingSigner.expired.askSender'));
        await expectTitle(page, 'routingSigner.titles.expired', 'ja');
        await expectNoSeriousAxe(page);
      });
      expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
    });
  });
});
