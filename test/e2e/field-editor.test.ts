// The field editor on the Set Position step (issue #27 item 1, owner side) in Chromium, against the
// whole local cloud: an owner adds one field of every type for each of two contractors from the
// field-type picker, edits their properties (label, required, text's placeholder, several lines and
// max length, options added, removed and reordered, pre-filled values), sees the translated
// validation message beside a bad input (which keeps what was typed), saves, reloads and finds every
// field with its settings. Then a 380 px phone adds and edits a field by touch-sized controls with no
// horizontal scroll, axe finds no critical or serious violation in the picker, the fields and the
// panel, and the keyboard alone reaches the picker, adds a field and opens and closes its panel.
// Texts come from the shared catalogues (./catalogue), never from copies here.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { FIELD_TYPES, type FieldType } from '../../shared/domain/fields';
import { seriousAxeViolations } from '../support/axe';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { api } from '../support/cloud-client';
import { createDocument, makePdf, newOwner, uploadPdf, type Owner } from '../support/documents';
import { text } from './catalogue';
import { expectPath, signInAt } from './steps';

jest.setTimeout(300000);

interface SavedArea {
  pageIndex: number;
  type: FieldType;
  required: boolean;
  label?: string;
  placeholder?: string;
  multiline?: boolean;
  maxLength?: number;
  options?: string[];
  value?: string;
}

async function readAreas(owner: Owner, docuId: string): Promise<SavedArea[][]> {
  const res = await api(`/api/documents/${docuId}`, { token: owner.token });
  expect(res.status).toBe(200);
  return (res.body as { recipients: { areas: SavedArea[] }[] }).recipients.map((r) => r.areas);
}

const field = (page: Page, type: FieldType) =>
  page.locator(`[data-testid="sign-area"][data-field-type="${type}"]`);
const panel = (page: Page) => page.getByTestId('field-panel');
const inPanel = (page: Page, key: string, options?: Record<string, unknown>) =>
  panel(page).getByLabel(text('en', key, options), { exact: true });

/** Picks a type in the picker and presses 'Add field': the new field has the focus. */
async function addField(page: Page, type: FieldType): Promise<void> {
  const before = await field(page, type).count();
  await page.getByTestId('field-type-select').selectOption(type);
  await page.getByTestId('field-add').click();
  await page.waitForFunction(
    ([t, n]) => document.querySelectorAll(`[data-testid="sign-area"][data-field-type="${t}"]`).length === n,
    [type, before + 1] as const,
  );
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-field-type'))).toBe(type);
}

