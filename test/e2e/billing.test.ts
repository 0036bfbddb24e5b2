// Issue #18 in Chromium against the local cloud and its Stripe-compatible server: Select Plan shows
// the provider's prices in the pricing page's catalogue (its toggle, its feature texts); the pay page checks the quantity ('cannot be zero or negative!!!'), totals
// it, and Pay goes to the hosted checkout; a declined card shows the provider's message there; 4242
// comes back with isModalOpen=true and 'Payment succeeded!'; My Plan then shows the plan the webhook
// wrote and its invoice, one more seat changes the subscription (no second checkout), and cancel at
// period end shows 'Unsubscribe has been scheduled'. A standard
// plan's buyer names a company member on My Plan; the member, signed in, sees the company's plan.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import { seriousAxeViolations } from '../support/axe';
import { signUpConfirmed } from '../support/accounts';
import { createDocument, newOwner, PASSWORD, uploadPdf, type Owner } from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, submitSignIn } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const title = (key: string) => `${t(key)} | ${t('app.name')}`;

async function expectTitle(page: Page, key: string) {
  await page.waitForFunction((wanted) => document.title === wanted, title(key), { timeout: 20000 });
}

/** The feature lines of each card shown, by plan. */
function featuresOf(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-testid="plan-card"]')].map((card) => [
        card.dataset.plan!,
        [...card.querySelectorAll('.check-list li')].map((li) => li.textContent ?? ''),
      ]),
    ),
  );
}

async function signInTo(session: BrowserSession, owner: Owner): Promise<Page> {
  const page = await openApp(session, '/en/login');
  await submitSignIn(page, owner.email, PASSWORD, 'en');
  await expectPath(page, ['/en/home', '/en/thankyou']);
  return page;
}

