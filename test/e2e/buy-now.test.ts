// Issue #29 in Chromium against the local cloud: Buy Now from every state (signed in → Pay Plan with
// the plan and the seats chosen; signed out → 'You need to Sign In to Buy.', sign in or sign up with
// the mailed code → Pay Plan with the same plan and seats), a company member told who manages the
// plan, a one-time buyer naming members on My Plan (5 seats besides the buyer's; a 6th member refused),
// a failed logout that says so, every public page without a dead link or placeholder text, and a
// made-up funnel route that is not-found. Texts come from the catalogues.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import { ONETIME_PLAN_SEATS } from '../../shared/domain/constants';
import { PUBLIC_PAGES } from '../../web/src/features/public/public-paths';
import { mailCount, mailedCode, signUpConfirmed } from '../support/accounts';
import { seriousAxeViolations } from '../support/axe';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { api } from '../support/cloud-client';
import { newOwner, PASSWORD, userIdOf, type Owner } from '../support/documents';
import { text } from './catalogue';
import { expectPath, expectVisibleText, submitSignIn, typeInto } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

async function signIn(session: BrowserSession, owner: Owner): Promise<Page> {
  const page = await openApp(session, '/en/login');
  await submitSignIn(page, owner.email, PASSWORD);
  await expectPath(page, ['/en/home', '/en/thankyou']);
  return page;
}

/** On the public plans page: the card's quantity (Standard seats, one-time contracts), then Buy Now. */
async function buyNow(session: BrowserSession, plan: string, quantity?: number): Promise<void> {
  const page = await openApp(session, '/en/plans');
  // The first view shows the annual plans and the one-time card; Monthly shows the monthly ones.
  if (plan.startsWith('month_')) {
    await page.getByRole('button', { name: t('public.plans.monthly'), exact: true }).click();
  }
  const card = page.locator(`[data-plan="${plan}"]`);
  await card.waitFor({ timeout: 20000 });
  if (quantity !== undefined) await card.getByTestId('plan-quantity').fill(String(quantity));
  await card.getByRole('button', { name: t('public.plans.buyNow'), exact: true }).click();
}

async function expectPayPlan(page: Page, plan: string, quantity: number): Promise<void> {
  await page.waitForURL((url) => url.pathname === `/en/home/pay_plan/${plan}`, { timeout: 30000 });
  await page.getByTestId('pay-plan-name').waitFor({ timeout: 20000 });
  if (quantity > 1) {
    expect(new URL(page.url()).searchParams.get('quantity')).toBe(String(quantity));
    expect(await page.getByTestId('pay-quantity').inputValue()).toBe(String(quantity));
  }
}

