// Issue #18 in Chromium against the local cloud and its Stripe-compatible server: Select Plan shows
// the provider's prices; the pay page checks the quantity ('cannot be zero or negative!!!'), totals
// it, and Pay goes to the hosted checkout; a declined card shows the provider's message there; 4242
// comes back with isModalOpen=true and 'Payment succeeded!'; My Plan then shows the plan the webhook
// wrote and its invoice, and cancel at period end shows 'Unsubscribe has been scheduled'.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import { seriousAxeViolations } from '../support/axe';
import { createDocument, newOwner, PASSWORD, uploadPdf, type Owner } from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, submitSignIn } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

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
      // Annual total and its monthly equivalent (local prices: $240.00 a year per seat).
      await expectVisibleText(page, t('billing.prices.perYear', { price: '$240.00' }));
      await expectVisibleText(page, t('billing.prices.monthlyEquivalent', { price: '$20.00' }));
      expect(await seriousAxeViolations(page)).toEqual([]);
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
      await page.getByTestId('cancel-subscription').click();
      await expectVisibleText(page, t('billing.success'));
      await page.getByTestId('unsubscribe-scheduled').waitFor({ timeout: 30000 });
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
