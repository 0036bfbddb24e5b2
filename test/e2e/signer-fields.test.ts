// A contractor fills every field type (issue #27 item 1, signer side), in Chromium against the whole
// local cloud: the owner (through the API) places, for each of two contractors, one field of every
// type — signature, initials, stamp, name, date signed, text (one line and several), number, date,
// checkbox, radio group, dropdown, attachment, strikethrough — over three pages. The e-mail
// contractor fills theirs on a 380 px phone with touch, the SMS contractor on a desktop: Next with a
// required field empty shows every empty field's own message and takes the focus to the first; a
// number the server would refuse and a file that is not a PDF/JPEG/PNG are refused on the page; a
// real PDF is attached (then, on the desktop, removed and attached again); the other contractor's
// fields are read-only outlines; axe-core finds no critical or serious violation; both agree and the
// values are the document's.
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { api } from '../support/cloud-client';
import { A4, makePdf, sendTwoContractorDocument, type SentDocument } from '../support/documents';
import { makePng } from '../support/png';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

/** One field of every type, as the owner places it (the settings of PUT …/areas). */
const FIELDS = [
  { type: 'signature', label: 'Signature', required: true },
  { type: 'initials', label: 'Initials', required: true },
  { type: 'stamp', label: 'Company seal', required: true },
  { type: 'name', label: 'Full name', required: true },
  { type: 'dateSigned', label: 'Signed on', required: true },
  { type: 'text', label: 'Company', required: true, maxLength: 40, placeholder: 'Company name' },
  { type: 'text', label: 'Notes', required: false, multiline: true },
  { type: 'number', label: 'Monthly rent', required: true },
  { type: 'date', label: 'Move-in date', required: true },
  { type: 'checkbox', label: 'I have read the house rules', required: true },
  { type: 'radio', label: 'Parking', required: true, options: ['Yes', 'No'] },
  { type: 'dropdown', label: 'Floor', required: true, options: ['1st', '2nd', '3rd'] },
  { type: 'attachment', label: 'ID document', required: true },
  { type: 'strikethrough', label: 'Clause 7', required: true },
] as const;
const PER_CONTRACTOR = FIELDS.length;
/** Five rows a page, 150 pt apart: room under each field for its message and 44 px controls. */
const ROWS = [700, 550, 400, 250, 100];

/** Contractor 0's fields on the left half of three pages, contractor 1's on the right half. */
function fieldAreas(recipientIndex: number) {
  return FIELDS.map((f, n) => ({
    recipientIndex,
    pageIndex: Math.floor(n / ROWS.length),
    x: recipientIndex === 0 ? 30 : 310,
    y: ROWS[n % ROWS.length]!,
    width: 250,
    height: f.type === 'radio' || f.type === 'text' ? 60 : 45,
    ...f,
    ...('options' in f ? { options: [...f.options] } : {}),
  }));
}

async function sendFieldsDocument(title: string): Promise<SentDocument> {
  const areas = [...fieldAreas(0), ...fieldAreas(1)];
  return sendTwoContractorDocument({
    title,
    names: ['Mia Mail', 'Pat Phone'],
    pdf: await makePdf([A4, A4, A4]),
    areas,
  });
}