async function payOnCheckout(page: Page, card: string) {
  await page.locator('#cardNumber').fill(card);
  await page.locator('#cardExpiry').fill('12 / 40');
  await page.locator('#cardCvc').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

describe('plans and payments in the browser', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await session.close();
  });

  it('select a plan, pay with a declined card and with 4242, see the plan and cancel at period end', async () => {
    const owner = await newOwner('en', 'Paying Owner');
    await session.run(async () => {
      const page = await signInTo(session, owner);
      await openApp(session, '/en/home/select_plan');
      await expectTitle(page, 'titles.selectPlan');
      // The first view: the annual plans and the one-time contracts, the annual total and its monthly
      // equivalent (local prices: $240.00 a year per seat), the pricing page's feature texts.
      await expectVisibleText(page, t('billing.prices.perYear', { price: '$240.00' }));
      await expectVisibleText(page, t('billing.prices.monthlyEquivalent', { price: '$20.00' }));
      const annual = await featuresOf(page);
      expect(Object.keys(annual)).toEqual(['year_personal', 'year_standard', 'price_onetime']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The toggle: Monthly shows the monthly plans alone.
      const monthly = page.getByRole('button', { name: t('public.plans.monthly'), exact: true });
      await monthly.click();
      expect(await monthly.getAttribute('aria-pressed')).toBe('true');
      await page.locator('[data-plan="month_standard"]').waitFor();
      expect(Object.keys(await featuresOf(page))).toEqual(['month_personal', 'month_standard']);
      // The same texts as the public pricing page.
      await openApp(session, '/en/plans');
      await page.locator('[data-plan="year_standard"]').getByTestId('plan-price').waitFor();
      expect(await featuresOf(page)).toEqual(annual);
      await openApp(session, '/en/home/select_plan');
      await page.getByRole('button', { name: t('public.plans.monthly'), exact: true }).click();
      await page.locator('[data-plan="month_standard"]').getByRole('link').click();
      await expectPath(page, '/en/home/pay_plan/month_standard');

      const quantity = page.getByTestId('pay-quantity');
      await quantity.fill('0');
      await expectVisibleText(page, t('billing.errors.notPositive'));
      expect(await page.getByTestId('pay-button').isDisabled()).toBe(true);
      await quantity.fill('3');
      await page.getByTestId('pay-total').filter({ hasText: '$75.00' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByTestId('pay-button').click();

      // The hosted checkout page of the local Stripe server.
      await page.waitForURL(/\/c\/pay\/cs_test_/);
      await payOnCheckout(page, '4000 0000 0000 0002');
      await expectVisibleText(page, 'Your card was declined.');
      await payOnCheckout(page, '4242 4242 4242 4242');
      await page.waitForURL(/\/en\/home\/pay_plan\/month_standard\?isModalOpen=true&session_id=/);
      await page
        .getByTestId('payment-result')
        .filter({ hasText: t('payment.succeeded') })
        .waitFor();

      // My Plan: the plan written by the webhook (polled: it may arrive a moment later), an invoice.
      const deadline = Date.now() + 30000;
      for (;;) {
        await openApp(session, '/en/home/myplan');
        await page.getByTestId('myplan-plan').waitFor();
        if ((await page.getByTestId('myplan-plan').textContent()) === t('shell.plans.month_standard')) break;
        if (Date.now() > deadline) throw new Error('the plan did not change');
        await page.waitForTimeout(500);
      }
      await page.getByTestId('invoice-list').getByText('3 ×').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A plan change: one seat more updates the subscription (no second checkout); My Plan then
      // has a member row per further seat.
      await openApp(session, '/en/home/pay_plan/month_standard');
      await page.getByTestId('pay-quantity').fill('4');
      await page.getByTestId('pay-total').filter({ hasText: '$100.00' }).waitFor();
      await page.getByTestId('pay-button').click();
      await page.waitForURL(/\/en\/home\/pay_plan\/month_standard\?changed=true/);
      await expectVisibleText(page, t('billing.change.changed'));
      const seatsDeadline = Date.now() + 30000;
      for (;;) {
        await openApp(session, '/en/home/myplan');
        await page.getByTestId('members').waitFor();
        if ((await page.getByTestId('member-email').count()) === 3) break;
        if (Date.now() > seatsDeadline) throw new Error('the seats did not change');
        await page.waitForTimeout(500);
      }
      await page.getByTestId('cancel-subscription').click();
      await expectVisibleText(page, t('billing.success'));
      await page.getByTestId('unsubscribe-scheduled').waitFor({ timeout: 30000 });
    });
  });

  it('a standard plan’s buyer names a member on My Plan; the member signed in sees the company plan', async () => {
    const buyer = await newOwner('en', 'Company Buyer');
    const buyerId = (await api('/api/me', { token: buyer.token })).body.userId as string;
    await getDeps().repo.update(buyerId, {
      plan: 'month_standard',
      seats: 2,
      validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      subscriptionStatus: 'active',
    });
    const memberEmail = `member-${randomUUID()}@example.com`;
    await session.run(async () => {
      const page = await signInTo(session, buyer);
      await openApp(session, '/en/home/myplan');
      await expectTitle(page, 'titles.myPlan');
      const members = page.getByTestId('members');
      await members.waitFor();
      // One row per seat: the owner's own, fixed, and one to fill in.
      expect(await members.getByRole('textbox').count()).toBe(2);
      expect(await members.getByLabel(t('billing.members.seat', { n: 1 })).isEditable()).toBe(false);
      const row = members.getByLabel(t('billing.members.seat', { n: 2 }));
      // Nothing edited yet: nothing to save (issue #34 item 7); the seats are counted (item 6).
      expect(await page.getByTestId('members-save').isDisabled()).toBe(true);
      expect(await page.getByTestId('members-used').textContent()).toBe(
        t('billing.members.used', { used: 1, seats: 2 }),
      );
      await row.fill('not an address');
      await page.getByTestId('members-save').click();
      await expectVisibleText(page, t('billing.members.errors.invalidEmail', { row: 2 }));
      await row.fill(buyer.email);
      await page.getByTestId('members-save').click();
      await expectVisibleText(page, t('billing.members.errors.duplicate', { row: 2 }));
      await row.fill(memberEmail);
      await page.getByTestId('members-save').click();
      await expectVisibleText(page, t('billing.members.saved'));
      expect(await page.getByTestId('members-save').isDisabled()).toBe(true);
      expect(await page.getByTestId('members-used').textContent()).toBe(
        t('billing.members.used', { used: 2, seats: 2 }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    await session.close();
    session = await launchBrowser({ viewport: { width: 1280, height: 900 } });
    const signed = await signUpConfirmed(memberEmail, { name: 'Mia Member', password: PASSWORD });
    await session.run(async () => {
      const page = await signInTo(session, { token: signed.token, email: memberEmail, name: signed.name });
      await openApp(session, '/en/home/myplan');
      await page
        .getByTestId('myplan-shared')
        .filter({ hasText: t('billing.members.sharedFrom', { owner: buyer.email }) })
        .waitFor();
      expect(await page.getByTestId('myplan-plan').textContent()).toBe(t('shell.plans.month_standard'));
      expect(await page.getByTestId('members').count()).toBe(0);
      expect(await page.getByTestId('cancel-subscription').count()).toBe(0);
      await page
        .getByTestId('plan-box-plan')
        .filter({ hasText: t('shell.plans.month_standard') })
        .waitFor();
      expect(await page.getByTestId('plan-box-sends-left').textContent()).toBe('10');
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('remaining contracts: one number on My Plan, the plan box and Pricing Information, its parts explained (issue #34 item 5)', async () => {
    const owner = await newOwner('en', 'Rem Buyer');
    const ownerId = (await api('/api/me', { token: owner.token })).body.userId as string;
    const now = new Date();
    // A personal plan with 2 of this month's 5 sends used, and 5 contracts bought: 3 + 5 = 8.
    await getDeps().repo.update(ownerId, {
      plan: 'month_personal',
      validDate: new Date(now.getTime() + 20 * 86_400_000).toISOString(),
      usageMonth: now.toISOString().slice(0, 7),
      usageCount: 2,
      availableTickets: 5,
      ticketLots: [{ source: 'onetime', count: 5, addedAt: now.toISOString() }],
    });
    const me = (await api('/api/me', { token: owner.token })).body;
    const left = me.remaining as { subscription: number; tickets: number; total: number };
    expect(left.tickets).toBe(5);
    expect(left.total).toBe(left.subscription + 5);
    const parts = t('shell.planBox.remainingParts', {
      total: left.total,
      month: left.subscription,
      tickets: left.tickets,
    });
    await session.run(async () => {
      const page = await signInTo(session, owner);
      await openApp(session, '/en/home/myplan');
      await page.getByTestId('myplan-remaining').waitFor();
      // The same number in the page and in the side box (My Plan said 15 while the box said 5).
      expect(await page.getByTestId('myplan-remaining').textContent()).toBe(String(left.total));
      expect(await page.getByTestId('myplan-remaining-parts').textContent()).toBe(parts);
      await page
        .getByTestId('plan-box-remaining')
        .filter({ hasText: String(left.total) })
        .waitFor();
      expect(await page.getByTestId('plan-box-remaining').textContent()).toBe(String(left.total));
      expect(await page.getByTestId('plan-box-remaining-parts').textContent()).toBe(parts);
      expect(await page.getByTestId('plan-box-sends-left').textContent()).toBe(String(left.subscription));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await openApp(session, '/en/home/mypage/priceinfo');
      await page.getByTestId('priceinfo-remaining').waitFor();
      expect(await page.getByTestId('priceinfo-remaining').textContent()).toBe(String(left.total));
      expect(await page.getByTestId('priceinfo-remaining-parts').textContent()).toBe(parts);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('with no contract left, Finalize says so and links the plans; the draft stays', async () => {
    const owner = await newOwner('en', 'Empty Owner');
    const me = await api('/api/me', { token: owner.token });
    await getDeps().repo.update(me.body.userId as string, { availableTickets: 0, ticketLots: [] });
    const docuId = await createDocument(owner);
    expect((await uploadPdf(owner, docuId)).status).toBe(200);
    const contact = `signer-${randomUUID()}@example.com`;
    const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
    expect(
      (
        await put(`/api/documents/${docuId}/recipients`, {
          recipients: [{ name: 'Mail Signer', contact }],
          finalRecipients: [],
          lang: 'en',
        })
      ).status,
    ).toBe(200);
    const areas = [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }];
    expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
    await session.run(async () => {
      const page = await signInTo(session, owner);
      await openApp(session, `/en/home/make/esign/agree/${docuId}`);
      await page.getByLabel(t('funnel.finalize.terms'), { exact: true }).check();
      await page.waitForFunction(
        (label) =>
          [...document.querySelectorAll('button')].some((b) => b.textContent === label && !b.disabled),
        t('funnel.finalize.completed'),
      );
      await page.getByRole('button', { name: t('funnel.finalize.completed'), exact: true }).click();
      await expectVisibleText(page, t('documents.send.failed', { errmsg: t('billing.errors.noneLeft') }));
      await page.getByTestId('send-view-plans').click();
      await expectPath(page, '/en/home/select_plan');
    });
    expect((await api(`/api/documents/${docuId}`, { token: owner.token })).body.status).toBe('SetPos');
  });

  it("a visitor's Buy Now: 'You need to Sign In to Buy.', then after sign-in the pay page of that plan", async () => {
    await session.run(async () => {
      const page = await openApp(session, '/en/plans');
      await page.locator('[data-plan="year_standard"]').getByTestId('plan-price').waitFor();
      await page
        .locator('[data-plan="year_standard"]')
        .getByRole('button', { name: t('public.plans.buyNow'), exact: true })
        .click();
      await expectVisibleText(page, t('payment.signInToBuy'));
      await expectPath(page, '/en/login');
      await submitSignIn(page, process.env.TEST_DEMO_EMAIL!, process.env.TEST_DEMO_PASSWORD!);
      await expectPath(page, '/en/home/pay_plan/year_standard');
      await page.getByTestId('pay-plan-name').waitFor();
    });
  });
});
