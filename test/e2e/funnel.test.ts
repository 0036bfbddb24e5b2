// The E-Sign creation funnel (issue #4) in Chromium, against the whole local cloud, as a new user:
// sign up (API) and sign in (login popup), start an E-Sign contract from /home (no document until the
// first file: issue #14), upload a real 2-page PDF (a text file is refused in the browser, a fake
// .pdf by the server), see its page, go back and forward, add two contractors and the owner (a
// duplicate contact is refused at its row), place, move and resize sign areas on pages 1 and 2,
// finalize and send; the e-mail and the SMS (the local mailbox) carry each contractor's signer link.
// The owner, a contractor without a sign, draws one in the funnel, sees it in their area, and signs
// at sending. Then: the owner alone ('Completed', straight to the final document) with the address
// book and the keyboard; Video Contract's own funnel; a 300-page PDF drawn lazily. Texts come from
// the shared catalogues (see ./catalogue), never from copies here.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createAccount } from '../support/accounts';
import { mailStoreUrl } from '../support/cloud-client';
import { axeViolations } from '../support/axe';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, pathOf, submitSignIn } from './steps';

jest.setTimeout(180000);

const PASSWORD = 'Sign-seal-1';
const PHONE = '+819012345678';

/** A plain PDF of `count` A4 pages, each with its number. */
async function numberedPdf(count: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < count; i++) {
    pdf.addPage([595.28, 841.89]).drawText(`Page ${i + 1}`, { x: 50, y: 760, size: 24, font });
  }
  return Buffer.from(await pdf.save());
}

async function twoPagePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const [index, size] of [
    [595.28, 841.89],
    [612, 792],
  ].entries()) {
    const page = pdf.addPage(size as [number, number]);
    page.drawText(`Funnel test contract, page ${index + 1}`, {
      x: 50,
      y: page.getHeight() - 80,
      size: 18,
      font,
    });
  }
  return Buffer.from(await pdf.save());
}

/** An account made through the API with the code it mails (issue #13). */
async function signUp(email: string, name: string): Promise<void> {
  await createAccount(email, { name, password: PASSWORD });
}

interface Mail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}

/** The first message to this address that mentions `about` (other tests share the mailbox and numbers). */
/** The target of the short link (issue #14) in an SMS to `address` that redirects to `target`. */
async function smsLinkTo(address: string, target: RegExp): Promise<string> {
  const deadline = Date.now() + 30000;
  for (;;) {
    const res = await fetch(mailStoreUrl());
    const { emails } = (await res.json()) as { emails: Mail[] };
    for (const m of emails.filter((e) => e.destination.to.includes(address))) {
      const short = /https?:\/\/\S+\/api\/s\/[A-Za-z0-9_-]{12}/.exec(m.body.text ?? '');
      if (!short) continue;
      const redirect = await fetch(short[0], { redirect: 'manual' });
      const location = redirect.headers.get('location') ?? '';
      if (redirect.status === 302 && target.test(location)) return location;
    }
    if (Date.now() > deadline) throw new Error(`no SMS to ${address} with a short link to ${target}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function mailTo(address: string, about = ''): Promise<Mail> {
  const deadline = Date.now() + 30000;
  for (;;) {
    const res = await fetch(mailStoreUrl());
    const { emails } = (await res.json()) as { emails: Mail[] };
    const found = emails.find(
      (m) =>
        m.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()) &&
        `${m.body.text ?? ''}${m.body.html ?? ''}`.includes(about),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no message to ${address} in the local mailbox`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** GET /api/documents/{docuId} as the SPA would (with the session's ID token). */
/** Saves a red round stamp (a hanko PNG) as the signed-in owner's generalStamp; answers its id. */
async function saveRedStamp(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 240;
    const ctx = canvas.getContext('2d')!;
    ctx.strokeStyle = '#d01c1f';
    ctx.lineWidth = 12;
    ctx.beginPath();
    ctx.arc(120, 120, 110, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = '#d01c1f';
    ctx.fillRect(100, 50, 40, 140);
    const image = canvas.toDataURL('image/png').split(',')[1];
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const response = await fetch('/api/me/signs', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key ? localStorage.getItem(key) : ''}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ image, kind: 'generalStamp' }),
    });
    if (!response.ok) throw new Error(`POST /api/me/signs: ${response.status}`);
    return ((await response.json()) as { signId: string }).signId;
  });
}

