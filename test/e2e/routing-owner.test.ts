// Routing, the owner's side (issue #28), in Chromium against the whole local cloud: on Configuring
// Contractors the owner gives each contractor a role, puts them in order with groups, sets reminders,
// an expiry date and forwarding, sees bad values refused with their translated messages (nothing typed
// is lost) and finds them saved; Set Position skips the approver and the viewer with a line saying
// why; My Info's routing defaults prefill a new draft; Details show the flow (order, whose turn, what
// is scheduled) and Remind now, Change contact, Set expiry and Void work with the server's answers;
// an expired contract (its scheduled expiry run) is listed under Expired and extended from Details; a Japanese phone at 380 px
// has no sideways scroll; axe finds nothing critical or serious. Texts come from the catalogues.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe';
import { api, eventually, mailbox } from '../support/cloud-client';
import {
  createDocument,
  mailsTo,
  newOwner,
  SIGNER_LINK,
  signerLinkTo,
  uploadPdf,
  type Owner,
} from '../support/documents';
import { makePng } from '../support/png';
import { routingDeps } from '../../lambdas/deps';
import { processScheduledJob } from '../../lambdas/usecases/routing-jobs';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { fromLocalInput, toLocalInput } from '../../web/src/features/funnel/routing-form';
import { text } from './catalogue';
import { expectPath, signInAt } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const DAY = 24 * 3600 * 1000;
const WAIT = { timeout: 30000 };

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', ...WAIT });

/** Waits until the element's text is exactly `wanted` (trimmed). */
async function hasText(locator: Locator, wanted: string): Promise<void> {
  await visible(locator);
  const deadline = Date.now() + WAIT.timeout;
  let last = '';
  while (Date.now() < deadline) {
    last = ((await locator.first().textContent()) ?? '').trim();
    if (last === wanted) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(last).toBe(wanted);
}

/** Waits until the focused element is inside `within` and matches `selector`. */
async function focusIn(page: Page, within: string, selector: string): Promise<void> {
  await page.waitForFunction(
    ([w, s]) => !!document.activeElement?.closest(w!) && !!document.activeElement?.matches(s!),
    [within, selector] as const,
    WAIT,
  );
}

/** Waits until the page's title names the page (titles are set once its route and catalogue loaded). */
async function titled(page: Page, name: string): Promise<void> {
  await page.waitForFunction((wanted) => document.title.includes(wanted), name, WAIT);
}

async function noSidewaysScroll(page: Page, width = 380): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

const email = (who: string) => `${who}-${randomUUID()}@example.com`;
const inDays = (days: number) => toLocalInput(new Date(Date.now() + days * DAY));

/** A draft with its PDF uploaded, at Configuring Contractors. */
async function uploadedDraft(owner: Owner): Promise<string> {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  return docuId;
}

interface Routed {
  owner: Owner;
  docuId: string;
  ann: string;
  ben: string;
  cy: string;
}

/**
 * A contract sent in order through the API: Ann Early signs first (group 1), then Ben Later (group
 * 2); Cy Copy is a viewer. Reminders after a day, forwarding allowed, an expiry `expiresInMs` away.
 */
async function sentInOrder(owner: Owner, title: string, expiresInMs = 5 * DAY): Promise<Routed> {
  const docuId = await uploadedDraft(owner);
  const [ann, ben, cy] = [email('ann'), email('ben'), email('cy')];
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  const saved = await put(`/api/documents/${docuId}/recipients`, {
    recipients: [
      { name: 'Ann Early', contact: ann, role: 'signer', group: 1 },
      { name: 'Ben Later', contact: ben, role: 'signer', group: 2 },
      { name: 'Cy Copy', contact: cy, role: 'viewer', group: 1 },
    ],
    finalRecipients: [],
    lang: 'en',
    routing: {
      order: 'sequential',
      reminders: { firstAfterDays: 1, everyDays: 1, max: 2 },
      expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
      allowDelegation: true,
    },
  });
  expect(saved.status).toBe(200);
  const box = { pageIndex: 0, x: 50, width: 120, height: 40 };
  const areas = [
    { recipientIndex: 0, y: 60, ...box },
    { recipientIndex: 1, y: 300, ...box },
  ];
  expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title, privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  const sent = await api(`/api/documents/${docuId}/send`, {
    method: 'POST',
    token: owner.token,
    body: { lang: 'en' },
  });
  expect(sent.status).toBe(200);
  return { owner, docuId, ann, ben, cy };
}

/** A contractor signs their areas and agrees through the signer API (the signer's journeys are elsewhere). */
async function signAndAgree(docuId: string, token: string, areaIndexes: number[]): Promise<void> {
  const base = `/api/sign/${docuId}/${token}`;
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 50)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const signs = areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId }));
  expect((await api(`${base}/areas`, { method: 'PUT', body: { signs } })).status).toBe(200);
  expect((await api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } })).status).toBe(200);
}