/** Opens the properties of the (first) field of this type from the keyboard. */
async function openField(page: Page, type: FieldType): Promise<void> {
  await field(page, type).first().focus();
  await page.keyboard.press('Enter');
  await panel(page).waitFor({ state: 'visible' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('field-done');
}

async function done(page: Page): Promise<void> {
  await page.getByTestId('field-done').click();
  await panel(page).waitFor({ state: 'detached' });
}

async function expectPanelError(page: Page, input: string, message: string): Promise<void> {
  const error = panel(page).getByTestId(`field-error-${input}`);
  await error.waitFor({ state: 'visible' });
  expect(await error.textContent()).toBe(message);
}

describe('the field editor on Set Position', () => {
  let session: BrowserSession;
  let owner: Owner;
  let docuId: string;
  const setpos = () => `/en/home/make/esign/setpos/${docuId}`;
  const pageZeroDrawn = (page: Page) =>
    page.locator('[data-testid="pdf-page-0"][data-drawn="true"]').waitFor({ timeout: 30000 });

  beforeAll(async () => {
    appBaseUrl();
    session = await launchBrowser({ locale: 'en-US' });
    owner = await newOwner('en', 'Field Owner');
    docuId = await createDocument(owner);
    expect((await uploadPdf(owner, docuId, await makePdf([{ width: 595.28, height: 841.89 }]))).status).toBe(
      200,
    );
    const saved = await api(`/api/documents/${docuId}/recipients`, {
      method: 'PUT',
      token: owner.token,
      body: {
        recipients: [
          { name: 'Alice Example', contact: `alice-${randomUUID()}@example.com` },
          { name: 'Bob Example', contact: `bob-${randomUUID()}@example.com` },
        ],
        finalRecipients: [],
        lang: 'en',
      },
    });
    expect(saved.status).toBe(200);
  });

  afterAll(async () => {
    await session?.close();
  });

  test('an owner adds every field type for two contractors, edits them, saves and finds them again', () =>
    session.run(async (page) => {
      await signInAt(session, owner, setpos());
      await pageZeroDrawn(page);
      const tutorial = page.getByTestId('sign-click-tutorial');
      if (await tutorial.count()) {
        await tutorial.getByRole('button', { name: text('en', 'funnel.tutorial.ok'), exact: true }).click();
        await tutorial.waitFor({ state: 'detached' });
      }
      // The picker offers the 13 types by their translated names.
      const names = await page.getByTestId('field-type-select').locator('option').allTextContents();
      expect(names).toEqual(FIELD_TYPES.map((type) => text('en', `fields.types.${type}`)));

      // Contractor 1: one field of every type, each named in its area.
      for (const type of FIELD_TYPES) await addField(page, type);
      expect(await page.getByTestId('sign-area').count()).toBe(FIELD_TYPES.length);
      expect(await field(page, 'checkbox').textContent()).toContain(text('en', 'fields.types.checkbox'));
      const checkboxBox = (await field(page, 'checkbox').boundingBox())!;
      const textBox = (await field(page, 'text').boundingBox())!;
      expect(Math.abs(checkboxBox.width - checkboxBox.height)).toBeLessThan(2);
      expect(textBox.width).toBeGreaterThan(textBox.height * 4);

      // Text: a bad max length is refused beside its input, which keeps what was typed.
      await openField(page, 'text');
      await inPanel(page, 'fieldEditor.panel.label').fill('Address');
      await inPanel(page, 'fieldEditor.panel.placeholder').fill('Street, city');
      await inPanel(page, 'fieldEditor.panel.multiline').check();
      await inPanel(page, 'fieldEditor.panel.maxLength').fill('abc');
      const badMax = text('en', 'fields.errors.badMaxLength', { max: 2000 });
      await expectPanelError(page, 'maxLength', badMax);
      await page.getByTestId('field-done').click();
      await expectPanelError(page, 'maxLength', badMax);
      expect(await inPanel(page, 'fieldEditor.panel.maxLength').inputValue()).toBe('abc');
      expect(await inPanel(page, 'fieldEditor.panel.label').inputValue()).toBe('Address');
      await inPanel(page, 'fieldEditor.panel.maxLength').fill('200');
      await inPanel(page, 'fieldEditor.panel.required').check();
      await inPanel(page, 'fieldEditor.panel.value').fill('Tokyo');
      await done(page);
      expect(await field(page, 'text').textContent()).toContain(
        `${text('en', 'fields.types.text')}: Address`,
      );

      // Radio group: one option is too few; options are added, renamed and reordered; one pre-filled.
      await openField(page, 'radio');
      const badOptions = text('en', 'fields.errors.badOptions', { min: 2, max: 30 });
      await panel(page)
        .getByRole('button', { name: text('en', 'fieldEditor.options.remove', { n: 2 }), exact: true })
        .click();
      await expectPanelError(page, 'options', badOptions);
      await panel(page)
        .getByRole('button', { name: text('en', 'fieldEditor.options.add'), exact: true })
        .click();
      await panel(page)
        .getByRole('button', { name: text('en', 'fieldEditor.options.add'), exact: true })
        .click();
      await inPanel(page, 'fieldEditor.options.option', { n: 1 }).fill('Yes');
      await inPanel(page, 'fieldEditor.options.option', { n: 2 }).fill('No');
      await inPanel(page, 'fieldEditor.options.option', { n: 3 }).fill('Maybe');
      await panel(page)
        .getByRole('button', { name: text('en', 'fieldEditor.options.up', { n: 3 }), exact: true })
        .click();
      expect(await inPanel(page, 'fieldEditor.options.option', { n: 2 }).inputValue()).toBe('Maybe');
      await inPanel(page, 'fieldEditor.panel.value').selectOption('Maybe');
      await inPanel(page, 'fieldEditor.panel.required').check();
      await done(page);

      // Dropdown: two equal options are refused.
      await openField(page, 'dropdown');
      await inPanel(page, 'fieldEditor.options.option', { n: 1 }).fill('Red');
      await inPanel(page, 'fieldEditor.options.option', { n: 2 }).fill('Red');
      await expectPanelError(page, 'options', badOptions);
      await inPanel(page, 'fieldEditor.options.option', { n: 2 }).fill('Blue');
      expect(await panel(page).getByTestId('field-error-options').count()).toBe(0);
      await done(page);

      // Checkbox ticked in advance; a number that is not one is refused, then fixed.
      await openField(page, 'checkbox');
      await inPanel(page, 'fieldEditor.panel.valueChecked').check();
      await done(page);
      await openField(page, 'number');
      await inPanel(page, 'fieldEditor.panel.value').fill('4x');
      await expectPanelError(page, 'value', text('en', 'fields.errors.notANumber'));
      await inPanel(page, 'fieldEditor.panel.value').fill('42');
      await done(page);
      // Strikethrough takes no pre-filled value.
      await openField(page, 'strikethrough');
      expect(await panel(page).getByTestId('field-input-value').count()).toBe(0);
      await done(page);

      // Contractor 2: every type again; a dropdown of three and a short required text.
      await page.getByTestId('funnel-next').click();
      await page
        .getByTestId('position-prompt')
        .getByText(text('en', 'contractors.positionPrompt', { nth: '2nd' }), { exact: true })
        .waitFor();
      expect(await page.getByTestId('sign-area').count()).toBe(0);
      for (const type of FIELD_TYPES) await addField(page, type);
      await openField(page, 'dropdown');
      await panel(page)
        .getByRole('button', { name: text('en', 'fieldEditor.options.add'), exact: true })
        .click();
      await inPanel(page, 'fieldEditor.options.option', { n: 1 }).fill('A');
      await inPanel(page, 'fieldEditor.options.option', { n: 2 }).fill('B');
      await inPanel(page, 'fieldEditor.options.option', { n: 3 }).fill('C');
      await done(page);
      await openField(page, 'text');
      await inPanel(page, 'fieldEditor.panel.maxLength').fill('10');
      await inPanel(page, 'fieldEditor.panel.required').check();
      await done(page);
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/agree/${docuId}`);

      // Saved: each contractor's 13 fields with their settings.
      const [first, second] = await readAreas(owner, docuId);
      expect(first!.map((a) => a.type)).toEqual([...FIELD_TYPES]);
      expect(second!.map((a) => a.type)).toEqual([...FIELD_TYPES]);
      const byType = (areas: SavedArea[], type: FieldType) => areas.find((a) => a.type === type)!;
      expect(byType(first!, 'signature')).toMatchObject({ required: true, width: 150, height: 35 });
      expect(byType(first!, 'text')).toMatchObject({
        required: true,
        label: 'Address',
        placeholder: 'Street, city',
        multiline: true,
        maxLength: 200,
        value: 'Tokyo',
      });
      expect(byType(first!, 'radio')).toMatchObject({
        required: true,
        options: ['Yes', 'Maybe', 'No'],
        value: 'Maybe',
      });
      expect(byType(first!, 'dropdown')).toMatchObject({ required: false, options: ['Red', 'Blue'] });
      expect(byType(first!, 'checkbox')).toMatchObject({ value: 'true' });
      expect(byType(first!, 'number')).toMatchObject({ value: '42' });
      expect(byType(second!, 'dropdown')).toMatchObject({ options: ['A', 'B', 'C'] });
      expect(byType(second!, 'text')).toMatchObject({ required: true, maxLength: 10 });

      // Reloaded, the step shows them again with their settings.
      await openApp(session, setpos());
      await pageZeroDrawn(page);
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="sign-area"]').length === n,
        FIELD_TYPES.length,
      );
      expect(await field(page, 'text').textContent()).toContain(
        `${text('en', 'fields.types.text')}: Address`,
      );
      await openField(page, 'text');
      expect(await inPanel(page, 'fieldEditor.panel.maxLength').inputValue()).toBe('200');
      expect(await inPanel(page, 'fieldEditor.panel.multiline').isChecked()).toBe(true);
      expect(await inPanel(page, 'fieldEditor.panel.value').inputValue()).toBe('Tokyo');
      await panel(page)
        .getByRole('button', { name: text('en', 'fieldEditor.panel.cancel'), exact: true })
        .click();
      await panel(page).waitFor({ state: 'detached' });
      await openField(page, 'radio');
      expect(await inPanel(page, 'fieldEditor.options.option', { n: 3 }).inputValue()).toBe('No');
      await page.keyboard.press('Escape');
      await panel(page).waitFor({ state: 'detached' });
      expect(session.unexpectedProblems()).toEqual([]);
    }));

  test('on a 380 px phone a field is added and edited by tap, with no horizontal scroll; axe is clean', () =>
    session.run(async (page) => {
      await page.setViewportSize({ width: 380, height: 820 });
      await openApp(session, setpos());
      await pageZeroDrawn(page);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="sign-area"]').length > 0);
      await addField(page, 'date');
      const date = field(page, 'date').last();
      await date.click();
      await panel(page).waitFor({ state: 'visible' });
      const box = (await panel(page).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(380);
      await inPanel(page, 'fieldEditor.panel.label').fill('Start date');
      await inPanel(page, 'fieldEditor.panel.value').fill('2026-12-01');
      expect(await seriousAxeViolations(page, '[data-testid="field-panel"]')).toEqual([]);
      const heights = await panel(page)
        .locator('button, .funnel-check')
        .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
      expect(heights.filter((h) => h < 44)).toEqual([]);
      await done(page);
      expect(await date.textContent()).toContain('Start date');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(380);
      expect(await seriousAxeViolations(page, '.funnel-step')).toEqual([]);

      await page.getByTestId('funnel-next').click();
      await page
        .getByTestId('position-prompt')
        .getByText(text('en', 'contractors.positionPrompt', { nth: '2nd' }), { exact: true })
        .waitFor();
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/agree/${docuId}`);
      const dates = (await readAreas(owner, docuId))[0]!.filter((a) => a.type === 'date');
      expect(dates.at(-1)).toMatchObject({ label: 'Start date', value: '2026-12-01' });
      await page.setViewportSize({ width: 1280, height: 800 });
    }));

  test('the keyboard reaches the picker, adds a field and opens and closes its panel', () =>
    session.run(async (page) => {
      await openApp(session, setpos());
      await pageZeroDrawn(page);
      await page.getByTestId('position-prompt').focus();
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? '');
      for (let i = 0; i < 20 && (await focused()) !== 'field-type-select'; i++)
        await page.keyboard.press('Tab');
      expect(await focused()).toBe('field-type-select');
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('field-type-select').inputValue()).toBe('initials');
      await page.keyboard.press('Tab');
      expect(await focused()).toBe('field-add');
      const before = await field(page, 'initials').count();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (n) =>
          document.querySelectorAll('[data-field-type="initials"][data-testid="sign-area"]').length === n,
        before + 1,
      );
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-field-type'))).toBe(
        'initials',
      );
      // Arrow keys move it; Enter opens its properties with Done focused.
      const start = (await page.locator(':focus').boundingBox())!;
      await page.keyboard.press('ArrowRight');
      expect((await page.locator(':focus').boundingBox())!.x).toBeGreaterThan(start.x);
      await page.keyboard.press('Enter');
      await panel(page).waitFor({ state: 'visible' });
      expect(await focused()).toBe('field-done');
      for (let i = 0; i < 20 && (await focused()) !== 'field-input-label'; i++) {
        await page.keyboard.press('Shift+Tab');
      }
      expect(await focused()).toBe('field-input-label');
      await page.keyboard.type('Buyer initials');
      for (let i = 0; i < 20 && (await focused()) !== 'field-done'; i++) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await panel(page).waitFor({ state: 'detached' });
      // The focus is back on the field, which now carries its label.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toContain(
        'Buyer initials',
      );
      await page.keyboard.press('Delete');
      expect(await field(page, 'initials').count()).toBe(before);
    }));
});