describe('Buy Now and the public pages (issue #29)', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    appBaseUrl();
    session = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await session.close();
  });

  it('signed in, Buy Now goes straight to Pay Plan with the plan and the seats', async () => {
    const owner = await newOwner('en', 'Signed Buyer');
    await session.run(async () => {
      const page = await signIn(session, owner);
      await openApp(session, '/en/plans');
      await page.locator('[data-plan="year_standard"]').getByTestId('plan-quantity').waitFor();
      // The seats are checked on the card as on the pay page.
      const seats = page.locator('[data-plan="year_standard"]').getByTestId('plan-quantity');
      await seats.fill('0');
      await expectVisibleText(page, t('billing.errors.notPositive'));
      const buy = page
        .locator('[data-plan="year_standard"]')
        .getByRole('button', { name: t('public.plans.buyNow'), exact: true });
      expect(await buy.isDisabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await buyNow(session, 'year_standard', 3);
      await expectPayPlan(page, 'year_standard', 3);
      expect(await page.getByText(t('payment.signInToBuy'), { exact: true }).count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it("signed out: 'You need to Sign In to Buy.', then sign-in leads to Pay Plan with the plan and contracts", async () => {
    const owner = await newOwner('en', 'Later Buyer');
    await session.run(async (page) => {
      await buyNow(session, 'price_onetime', 4);
      await expectVisibleText(page, t('payment.signInToBuy'));
      await expectPath(page, '/en/login');
      await submitSignIn(page, owner.email, PASSWORD);
      await expectPayPlan(page, 'price_onetime', 4);
      // The marker is used once: a later sign-in goes home.
      expect(await page.evaluate(() => sessionStorage.getItem('signseal.pendingPayment'))).toBeNull();
    });
  });

  it('signed out: a new sign-up with the mailed code leads to Pay Plan with the plan and seats', async () => {
    const email = `buyer-${randomUUID()}@example.com`;
    await session.run(async (page) => {
      await buyNow(session, 'month_standard', 2);
      await expectVisibleText(page, t('payment.signInToBuy'));
      await expectPath(page, '/en/login');
      await page
        .getByTestId('login-dialog')
        .getByRole('link', { name: t('auth.signUpLink'), exact: true })
        .click();
      await expectPath(page, '/en/register');
      await page.getByRole('checkbox', { name: t('registration.consents.agreeAll'), exact: true }).check();
      await page.getByRole('button', { name: t('registration.next'), exact: true }).click();
      const before = await mailCount();
      await typeInto(page, t('auth.email'), email);
      await typeInto(page, t('auth.name'), 'New Buyer');
      await typeInto(page, t('auth.password'), PASSWORD);
      await page.getByRole('button', { name: t('registration.createAccount'), exact: true }).click();
      await page.getByTestId('signup-code-step').waitFor({ timeout: 30000 });
      await typeInto(page, t('registration.code'), await mailedCode(email, before));
      await page.getByRole('button', { name: t('registration.confirmCode'), exact: true }).click();
      // Not the thank-you page: the purchase the visitor started.
      await expectPayPlan(page, 'month_standard', 2);
    });
  });

  it('a company member pressing Buy Now is told who manages the plan', async () => {
    const buyer = await newOwner('en', 'Plan Manager');
    await getDeps().repo.update(await userIdOf(buyer), {
      plan: 'month_standard',
      seats: 2,
      validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      subscriptionStatus: 'active',
    });
    const memberEmail = `member-${randomUUID()}@example.com`;
    const put = await api('/api/billing/members', {
      method: 'PUT',
      token: buyer.token,
      body: { members: [memberEmail] },
    });
    expect(put.status).toBe(200);
    const signed = await signUpConfirmed(memberEmail, { name: 'Mo Member', password: PASSWORD });
    await session.run(async () => {
      const page = await signIn(session, { token: signed.token, email: memberEmail, name: signed.name });
      await buyNow(session, 'year_standard', 5);
      await expectPayPlan(page, 'year_standard', 5);
      await page
        .getByTestId('pay-managed-by')
        .filter({ hasText: t('plans29.managedBy', { owner: buyer.email }) })
        .waitFor({ timeout: 20000 });
      expect(await page.getByTestId('pay-button').isDisabled()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('a one-time buyer adds 5 members besides themselves (5 seats); a 6th member is refused', async () => {
    const buyer = await newOwner('en', 'Ticket Owner');
    const now = new Date().toISOString();
    await getDeps().repo.update(await userIdOf(buyer), {
      availableTickets: 3,
      ticketLots: [{ source: 'onetime', count: 3, addedAt: now }],
    });
    const emails = Array.from(
      { length: ONETIME_PLAN_SEATS + 1 },
      (_, i) => `seat-${i}-${randomUUID()}@example.com`,
    );
    await session.run(async () => {
      const page = await signIn(session, buyer);
      await openApp(session, '/en/home/myplan');
      const members = page.getByTestId('members');
      await members.waitFor({ timeout: 20000 });
      await expectVisibleText(page, t('plans29.members.onetimeIntro', { seats: ONETIME_PLAN_SEATS }));
      // The same editor as Standard: the owner's row and one per seat besides it.
      expect(await members.getByRole('textbox').count()).toBe(ONETIME_PLAN_SEATS + 1);
      const rows = page.getByTestId('member-email');
      expect(await rows.count()).toBe(ONETIME_PLAN_SEATS);
      for (let i = 0; i < ONETIME_PLAN_SEATS; i++) await rows.nth(i).fill(emails[i]!);
      await page.getByTestId('members-save').click();
      await expectVisibleText(page, t('billing.members.saved'));
      expect(await page.getByTestId('members-used').textContent()).toBe(
        t('billing.members.used', { used: ONETIME_PLAN_SEATS + 1, seats: ONETIME_PLAN_SEATS + 1 }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
    // A 6th member is refused with the limit, whatever the client sends.
    const refused = await api('/api/billing/members', {
      method: 'PUT',
      token: buyer.token,
      body: { members: emails },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'billing.members.errors.tooMany',
      details: { max: ONETIME_PLAN_SEATS },
    });
    expect(t(refused.body.error.code, refused.body.error.details)).toBe('Up to 5 members can be added.');
  });

  it("a logout that fails says 'Something went wrong, Logout Failed' and keeps the user signed in", async () => {
    const owner = await newOwner('en', 'Stuck Owner');
    await session.run(async () => {
      const page = await signIn(session, owner);
      await openApp(session, '/en/home');
      await page.getByTestId('top-bar').waitFor();
      // The browser refuses to remove the session's tokens (as a locked-down storage would).
      await page.evaluate(() => {
        const original = Storage.prototype.removeItem;
        (window as unknown as { restoreRemove: () => void }).restoreRemove = () => {
          Storage.prototype.removeItem = original;
        };
        Storage.prototype.removeItem = function (key: string) {
          if (key.startsWith('CognitoIdentityServiceProvider')) throw new Error('storage is locked');
          return original.call(this, key);
        };
      });
      await page.getByRole('button', { name: t('nav.signOut'), exact: true }).click();
      await page.getByTestId('flash-logoutFailed').waitFor({ timeout: 20000 });
      expect(await page.getByTestId('flash-logoutFailed').textContent()).toContain(t('auth.logoutFailed'));
      expect(new URL(page.url()).pathname).toBe('/en/home');
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Once the storage behaves, the logout works as before.
      await page.evaluate(() => (window as unknown as { restoreRemove: () => void }).restoreRemove());
      await page.getByRole('button', { name: t('nav.signOut'), exact: true }).click();
      await expectPath(page, '/en/login');
      await expectVisibleText(page, t('auth.loggedOut'));
    });
  });

  it('a made-up funnel route is the not-found page', async () => {
    const owner = await newOwner('en', 'Lost Owner');
    await session.run(async () => {
      const page = await signIn(session, owner);
      for (const path of ['/en/home/make/nonsense/x', '/en/home/make/nonsense/x/y', '/en/home/nowhere']) {
        await openApp(session, path);
        await expectVisibleText(page, t('access.notFound.message'));
        await page.getByRole('link', { name: t('access.notFound.backHome'), exact: true }).waitFor();
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('every public page: no link that fails, no link to a made-up domain, no placeholder text', async () => {
    const base = new URL(appBaseUrl());
    const internal = new Set<string>();
    await session.run(async (page) => {
      for (const lang of ['en', 'jp']) {
        for (const slug of Object.values(PUBLIC_PAGES)) {
          await openApp(session, `/${lang}/${slug}`);
          await page.locator('footer.public-footer').waitFor({ timeout: 20000 });
          await page.locator('main h1').first().waitFor({ timeout: 20000 });
          // Code samples are left out: the API reference's request examples use the reserved
          // example.com domain (RFC 2606), as API documentation should.
          const body = await page.evaluate(() => {
            let text = document.body.innerText;
            for (const e of document.querySelectorAll('pre, code'))
              text = text.replace((e as HTMLElement).innerText, '');
            return text;
          });
          expect({
            page: `/${lang}/${slug}`,
            placeholder: body.match(/example\.|0000|lorem/i)?.[0] ?? null,
          }).toEqual({ page: `/${lang}/${slug}`, placeholder: null });
          const hrefs = await page.evaluate(() =>
            [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href),
          );
          for (const href of hrefs) {
            const url = new URL(href);
            if (url.protocol === 'mailto:' || url.protocol === 'tel:') {
              expect(href).not.toMatch(/example\.|0000/i);
            } else if (url.origin === base.origin) {
              internal.add(url.pathname);
            } else {
              // An external link must be to a real domain (no .example/.invalid/.test placeholders).
              expect(url.hostname).not.toMatch(/(^|\.)(example(\.(com|org|net))?|invalid|test|localhost)$/);
            }
          }
        }
      }
      // Each internal link opens a page of the app (not the not-found page) and its server answers.
      for (const pathname of internal) {
        const response = await fetch(new URL(pathname, base));
        expect({ pathname, status: response.status }).toEqual({ pathname, status: 200 });
        // A document of the API (the reference page links /api/v1/openapi.json) is not a page.
        if (pathname.startsWith('/api/')) {
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          continue;
        }
        await openApp(session, pathname);
        // The page's heading (a public page's h1, or the sign-in dialog's title) once it has rendered.
        const heading = page.locator('main h1, .auth-dialog-title').first();
        await heading.waitFor({ timeout: 20000 });
        expect({ pathname, heading: await heading.textContent() }).not.toEqual({
          pathname,
          heading: t('access.notFound.message'),
        });
      }
      expect(internal.size).toBeGreaterThan(10);
    });
  });
});