const card = (page: Page, docuId: string) => page.getByTestId(`contract-${docuId}`);

/** Opens a card's Details and answers its Flow panel. */
async function openFlow(page: Page, docuId: string): Promise<Locator> {
  await visible(card(page, docuId));
  await card(page, docuId)
    .getByRole('button', { name: t('contracts.actions.details'), exact: true })
    .click();
  const flow = page.getByTestId(`details-${docuId}`).getByTestId('flow-panel');
  await visible(flow);
  return flow;
}

const flowNotice = (page: Page) => page.getByTestId('flow-notice');

describe('routing, the owner side', () => {
  let session: BrowserSession;
  afterEach(async () => {
    await session.close();
  });

  test('Configuring Contractors sets roles, order and groups, reminders, expiry and forwarding; bad values are refused; all is saved', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async () => {
      const owner = await newOwner('en', 'Rita Router');
      const docuId = await uploadedDraft(owner);
      const page = await signInAt(session, owner, `/en/home/make/esign/addrcpt/${docuId}`);
      await visible(page.getByTestId('routing-order'));
      await titled(page, t('titles.newContract'));

      // A new draft of an owner without defaults: in parallel, reminders off, no expiry, no forwarding.
      const parallel = page.getByRole('radio', { name: t('routingOwner.order.parallel') });
      const inOrder = page.getByRole('radio', { name: t('routingOwner.order.sequential') });
      expect(await parallel.isChecked()).toBe(true);
      const remindersOn = page.getByRole('checkbox', { name: t('routingOwner.reminders.enable') });
      expect(await remindersOn.isChecked()).toBe(false);
      const expiry = page.getByLabel(t('routingOwner.expiry.label'), { exact: true });
      expect(await expiry.inputValue()).toBe('');
      const forwarding = page.getByRole('checkbox', { name: t('routingOwner.delegation.label') });
      expect(await forwarding.isChecked()).toBe(false);

      const people = [
        ['Ann Early', email('ann'), 'signer'],
        ['Ben Approver', email('ben'), 'approver'],
        ['Dee Second', email('dee'), 'signer'],
        ['Cy Copy', email('cy'), 'viewer'],
      ] as const;
      for (const [i, [name, contact, role]] of people.entries()) {
        if (i > 0) await page.getByRole('button', { name: t('funnel.contractors.add'), exact: true }).click();
        const row = page.getByTestId(`contractor-row-${i}`);
        await row.getByLabel(t('funnel.contractors.name'), { exact: true }).fill(name);
        await row.getByLabel(t('funnel.contractors.contact'), { exact: true }).fill(contact);
        await row.getByLabel(t('routingOwner.roles.label'), { exact: true }).selectOption(role);
      }
      // In order for the first time: one after the other, as listed (1, 2, 3, 4) …
      await inOrder.check();
      const group = (i: number) =>
        page.getByTestId(`contractor-row-${i}`).getByLabel(t('routingOwner.order.group'), { exact: true });
      await visible(page.getByText(t('routingOwner.order.groupHint'), { exact: true }));
      expect(await group(3).inputValue()).toBe('4');
      // … then Ben and Dee together (group 3, typed; the server makes groups contiguous: 1, 2).
      await group(1).fill('3');
      await group(2).fill('3');
      await group(3).fill('1');
      const preview = page.getByTestId('order-preview');
      await hasText(preview.locator('li').nth(0), t('routingOwner.order.step', { n: 1, names: 'Ann Early' }));
      await hasText(
        preview.locator('li').nth(1),
        t('routingOwner.order.step', { n: 2, names: 'Ben Approver, Dee Second' }),
      );
      await visible(page.getByText(t('routingOwner.order.copies', { names: 'Cy Copy' }), { exact: true }));

      // A group out of range is refused at its row, with the focus on it; nothing typed is lost.
      await group(1).fill('25');
      await page.getByTestId('funnel-next').click();
      await hasText(
        page.getByTestId('contractor-row-1').getByTestId('funnel-error'),
        t('routing.errors.groupRange', { max: 20 }),
      );
      await focusIn(page, '[data-testid="contractor-row-1"]', '[data-testid="contractor-group"]');
      expect(
        await page.getByTestId('contractor-row-3').getByLabel(t('funnel.contractors.name')).inputValue(),
      ).toBe('Cy Copy');
      await group(1).fill('3');

      // Reminders: a day count out of range is refused beside the reminders.
      await remindersOn.check();
      const first = page.getByLabel(t('routingOwner.reminders.firstAfterDays'), { exact: true });
      const every = page.getByLabel(t('routingOwner.reminders.everyDays'), { exact: true });
      const most = page.getByLabel(t('routingOwner.reminders.max'), { exact: true });
      await first.fill('0');
      await every.fill('3');
      await most.fill('4');
      await page.getByTestId('funnel-next').click();
      await hasText(
        page.getByTestId('routing-reminders').getByTestId('routing-error'),
        t('routing.errors.reminderDays', { min: 1, max: 30 }),
      );
      await focusIn(page, '[data-testid="routing-reminders"]', '[data-routing-field="firstAfterDays"]');
      await first.fill('2');
      await most.fill('11');
      await page.getByTestId('funnel-next').click();
      await hasText(
        page.getByTestId('routing-reminders').getByTestId('routing-error'),
        t('routing.errors.maxReminders', { max: 10 }),
      );
      await most.fill('4');

      // Expiry: more than a year away is refused beside it.
      await expiry.fill(inDays(400));
      await page.getByTestId('funnel-next').click();
      await hasText(
        page.getByTestId('routing-expiry').getByTestId('routing-error'),
        t('routing.errors.expiryTooFar', { days: 365 }),
      );
      const expiresAt = inDays(10);
      await expiry.fill(expiresAt);
      await forwarding.check();

      expect(await seriousAxeViolations(page)).toEqual([]);

      // A refusal of the server's own (here one answer replaced in the browser: the form checks the
      // same rules first, so a real one needs a race) is shown beside its section; nothing is lost.
      const recipientsCall = `**/api/documents/${docuId}/recipients`;
      await page.route(recipientsCall, (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'routing.errors.ownerRole', message: 'The owner signs', details: { row: 2 } },
          }),
        }),
      );
      await page.getByTestId('funnel-next').click();
      await hasText(
        page.getByTestId('contractor-row-2').getByTestId('funnel-error'),
        t('routing.errors.ownerRole'),
      );
      await focusIn(page, '[data-testid="contractor-row-2"]', '[data-testid="contractor-role"]');
      await page.unroute(recipientsCall);
      expect(await expiry.inputValue()).toBe(expiresAt);
      expect(await group(1).inputValue()).toBe('3');

      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/setpos/${docuId}`);

      // Saved: each row's role and group (contiguous), and the settings.
      const doc = (await api(`/api/documents/${docuId}`, { token: owner.token })).body;
      expect(
        doc.recipients.map((r: { name: string; role: string; group: number }) => [r.name, r.role, r.group]),
      ).toEqual([
        ['Ann Early', 'signer', 1],
        ['Ben Approver', 'approver', 2],
        ['Dee Second', 'signer', 2],
        ['Cy Copy', 'viewer', 1],
      ]);
      expect(doc.routing).toEqual({
        order: 'sequential',
        reminders: { firstAfterDays: 2, everyDays: 3, max: 4 },
        expiresAt: fromLocalInput(expiresAt),
        allowDelegation: true,
      });

      // Set Position: a first-time owner gets the sign-click tutorial first (issue #17): OK closes it.
      const tutorial = page.getByTestId('sign-click-tutorial');
      await tutorial.getByRole('button', { name: t('funnel.tutorial.ok'), exact: true }).click();
      await tutorial.waitFor({ state: 'detached', ...WAIT });
      // Only Ann and Dee place fields; a line says why Ben and Cy do not.
      await hasText(
        page.getByTestId('setpos-skipped'),
        t('routingOwner.setpos.skipped', {
          names: `Ben Approver (${t('roles.approver')}), Cy Copy (${t('roles.viewer')})`,
        }),
      );
      await visible(
        page.getByText(t('funnel.position.counter', { n: 1, total: 2, name: 'Ann Early' }), { exact: false }),
      );
      // A field each for the two signers is all Set Position needs (the others have none).
      await visible(page.getByTestId('area-layer-0'));
      await page.getByTestId('field-add').click();
      await page.getByTestId('funnel-next').click();
      await visible(
        page.getByText(t('funnel.position.counter', { n: 2, total: 2, name: 'Dee Second' }), {
          exact: false,
        }),
      );
      await page.getByTestId('field-add').click();
      await page.getByTestId('funnel-next').click();
      await expectPath(page, `/en/home/make/esign/agree/${docuId}`);
      const placed = (await api(`/api/documents/${docuId}`, { token: owner.token })).body;
      expect(placed.recipients.map((r: { areas: unknown[] }) => r.areas.length)).toEqual([1, 0, 1, 0]);

      // Back on the contractors step: what was saved is shown.
      await openApp(session, `/en/home/make/esign/addrcpt/${docuId}`);
      await expectPath(page, `/en/home/make/esign/addrcpt/${docuId}`);
      await visible(page.getByTestId('contractor-row-3'));
      expect(await inOrder.isChecked()).toBe(true);
      expect(await group(2).inputValue()).toBe('2');
      expect(await page.getByTestId('contractor-row-1').getByTestId('contractor-role').inputValue()).toBe(
        'approver',
      );
      expect(await first.inputValue()).toBe('2');
      expect(await expiry.inputValue()).toBe(expiresAt);
      expect(await forwarding.isChecked()).toBe(true);
      // Only the replaced answer was an error.
      expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
    });
  });

  test("My Info's routing defaults are refused when out of range, saved, and prefill a new draft", async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async () => {
      const owner = await newOwner('en', 'Dora Defaults');
      const page = await signInAt(session, owner, '/en/home/mypage/myinfo');
      const form = page.getByTestId('routing-defaults-form');
      await visible(form.getByRole('heading', { name: t('routingOwner.defaults.title') }));
      await titled(page, t('titles.myPage'));

      await form.getByRole('checkbox', { name: t('routingOwner.reminders.enable') }).check();
      await form.getByLabel(t('routingOwner.reminders.firstAfterDays'), { exact: true }).fill('4');
      await form.getByLabel(t('routingOwner.reminders.everyDays'), { exact: true }).fill('31');
      await form.getByLabel(t('routingOwner.reminders.max'), { exact: true }).fill('2');
      const days = form.getByLabel(t('routingOwner.defaults.expiryDays'), { exact: true });
      await days.fill('400');
      const save = form.getByRole('button', { name: t('routingOwner.defaults.save'), exact: true });
      await save.click();
      await hasText(form.getByTestId('routing-error'), t('routing.errors.reminderDays', { min: 1, max: 30 }));
      await visible(
        form.getByText(t('routingOwner.defaults.expiryDaysInvalid', { max: 365 }), { exact: true }),
      );
      await focusIn(page, '[data-testid="routing-defaults-form"]', '[data-routing-field="everyDays"]');
      await form.getByLabel(t('routingOwner.reminders.everyDays'), { exact: true }).fill('5');
      await days.fill('14');
      await form.getByRole('checkbox', { name: t('routingOwner.defaults.allowDelegation') }).check();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await save.click();
      await hasText(form.getByTestId('routing-defaults-status'), t('account.profileSaved'));
      const me = (await api('/api/me', { token: owner.token })).body;
      expect(me.routingDefaults).toEqual({
        reminders: { firstAfterDays: 4, everyDays: 5, max: 2 },
        expiryDays: 14,
        allowDelegation: true,
      });

      // A new draft starts from them: the expiry is 14 days from now.
      const docuId = await uploadedDraft(owner);
      const before = Date.now();
      await openApp(session, `/en/home/make/esign/addrcpt/${docuId}`);
      await visible(page.getByTestId('routing-reminders'));
      expect(await page.getByRole('checkbox', { name: t('routingOwner.reminders.enable') }).isChecked()).toBe(
        true,
      );
      expect(
        await page.getByLabel(t('routingOwner.reminders.firstAfterDays'), { exact: true }).inputValue(),
      ).toBe('4');
      expect(await page.getByLabel(t('routingOwner.reminders.everyDays'), { exact: true }).inputValue()).toBe(
        '5',
      );
      expect(await page.getByLabel(t('routingOwner.reminders.max'), { exact: true }).inputValue()).toBe('2');
      expect(await page.getByRole('checkbox', { name: t('routingOwner.delegation.label') }).isChecked()).toBe(
        true,
      );
      const prefilled = fromLocalInput(
        await page.getByLabel(t('routingOwner.expiry.label'), { exact: true }).inputValue(),
      );
      expect(prefilled).not.toBeNull();
      const ahead = Date.parse(prefilled!) - before;
      expect(ahead).toBeGreaterThan(14 * DAY - 5 * 60_000);
      expect(ahead).toBeLessThan(14 * DAY + 5 * 60_000);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  test('Details show the flow; Remind now, Change contact, Set expiry and Void work with the server', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async () => {
      const owner = await newOwner('en', 'Otto Owner');
      const sent = await sentInOrder(owner, 'Flow contract');
      await signerLinkTo(sent.ann);
      const page = await signInAt(session, owner, '/en/home/doc/pending');

      // The card: Cy's role (a viewer: nothing to sign, no group), the signers' groups.
      const cyBadges = card(page, sent.docuId).getByTestId('recipient-2');
      await hasText(cyBadges.getByTestId('role-tag'), t('roles.viewer'));
      expect(await cyBadges.getByTestId('badge-signRequired').count()).toBe(0);
      expect(await cyBadges.getByTestId('group-tag').count()).toBe(0);
      await hasText(
        card(page, sent.docuId).getByTestId('recipient-1').getByTestId('group-tag'),
        t('routingOwner.list.group', { group: 2 }),
      );
      expect(await card(page, sent.docuId).getByTestId('recipient-0').getByTestId('role-tag').count()).toBe(
        0,
      );

      const flow = await openFlow(page, sent.docuId);
      // Ben's request goes when his turn comes: nothing to resend before.
      const progress = page.getByTestId(`details-${sent.docuId}`);
      await visible(
        progress
          .getByTestId('progress-0')
          .getByRole('button', { name: `${t('contracts.actions.resend')}: Ann Early` }),
      );
      expect(await progress.getByTestId('progress-1').getByRole('button').count()).toBe(0);
      await hasText(flow.getByTestId('flow-order'), t('routingOwner.flow.sequential', { groups: 2 }));
      await hasText(
        flow.getByTestId('flow-turn'),
        t('routingOwner.flow.turnOf', { group: 1, names: 'Ann Early' }),
      );
      await visible(flow.getByTestId('flow-0').getByTestId('flow-their-turn'));
      await visible(flow.getByTestId('flow-1').getByText(t('routingOwner.flow.waiting'), { exact: false }));
      await visible(
        flow
          .getByTestId('flow-scheduled')
          .getByText(t('routingOwner.flow.scheduledReminder', { name: 'Ann Early' }), {
            exact: false,
          }),
      );
      await visible(
        flow
          .getByTestId('flow-scheduled')
          .getByText(t('routingOwner.flow.scheduledExpiry'), { exact: false }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Remind now: Ann (whose turn it is) gets a reminder; the count and the history say so.
      const mailsBefore = mailsTo(await mailbox(), sent.ann).length;
      const annReminders = flow.getByTestId('flow-0').getByTestId('flow-reminders');
      await visible(annReminders.getByText(t('routingOwner.flow.never'), { exact: false }));
      await flow
        .getByRole('button', { name: `${t('routingOwner.actions.remind')}: Ann Early`, exact: true })
        .click();
      await hasText(flowNotice(page), t('routingOwner.actions.reminded', { name: 'Ann Early' }));
      // The details were read again: when she was last reminded (a reminder now is not one of the plan's).
      await annReminders
        .getByText(t('routingOwner.flow.never'), { exact: false })
        .waitFor({ state: 'detached', ...WAIT });
      // The reminder carries a new link (the one before stops working).
      const annLink = await eventually(
        async () => {
          const mails = mailsTo(await mailbox(), sent.ann);
          if (mails.length <= mailsBefore) return null;
          return SIGNER_LINK.exec(mails.at(-1)!.body.text ?? '');
        },
        30000,
        'the reminder to Ann',
      );
      await visible(
        page.getByTestId(`details-${sent.docuId}`).getByText(t('history.actions.remind'), { exact: false }),
      );

      // Change contact: Ben has not answered. The dialog opens on the contact, Escape closes it, a bad
      // contact is refused with its message, a good one is saved.
      const benContact = flow.getByRole('button', {
        name: `${t('routingOwner.actions.changeContact')}: Ben Later`,
        exact: true,
      });
      await benContact.click();
      const contactDialog = page.getByRole('dialog', {
        name: t('routingOwner.dialogs.contactTitle', { name: 'Ben Later' }),
      });
      await visible(contactDialog);
      await focusIn(page, '[data-testid="contact-dialog"]', 'input');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe(sent.ben);
      await page.keyboard.press('Escape');
      await contactDialog.waitFor({ state: 'detached', ...WAIT });
      await benContact.click();
      await visible(contactDialog);
      const contactInput = contactDialog.getByLabel(t('routingOwner.dialogs.contact'), { exact: true });
      await contactInput.fill('not-an-address');
      await contactDialog.getByRole('button', { name: t('routingOwner.dialogs.save'), exact: true }).click();
      await hasText(contactDialog.getByTestId('dialog-error'), t('contractors.errors.unknownContactType'));
      const newBen = email('ben-new');
      await contactInput.fill(newBen);
      await page.keyboard.press('Enter');
      await contactDialog.waitFor({ state: 'detached', ...WAIT });
      await hasText(flowNotice(page), t('routingOwner.actions.contactChanged', { name: 'Ben Later' }));
      await visible(page.getByTestId(`details-${sent.docuId}`).getByText(newBen, { exact: true }));

      // Ann signs meanwhile (the page still offers to remind her): the server's refusal is translated.
      await signAndAgree(sent.docuId, annLink[3]!, [0]);
      await flow
        .getByRole('button', { name: `${t('routingOwner.actions.remind')}: Ann Early`, exact: true })
        .click();
      await visible(flowNotice(page));
      expect([t('routing.errors.notTheirTurn'), t('routing.errors.nothingToRemind')]).toContain(
        ((await flowNotice(page).textContent()) ?? '').trim(),
      );
      // Group 2's request went to Ben's new contact.
      await signerLinkTo(newBen);

      // Set the expiry: too far is refused in the dialog; then saved.
      await flow.getByRole('button', { name: t('routingOwner.actions.changeExpiry'), exact: true }).click();
      const expiryDialog = page.getByRole('dialog', { name: t('routingOwner.dialogs.expiryTitle') });
      await visible(expiryDialog);
      await focusIn(page, '[data-testid="expiry-dialog"]', 'input[type="datetime-local"]');
      const date = expiryDialog.getByLabel(t('routingOwner.dialogs.expiryLabel'), { exact: true });
      await date.fill(inDays(400));
      await expiryDialog.getByRole('button', { name: t('routingOwner.dialogs.save'), exact: true }).click();
      await hasText(
        expiryDialog.getByTestId('dialog-error'),
        t('routing.errors.expiryTooFar', { days: 365 }),
      );
      const newExpiry = inDays(20);
      await date.fill(newExpiry);
      await expiryDialog.getByRole('button', { name: t('routingOwner.dialogs.save'), exact: true }).click();
      await expiryDialog.waitFor({ state: 'detached', ...WAIT });
      await visible(flowNotice(page));
      const details = (await api(`/api/documents/${sent.docuId}/details`, { token: owner.token })).body;
      expect(details.flow.expiresAt).toBe(fromLocalInput(newExpiry));

      // Void: the reason is required; then every party is told, and the card says Voided.
      await flow.getByRole('button', { name: t('routingOwner.actions.void'), exact: true }).click();
      const voidDialog = page.getByRole('dialog', { name: t('routingOwner.dialogs.voidTitle') });
      await visible(voidDialog);
      await focusIn(page, '[data-testid="void-dialog"]', 'textarea');
      const confirm = voidDialog.getByRole('button', {
        name: t('routingOwner.dialogs.voidConfirm'),
        exact: true,
      });
      await confirm.click();
      await hasText(voidDialog.getByTestId('dialog-error'), t('routing.errors.voidReasonRequired'));
      expect(await seriousAxeViolations(page, '[data-testid="void-dialog"]')).toEqual([]);
      await voidDialog
        .getByLabel(t('routingOwner.dialogs.voidReason'), { exact: true })
        .fill('The terms changed.');
      await confirm.click();
      await voidDialog.waitFor({ state: 'detached', ...WAIT });
      await hasText(flowNotice(page), t('routingOwner.actions.voided'));
      await hasText(card(page, sent.docuId).getByTestId('status-label'), t('documents.status.voided'));
      await hasText(card(page, sent.docuId).getByTestId('list-label'), t('documents.listLabels.voided'));
      await hasText(flow.getByTestId('flow-void-reason'), 'The terms changed.');
      await visible(
        page.getByTestId(`details-${sent.docuId}`).getByText(t('history.actions.void'), { exact: false }),
      );
      await visible(
        page
          .getByTestId(`details-${sent.docuId}`)
          .getByText(t('history.actions.contactChange'), { exact: false }),
      );
      // Nothing is left to do: no action of the Flow panel is offered.
      expect(await flow.getByRole('button').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Only the refused reminder (Ann had signed meanwhile) answered an error.
      expect(session.unexpectedProblems([/status of 409/])).toEqual([]);
    });
  });

  test('an expired contract is listed under Expired and extended from Details', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async () => {
      const owner = await newOwner('en', 'Eli Expiring');
      const sent = await sentInOrder(owner, 'Expiring contract', 2 * 3600 * 1000);
      // The expiry job runs as the scheduler would run it three hours on (on a clock of its own, as the
      // integration tests do; the local cloud's shared test clock is left alone for other journeys).
      const before = (await api(`/api/documents/${sent.docuId}/details`, { token: owner.token })).body;
      const expiresAt = before.flow.expiresAt as string;
      await processScheduledJob(
        { ...routingDeps(), clock: { now: () => new Date(Date.now() + 3 * 3600 * 1000) } },
        { kind: 'expire', docuId: sent.docuId, expiresAt },
      );
      await eventually(
        async () =>
          (await api(`/api/documents/${sent.docuId}/details`, { token: owner.token })).body?.status ===
          'Expired',
        60000,
        'the contract to expire',
      );
      const page = await signInAt(session, owner, '/en/home/doc/expired');
      await hasText(page.getByTestId('tab-expired'), t('documents.listLabels.expired'));
      await hasText(card(page, sent.docuId).getByTestId('list-label'), t('documents.listLabels.expired'));
      await hasText(card(page, sent.docuId).getByTestId('status-label'), t('documents.status.expired'));
      const flow = await openFlow(page, sent.docuId);
      await visible(flow.getByText(t('routingOwner.flow.expiredAt'), { exact: true }));
      await hasText(flow.getByTestId('flow-turn'), t('routingOwner.flow.noTurn'));
      expect(await seriousAxeViolations(page)).toEqual([]);

      await flow.getByRole('button', { name: t('routingOwner.actions.extend'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('routingOwner.dialogs.extendTitle') });
      await visible(dialog);
      await dialog.getByLabel(t('routingOwner.dialogs.expiryLabel'), { exact: true }).fill(inDays(3));
      await dialog.getByRole('button', { name: t('routingOwner.actions.extend'), exact: true }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await visible(flowNotice(page));
      await hasText(card(page, sent.docuId).getByTestId('status-label'), t('documents.status.waitingSign'));
      await visible(
        page.getByTestId(`details-${sent.docuId}`).getByText(t('history.actions.extend'), { exact: false }),
      );
      await visible(
        page.getByTestId(`details-${sent.docuId}`).getByText(t('history.actions.expire'), { exact: false }),
      );
    });
  });

  test('a Japanese owner on a 380 px phone: the contractors step and the Flow panel fit, titled in Japanese', async () => {
    session = await launchBrowser({ locale: 'ja-JP', viewport: { width: 380, height: 820 }, touch: true });
    await session.run(async () => {
      const ja = (key: string, options?: Record<string, unknown>) => text('ja', key, options);
      const owner = await newOwner('jp', '山田 太郎');
      const docuId = await uploadedDraft(owner);
      const page = await signInAt(session, owner, `/jp/home/make/esign/addrcpt/${docuId}`);
      await visible(page.getByRole('group', { name: ja('routingOwner.order.legend') }));
      await titled(page, ja('titles.newContract'));
      await page.getByRole('radio', { name: ja('routingOwner.order.sequential') }).check();
      await page.getByRole('checkbox', { name: ja('routingOwner.reminders.enable') }).check();
      await visible(page.getByLabel(ja('routingOwner.reminders.everyDays'), { exact: true }));
      await visible(page.getByTestId('contractor-group'));
      await noSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);

      const sent = await sentInOrder(owner, '順番の契約');
      await openApp(session, '/jp/home/doc/pending');
      await expectPath(page, '/jp/home/doc/pending');
      await titled(page, ja('titles.contracts'));
      await visible(card(page, sent.docuId));
      await card(page, sent.docuId)
        .getByRole('button', { name: ja('contracts.actions.details'), exact: true })
        .click();
      const flow = page.getByTestId('flow-panel');
      await hasText(flow.getByTestId('flow-order'), ja('routingOwner.flow.sequential', { groups: 2 }));
      await noSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await flow.getByRole('button', { name: ja('routingOwner.actions.void'), exact: true }).click();
      const dialog = page.getByTestId('void-dialog');
      await visible(dialog);
      const box = (await dialog.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(380);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', ...WAIT });
    });
  });
});