/** The signed-in user's sign-click tutorial counter (GET /api/me). */
async function readTutorialCount(page: Page): Promise<number | undefined> {
  return page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const response = await fetch('/api/me', {
      headers: { authorization: `Bearer ${key ? localStorage.getItem(key) : ''}` },
    });
    return ((await response.json()) as { signClickTutorialCount?: number }).signClickTutorialCount;
  });
}

async function readDocument(page: Page, docuId: string) {
  return page.evaluate(async (id) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const token = key ? localStorage.getItem(key) : null;
    const response = await fetch(`/api/documents/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as {
      status: string;
      pageCount: number;
      recipients: {
        contact: string;
        isOwner: boolean;
        agreement: number;
        areas: { pageIndex: number; width: number; height: number; signed: boolean }[];
      }[];
    };
  }, docuId);
}

describe('E-Sign creation funnel', () => {
  let session: BrowserSession;
  // The second test continues as the first one's user (same session and address book).
  const owner = `funnel-${randomUUID()}@example.com`;
  const alice = `alice-${randomUUID()}@example.com`;

  beforeAll(async () => {
    appBaseUrl();
    session = await launchBrowser({ locale: 'en-US' });
  });

  afterAll(async () => {
    await session?.close();
  });

  test('a new user uploads a PDF, adds contractors, places sign areas and sends the requests', () =>
    session.run(async (page) => {
      await signUp(owner, 'Funnel Owner');

      await openApp(session, '/en/login');
      await submitSignIn(page, owner, PASSWORD);
      await expectPath(page, ['/en/thankyou', '/en/home']);
      await openApp(session, '/en/home');

      // Start an E-Sign contract: the upload step, with no document yet (issue #14: Start alone must
      // leave no empty draft). The document is created with the first file that passes the browser.
      const creations: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/documents') {
          creations.push(request.url());
        }
      });
      await page.getByTestId('service-start-esign').click();
      await expectPath(page, '/en/home/make/esign/upload/new');
      const progress = page.getByTestId('funnel-progress');
      for (const key of ['upload', 'addrcpt', 'setpos', 'agree']) {
        await progress.getByText(text('en', `funnel.progress.${key}`), { exact: true }).waitFor();
      }
      expect(
        await page.getByRole('button', { name: text('en', 'funnel.previous'), exact: true }).isDisabled(),
      ).toBe(true);

      // A text file is refused in the browser.
      const input = page.getByTestId('upload-input');
      await input.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a pdf'),
      });
      await expectVisibleText(page, text('en', 'upload.errors.onlyPdf'));
      expect(pathOf(page)).toBe('/en/home/make/esign/upload/new');
      expect(creations).toEqual([]);

      // A text file renamed .pdf passes the browser's checks, so the document is created (once, even
      // for a doubled change event) and the URL carries its id; the server refuses what landed.
      await input.evaluate((element: HTMLInputElement) => {
        const files = new DataTransfer();
        files.items.add(new File(['hello'], 'fake.pdf', { type: 'application/pdf' }));
        element.files = files.files;
        element.dispatchEvent(new Event('change', { bubbles: true }));
        element.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await expectVisibleText(
        page,
        text('en', 'upload.errors.failedWithReason', { errmsg: text('en', 'upload.errors.notPdf') }),
      );
      await page.waitForURL((url) => /^\/en\/home\/make\/esign\/upload\/(?!new$)[^/]+$/.test(url.pathname), {
        timeout: 20000,
      });
      const docuId = pathOf(page).split('/').pop()!;
      expect(creations).toHaveLength(1);
      expect((await readDocument(page, docuId)).status).toBe('Ready');

      // The real PDF: uploaded, checked, its first page drawn; a reload keeps it.
      await input.setInputFiles({
        name: 'contract.pdf',
        mimeType: 'application/pdf',
        buffer: await twoPagePdf(),
      });
      await expectVisibleText(
        page,
        text('en', 'funnel.upload.uploaded', { fileName: 'contract.pdf', pages: 2 }),
      );
      await page.locator('[data-testid="pdf-page-0"][data-drawn="true"]').waitFor({ timeout: 30000 });
      await page.reload();
      await expectVisibleText(
        page,
        text('en', 'funnel.upload.uploaded', { fileName: 'contract.pdf', pages: 2 }),
      );
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/addrcpt/${docuId}`);
      // Previous goes back one step; a step the status does not reach yet redirects to the furthest.
      await page.getByRole('button', { name: text('en', 'funnel.previous'), exact: true }).click();
      await expectPath(page, `/en/home/make/esign/upload/${docuId}`);
      await openApp(session, `/en/home/make/esign/agree/${docuId}`);
      await expectPath(page, `/en/home/make/esign/addrcpt/${docuId}`);

      // Contractors: Alice by e-mail, Bob by mobile number, then a duplicate of Alice's address.
      const next = page.getByTestId('funnel-next');
      expect(await next.isDisabled()).toBe(true);
      const fillRow = async (index: number, name: string, contact: string) => {
        const row = page.getByTestId(`contractor-row-${index}`);
        await row.getByLabel(text('en', 'funnel.contractors.name'), { exact: true }).fill(name);
        await row.getByLabel(text('en', 'funnel.contractors.contact'), { exact: true }).fill(contact);
      };
      await fillRow(0, 'Alice Example', alice);
      const add = page.getByRole('button', { name: text('en', 'funnel.contractors.add'), exact: true });
      await add.click();
      await fillRow(1, 'Bob Example', PHONE);
      await add.click();
      await fillRow(2, 'Funnel Owner', `  ${alice.toUpperCase()} `);
      await next.click();
      await page
        .getByTestId('contractor-row-2')
        .getByText(text('en', 'contractors.errors.duplicateContact'), { exact: true })
        .waitFor();
      await fillRow(2, 'Funnel Owner', owner);
      await next.click();
      await expectPath(page, `/en/home/make/esign/setpos/${docuId}`);
      // A reload restores the step from the saved document.
      await page.reload();
      await expectPath(page, `/en/home/make/esign/setpos/${docuId}`);
      // Issue #17: the sign-click tutorial popup (comp_signclick 0 < 5); OK adds 10, so it is not shown
      // again (the second test checks that).
      const tutorial = page.getByTestId('sign-click-tutorial');
      await tutorial.getByText(text('en', 'funnel.tutorial.click'), { exact: true }).waitFor();
      expect(await axeViolations(page, '[data-testid="sign-click-tutorial"]')).toEqual([]);
      const okButton = tutorial.getByRole('button', { name: text('en', 'funnel.tutorial.ok'), exact: true });
      expect((await okButton.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await okButton.click();
      await tutorial.waitFor({ state: 'detached' });
      // OK closes at once; the counter is saved in the background.
      let count: number | undefined;
      for (let i = 0; i < 40 && count !== 10; i++) {
        if (i > 0) await page.waitForTimeout(250);
        count = await readTutorialCount(page);
      }
      expect(count).toBe(10);

      // Positions: one contractor at a time; none placed is refused.
      const prompt = page.getByTestId('position-prompt');
      expect(await prompt.textContent()).toBe(text('en', 'contractors.positionPrompt', { nth: '1st' }));
      await next.click();
      await expectVisibleText(page, text('en', 'contractors.errors.noSignArea'));
      await page.getByTestId('area-layer-0').click({ position: { x: 100, y: 150 } });
      // Drag the area by 60×40 pixels, then its corner handle by 40×20 pixels (mouse = pointer events).
      const area = page.getByTestId('sign-area').first();
      const before = (await area.boundingBox())!;
      await page.mouse.move(before.x + 30, before.y + 15);
      await page.mouse.down();
      await page.mouse.move(before.x + 60, before.y + 35, { steps: 5 });
      await page.mouse.move(before.x + 90, before.y + 55, { steps: 5 });
      await page.mouse.up();
      const moved = (await area.boundingBox())!;
      expect(moved.x).toBeCloseTo(before.x + 60, 0);
      expect(moved.y).toBeCloseTo(before.y + 40, 0);
      const handle = area.locator('.funnel-area-handle');
      const corner = (await handle.boundingBox())!;
      await page.mouse.move(corner.x + 6, corner.y + 6);
      await page.mouse.down();
      await page.mouse.move(corner.x + 46, corner.y + 26, { steps: 5 });
      await page.mouse.up();
      const resized = (await area.boundingBox())!;
      expect(resized.width).toBeCloseTo(moved.width + 40, 0);
      expect(resized.height).toBeCloseTo(moved.height + 20, 0);
      await next.click();
      expect(await prompt.textContent()).toBe(text('en', 'contractors.positionPrompt', { nth: '2nd' }));
      await page.getByTestId('area-layer-1').click({ position: { x: 120, y: 300 } });
      await next.click();
      expect(await prompt.textContent()).toBe(text('en', 'contractors.positionPrompt', { nth: '3rd' }));
      await page.getByTestId('area-layer-0').click({ position: { x: 300, y: 500 } });
      // The 3rd contractor is the owner, who has no sign yet: they draw one here, and their area shows it.
      const panel = page.getByTestId('owner-sign-panel');
      await panel.getByText(text('en', 'ownerSigns.needed'), { exact: true }).waitFor();
      expect(await page.getByTestId('area-sign-image').count()).toBe(0);
      await panel.getByRole('button', { name: text('en', 'ownerSigns.make'), exact: true }).click();
      const maker = page.getByTestId('sign-maker');
      await maker.waitFor({ state: 'visible' });
      const canvas = maker.getByTestId('sign-draw-canvas');
      const pad = (await canvas.boundingBox())!;
      await page.mouse.move(pad.x + pad.width * 0.1, pad.y + pad.height * 0.6);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++) {
        await page.mouse.move(
          pad.x + pad.width * (0.1 + i * 0.035),
          pad.y + pad.height * (0.6 - 0.3 * Math.sin(i / 3)),
        );
      }
      await page.mouse.up();
      await maker.getByTestId('sign-maker-save').click();
      await maker.waitFor({ state: 'detached', timeout: 20000 });
      await panel.getByTestId('owner-sign-preview').waitFor();
      const ownerArea = page.locator('[data-testid="sign-area"][data-signed="owner"]');
      await ownerArea.getByTestId('area-sign-image').waitFor();
      // The image itself loads (the presigned GET of the stored PNG).
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>(
          '[data-signed="owner"] [data-testid="area-sign-image"]',
        );
        return !!img && img.complete && img.naturalWidth > 0;
      });
      await next.click();
      await expectPath(page, `/en/home/make/esign/agree/${docuId}`);

      const saved = await readDocument(page, docuId);
      expect(saved.status).toBe('SetPos');
      expect(saved.recipients.map((r) => r.contact)).toEqual([alice, PHONE, owner]);
      expect(saved.recipients.map((r) => r.isOwner)).toEqual([false, false, true]);
      expect(saved.recipients.map((r) => r.areas.map((a) => a.pageIndex))).toEqual([[0], [1], [0]]);
      // Stored in points: the default 150×35, and the first one grown by its resize.
      expect(saved.recipients[1]!.areas[0]).toMatchObject({ width: 150, height: 35 });
      expect(saved.recipients[0]!.areas[0]!.width).toBeGreaterThan(150);
      expect(saved.recipients[0]!.areas[0]!.height).toBeGreaterThan(35);

      // Finalize: the owner's sign is shown; the button waits for the terms checkbox; three contractors →
      // 'Send Request'.
      await page.getByTestId('owner-sign-preview').waitFor();
      const send = page.getByRole('button', { name: text('en', 'funnel.finalize.sendRequest'), exact: true });
      expect(await send.isDisabled()).toBe(true);
      await page.getByLabel(text('en', 'funnel.finalize.terms'), { exact: true }).check();
      await page.waitForFunction(
        (label) =>
          [...document.querySelectorAll('button')].some((b) => b.textContent === label && !b.disabled),
        text('en', 'funnel.finalize.sendRequest'),
      );
      await send.click();
      await page
        .getByTestId('send-success')
        .getByText(text('en', 'documents.send.success'), { exact: true })
        .waitFor();
      await page.getByRole('button', { name: text('en', 'funnel.finalize.ok'), exact: true }).click();
      await expectPath(page, '/en/home');

      // Each other contractor got their own signer link; the owner got none.
      const link = new RegExp(`/en/outsign/${docuId}/[A-Za-z0-9_-]{20,}`);
      const mail = await mailTo(alice, docuId);
      expect(`${mail.body.text ?? ''}${mail.body.html ?? ''}`).toMatch(link);
      // The SMS carries a short link on the product's domain that redirects to the signer page.
      expect(await smsLinkTo(`${PHONE}@sms.local`, link)).toMatch(link);
      const afterSend = await readDocument(page, docuId);
      expect(afterSend.status).toBe('Agree');
      // The owner signed at sending: agreed, their area signed.
      expect(afterSend.recipients[2]).toMatchObject({
        isOwner: true,
        agreement: 1,
        areas: [{ signed: true }],
      });
      const all = (await (await fetch(mailStoreUrl())).json()) as {
        emails: Mail[];
      };
      const toOwner = all.emails.filter((m) => m.destination.to.includes(owner));
      expect(toOwner.filter((m) => `${m.body.text ?? ''}${m.body.html ?? ''}`.includes('/outsign/'))).toEqual(
        [],
      );

      // The e-mailed link opens the signer flow (issue #5, test/e2e/signer.test.ts), not the
      // not-found page; the owner is still signed in here, so it first asks to log out.
      const href = link.exec(`${mail.body.text ?? ''}${mail.body.html ?? ''}`)![0];
      await openApp(session, href);
      await page.getByText(text('en', 'access.caution.message'), { exact: true }).waitFor();
      expect(await page.getByText(text('en', 'access.notFound.message'), { exact: true }).count()).toBe(0);

      // Only the refused fake PDF answered 400.
      expect(session.unexpectedProblems([/status of 400/])).toEqual([]);
    }));

  test('a contract with the owner as its only contractor goes straight to sealing; the address book fills a row', () =>
    session.run(async (page) => {
      await openApp(session, '/en/home');
      await page.getByTestId('service-start-esign').click();
      await expectPath(page, '/en/home/make/esign/upload/new');
      await page.getByTestId('upload-input').setInputFiles({
        name: 'solo.pdf',
        mimeType: 'application/pdf',
        buffer: await twoPagePdf(),
      });
      await page.waitForURL((url) => /^\/en\/home\/make\/esign\/upload\/(?!new$)[^/]+$/.test(url.pathname));
      const docuId = pathOf(page).split('/').pop()!;
      await expectVisibleText(page, text('en', 'funnel.upload.uploaded', { fileName: 'solo.pdf', pages: 2 }));
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/addrcpt/${docuId}`);

      // The first contract saved its contractors to the address book: choosing one fills the row,
      // and a row with content cannot use the dropdown.
      const row = page.getByTestId('contractor-row-0');
      const book = row.getByLabel(text('en', 'funnel.contractors.addressBook'), { exact: true });
      await page.waitForFunction(() => document.querySelectorAll('select option').length > 1);
      await book.selectOption({ label: `Alice Example (${alice})` });
      expect(
        await row.getByLabel(text('en', 'funnel.contractors.contact'), { exact: true }).inputValue(),
      ).toBe(alice);
      expect(await book.isDisabled()).toBe(true);
      await row
        .getByRole('button', { name: text('en', 'funnel.contractors.remove', { n: 1 }), exact: true })
        .click();
      const fresh = page.getByTestId('contractor-row-0');
      await fresh.getByLabel(text('en', 'funnel.contractors.name'), { exact: true }).fill('Funnel Owner');
      await fresh.getByLabel(text('en', 'funnel.contractors.contact'), { exact: true }).fill(owner);
      // Issue #17: the owner also keeps a hanko (saved as /home/sign does), offered as a card below.
      const stampId = await saveRedStamp(page);
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/setpos/${docuId}`);

      // Keyboard: the hidden per-page button adds an area, arrow keys move it.
      const add = page.getByRole('button', {
        name: text('en', 'funnel.position.addOnPage', { page: 1 }),
        exact: true,
      });
      await add.focus();
      await page.keyboard.press('Enter');
      const area = page.getByTestId('sign-area').first();
      await area.focus();
      await page.keyboard.press('ArrowRight');
      // The owner made a sign in the first contract: it is their default, shown in their area.
      await page.getByTestId('owner-sign-preview').waitFor();
      await area.getByTestId('area-sign-image').waitFor();
      // The sign-click tutorial was acknowledged in the first test: not shown again.
      expect(await page.getByTestId('sign-click-tutorial').count()).toBe(0);
      // The saved sign and stamp are cards; the owner picks the stamp: it becomes the default and goes
      // into their area. The maker is one link away. Cards and links are 44 px; the panel is axe clean.
      const cards = page.getByTestId('owner-sign-card');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="owner-sign-card"]').length === 2,
      );
      const stampCard = page.locator(`[data-testid="owner-sign-card"][data-sign-id="${stampId}"]`);
      expect(await stampCard.getAttribute('aria-pressed')).toBe('false');
      expect(await stampCard.getAttribute('data-kind')).toBe('generalStamp');
      await stampCard.click();
      await page.waitForFunction(
        (id) =>
          document
            .querySelector(`[data-testid="owner-sign-card"][data-sign-id="${id}"]`)
            ?.getAttribute('aria-pressed') === 'true',
        stampId,
      );
      const stampSrc = (await stampCard.locator('img').getAttribute('src'))!.split('?')[0]!;
      await page.waitForFunction(
        (src) =>
          document
            .querySelector<HTMLImageElement>('[data-signed="owner"] [data-testid="area-sign-image"]')
            ?.src.startsWith(src),
        stampSrc,
      );
      expect(await page.getByTestId('owner-sign-maker-link').getAttribute('href')).toBe('/en/home/sign');
      const heights = await page
        .locator('[data-testid="owner-sign-panel"] :is(button, a)')
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
      expect(heights.length).toBeGreaterThanOrEqual(4);
      expect(heights.filter((h) => h < 44)).toEqual([]);
      expect(await axeViolations(page, '[data-testid="owner-sign-panel"]')).toEqual([]);
      expect(await cards.count()).toBe(2);
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/agree/${docuId}`);
      const saved = await readDocument(page, docuId);
      expect(saved.recipients[0]!.areas[0]).toMatchObject({ pageIndex: 0, x: 55, width: 150, height: 35 });

      // One contractor: the button reads 'Completed'; sending goes straight to the final document.
      await page.getByLabel(text('en', 'funnel.finalize.terms'), { exact: true }).check();
      const done = page.getByRole('button', { name: text('en', 'funnel.finalize.completed'), exact: true });
      await page.waitForFunction(
        (label) =>
          [...document.querySelectorAll('button')].some((b) => b.textContent === label && !b.disabled),
        text('en', 'funnel.finalize.completed'),
      );
      await done.click();
      await page.getByTestId('send-success').waitFor();
      await page.getByRole('button', { name: text('en', 'funnel.finalize.ok'), exact: true }).click();
      await expectPath(page, '/en/home');
      expect(['Generating', 'Completed']).toContain((await readDocument(page, docuId)).status);
    }));

  test('Video Contract opens its own funnel at Record (its journeys: video-contract.test.ts)', () =>
    session.run(async (page) => {
      await openApp(session, '/en/home/make/vcontract/vcrecord/new');
      await page.locator('[data-testid=funnel][data-step=vcrecord]').waitFor({ timeout: 30000 });
      await expectVisibleText(page, text('en', 'funnel.vcrecord.owner'));
      expect(pathOf(page)).toBe('/en/home/make/vcontract/vcrecord/new');
    }));

  test('a 300-page PDF lays out at once and only the pages near the viewport are drawn', () =>
    session.run(async (page) => {
      await openApp(session, '/en/home/make/esign/upload/new');
      await page.getByTestId('upload-input').setInputFiles({
        name: 'long.pdf',
        mimeType: 'application/pdf',
        buffer: await numberedPdf(300),
      });
      await page.waitForURL((url) => /^\/en\/home\/make\/esign\/upload\/(?!new$)[^/]+$/.test(url.pathname));
      await page.locator('[data-testid="pdf-page-0"][data-drawn="true"]').waitFor({ timeout: 30000 });
      await page.getByTestId('funnel-next').click();
      const row = page.getByTestId('contractor-row-0');
      await row.getByLabel(text('en', 'funnel.contractors.name'), { exact: true }).fill('Alice Example');
      await row.getByLabel(text('en', 'funnel.contractors.contact'), { exact: true }).fill(alice);
      await page.getByTestId('funnel-next').click();
      await page.locator('[data-testid="pdf-page-0"][data-drawn="true"]').waitFor({ timeout: 30000 });

      expect(await page.locator('[data-testid^="pdf-page-"]').count()).toBe(300);
      expect(await page.locator('[data-drawn="true"]').count()).toBeLessThanOrEqual(4);
      await page.getByTestId('pdf-page-299').scrollIntoViewIfNeeded();
      await page.locator('[data-testid="pdf-page-299"][data-drawn="true"]').waitFor({ timeout: 30000 });
      expect(await page.locator('[data-drawn="true"]').count()).toBeLessThanOrEqual(8);
      // An area on the last page.
      await page.getByTestId('area-layer-299').click({ position: { x: 100, y: 100 } });
      await page.getByTestId('sign-area').waitFor();
    }));
});