/** A sign of the contractor's own, so that Sign All and a pressed sign field apply it at once. */
async function uploadSign(docuId: string, token: string): Promise<void> {
  const res = await api(`/api/sign/${docuId}/${token}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(240, 100)).toString('base64') },
  });
  expect(res.status).toBe(201);
}

async function expectNoSeriousAxe(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** The document-wide index of a contractor's n-th field (contractors in order, then their fields). */
const areaIndex = (recipientIndex: number, n: number) => recipientIndex * PER_CONTRACTOR + n;
const nth = (type: string, label?: string) =>
  FIELDS.findIndex((f) => f.type === type && (label === undefined || f.label === label));

async function expectFocusOnField(page: Page, index: number): Promise<void> {
  await page.waitForFunction(
    (i) => {
      const el = document.activeElement as HTMLElement | null;
      return el?.dataset.fieldFocus === String(i);
    },
    index,
    { timeout: 20000 },
  );
}

async function openAndAccept(session: BrowserSession, link: string, nthLabel: string): Promise<Page> {
  const page = await openApp(session, link);
  const request = page.getByTestId('sign-request');
  await request.waitFor({ state: 'visible', timeout: 30000 });
  await page.keyboard.press('Enter');
  await request.waitFor({ state: 'detached' });
  await expectVisibleText(page, t('signing.reviewPrompt', { nth: nthLabel }));
  await page.getByTestId('pdf-page-2').waitFor({ state: 'visible', timeout: 30000 });
  return page;
}

/**
 * Taps (phone) or clicks a control, scrolled to the middle of the screen first: the public header
 * changes its height at 50 px of scroll, and a page resting there never holds still for Playwright.
 */
async function pressIt(locator: Locator, phone: boolean): Promise<void> {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await (phone ? locator.tap() : locator.click());
}

/** Fills every field of `recipientIndex`; `press` taps on the phone and clicks on the desktop. */
async function fillEveryField(page: Page, recipientIndex: number, phone: boolean): Promise<void> {
  const press = (locator: Locator) => pressIt(locator, phone);
  const idx = (type: string, label?: string) => areaIndex(recipientIndex, nth(type, label));
  const box = (type: string, label?: string) => page.getByTestId(`my-area-${idx(type, label)}`);
  const required = FIELDS.filter((f) => f.required && f.type !== 'dateSigned').length;
  await expectVisibleText(page, t('fieldFill.requiredLeft', { count: required - 1 }));

  // Next with required fields empty: every empty one says why, the focus goes to the first (the
  // signature, first in reading order); the name is already filled with the contractor's name.
  await press(page.getByTestId('signer-next'));
  await expectFocusOnField(page, idx('signature'));
  await expectVisibleText(page, t('fieldFill.missingSummary', { count: required - 1 }));
  for (const f of FIELDS) {
    if (!f.required || f.type === 'name' || f.type === 'dateSigned') continue;
    await expectVisibleText(page, t(`fields.required.${f.type}`));
  }
  const described = await page
    .getByLabel('Monthly rent', { exact: true })
    .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
  expect(described).toBe(t('fields.required.number'));
  // The date signed is read-only: filled in at agreement.
  await expect(box('dateSigned').textContent()).resolves.toBe(t('fields.required.dateSigned'));
  await expectNoSeriousAxe(page);

  // Image fields: one pressed gets the sign; Sign All fills the rest.
  await press(box('initials').getByRole('button'));
  await box('initials').locator('img').waitFor({ state: 'visible' });
  await press(page.getByTestId('sign-all'));
  await box('stamp').locator('img').waitFor({ state: 'visible' });
  await box('signature').locator('img').waitFor({ state: 'visible' });

  const name = page.getByLabel('Full name', { exact: true });
  await expect(name.inputValue()).resolves.toBe(recipientIndex === 0 ? 'Mia Mail' : 'Pat Phone');
  await name.fill(recipientIndex === 0 ? 'Mia Mail-Jones' : 'Pat Phone');
  const company = page.getByRole('textbox', { name: 'Company', exact: true });
  await expect(company.getAttribute('placeholder')).resolves.toBe('Company name');
  await expect(company.getAttribute('maxlength')).resolves.toBe('40');
  await company.fill('Acme 株式会社');
  const notes = page.getByLabel('Notes', { exact: true });
  await expect(notes.evaluate((el) => el.tagName)).resolves.toBe('TEXTAREA');
  await notes.fill('Line one\nLine two');
  // A number the server would refuse is refused here first, with the typed text kept.
  const rent = page.getByLabel('Monthly rent', { exact: true });
  await expect(rent.getAttribute('inputmode')).resolves.toBe('decimal');
  await rent.fill('12,5');
  await expectVisibleText(page, t('fields.errors.notANumber'));
  await rent.fill('1250.50');
  const moveIn = page.getByLabel('Move-in date', { exact: true });
  await expect(moveIn.getAttribute('type')).resolves.toBe('date');
  await moveIn.fill('2026-12-01');
  await page.getByLabel('I have read the house rules', { exact: true }).check();
  const parking = page.getByRole('group', { name: 'Parking' });
  await parking.getByLabel('No', { exact: true }).check();
  await page.getByLabel('Floor', { exact: true }).selectOption('2nd');

  // Attachment: a GIF is refused in the browser; a real PDF is uploaded and shown with its size.
  const attach = page.getByLabel(t('fieldFill.attachLabel', { name: 'ID document' }), { exact: true });
  await attach.setInputFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expectVisibleText(page, t('fields.errors.badAttachment'));
  const pdf = Buffer.from(await makePdf([A4]));
  await attach.setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf });
  const file = page.getByTestId(`field-file-${idx('attachment')}`);
  await file.waitFor({ state: 'visible', timeout: 30000 });
  await expect(file.textContent()).resolves.toContain('passport.pdf');
  await expect(file.textContent()).resolves.toMatch(/\(\d+(\.\d)? (B|KB|MB)\)/);
  if (!phone) {
    // Removed, then attached again.
    await file
      .getByRole('button', { name: t('fieldFill.removeFileLabel', { file: 'passport.pdf' }) })
      .click();
    await attach.waitFor({ state: 'attached', timeout: 20000 });
    await attach.setInputFiles({ name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf });
    await file.waitFor({ state: 'visible', timeout: 30000 });
  }

  // Strikethrough: Strike draws the line, Undo takes it back, Strike again.
  const strike = box('strikethrough').getByRole('button');
  await press(strike);
  await expect(strike.getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(box('strikethrough').getAttribute('class')).resolves.toContain('struck');
  await press(strike);
  await expect(strike.getAttribute('aria-pressed')).resolves.toBe('false');
  await press(strike);
  await expect(strike.getAttribute('aria-pressed')).resolves.toBe('true');

  await expectVisibleText(page, t('fieldFill.allRequiredFilled'));
  await expect(page.getByTestId('field-message-' + idx('number')).count()).resolves.toBe(0);
  await expectNoSeriousAxe(page);
}

/** Next area walks field to field in reading order, the focus in each field's control. */
async function walkFields(page: Page, recipientIndex: number, phone: boolean): Promise<void> {
  const walk = FIELDS.map((f, n) => ({ f, n })).filter(({ f }) => f.type !== 'dateSigned');
  const next = page.getByTestId('next-area');
  // All filled: the walk goes simply to the next field; start from the first.
  for (let step = 0; step < walk.length; step++) {
    const progress = await page.getByTestId('signer-area-progress').textContent();
    const at = Number(/(\d+)/.exec(progress ?? '')![1]) - 1;
    const target = walk[(at + 1) % walk.length]!;
    await pressIt(next, phone);
    await expectFocusOnField(page, areaIndex(recipientIndex, target.n));
    await expectVisibleText(
      page,
      t('fieldFill.progress', { n: ((at + 1) % walk.length) + 1, total: walk.length }),
    );
    if (step >= 3) break;
  }
  // The keyboard too: Tab from the rent goes to the move-in date, next in reading order.
  await page.getByLabel('Monthly rent', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await expectFocusOnField(page, areaIndex(recipientIndex, nth('date')));
}

async function agree(page: Page, phone: boolean): Promise<void> {
  await pressIt(page.getByTestId('signer-next'), phone);
  const terms = page.getByTestId('terms-dialog');
  await terms.waitFor({ state: 'visible', timeout: 30000 });
  await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await page.waitForFunction(
    () => !(document.querySelector('[data-testid="terms-confirm"]') as HTMLButtonElement).disabled,
  );
  await terms.getByTestId('terms-confirm').click();
  await expectVisibleText(page, t('signing.completed'));
}

describe('a contractor fills every field type', () => {
  it('on a 380 px phone and on a desktop: required messages, a refused number and file, a PDF attached, agreed', async () => {
    const sent = await sendFieldsDocument('Lease with every field');
    await uploadSign(sent.docuId, sent.mailToken);
    await uploadSign(sent.docuId, sent.smsToken);

    const phone = await launchBrowser({ viewport: { width: 380, height: 820 }, touch: true });
    try {
      await phone.run(async () => {
        const page = await openAndAccept(phone, sent.mailLink, '1st');
        // The other contractor's fields: read-only outlines, no control of theirs here.
        await expect(page.locator('.signer-area.others').count()).resolves.toBe(PER_CONTRACTOR);
        await expect(
          page.locator('.signer-area.others input, .signer-area.others button').count(),
        ).resolves.toBe(0);
        await expect(page.getByTestId('signer-next').isEnabled()).resolves.toBe(true);
        await fillEveryField(page, 0, true);
        await walkFields(page, 0, true);
        // Touch targets of the fields' controls.
        const short = await page
          .locator(
            '.signer-area.field input:not([type=file]):not([type=radio]):not([type=checkbox]), .signer-area.field select, .signer-area.field textarea, .signer-area.field button, .field-check, .field-radio label, .field-attach',
          )
          .evaluateAll((els) =>
            els
              .filter((el) => (el as HTMLElement).offsetParent !== null)
              .map((el) => Math.round(el.getBoundingClientRect().height))
              .filter((h) => h < 44),
          );
        expect(short).toEqual([]);
        await agree(page, true);
      });
      expect(phone.unexpectedProblems()).toEqual([]);
    } finally {
      await phone.close();
    }

    const desktop = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    try {
      await desktop.run(async () => {
        const page = await openAndAccept(desktop, sent.smsLink, '2nd');
        // The first contractor agreed: their fields show as filled outlines.
        await expect(
          page.locator('.signer-area.others[data-type="signature"]').getAttribute('data-signed'),
        ).resolves.toBe('true');
        await fillEveryField(page, 1, false);
        await walkFields(page, 1, false);
        await agree(page, false);
      });
      expect(desktop.unexpectedProblems()).toEqual([]);
    } finally {
      await desktop.close();
    }

    // Both agreed with their values; the document moves on to its seal.
    const doc = await api(`/api/documents/${sent.docuId}`, { token: sent.owner.token });
    expect(doc.status).toBe(200);
    expect(['Generating', 'Completed']).toContain(doc.body.status);
    const areas = doc.body.recipients[0].areas as {
      type: string;
      label?: string;
      value?: string;
      attachment?: { fileName: string };
    }[];
    const byLabel = (label: string) => areas.find((a) => a.label === label);
    expect(byLabel('Full name')?.value).toBe('Mia Mail-Jones');
    expect(byLabel('Company')?.value).toBe('Acme 株式会社');
    expect(byLabel('Notes')?.value).toBe('Line one\nLine two');
    expect(byLabel('Monthly rent')?.value).toBe('1250.50');
    expect(byLabel('Move-in date')?.value).toBe('2026-12-01');
    expect(byLabel('I have read the house rules')?.value).toBe('true');
    expect(byLabel('Parking')?.value).toBe('No');
    expect(byLabel('Floor')?.value).toBe('2nd');
    expect(byLabel('Clause 7')?.value).toBe('true');
    expect(byLabel('ID document')?.attachment?.fileName).toBe('passport.pdf');
    expect(byLabel('Signed on')?.value).toBeTruthy();
  });
});
