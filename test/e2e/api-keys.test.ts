// Issue #31 item 1, as a person does it: a trial owner opens My Info → API, creates a key with a name
// and a permission in the dialog, sees the key once (copies it with the button; the clipboard holds
// it), closes the dialog — the list then shows the key's prefix only, never the secret — uses it, sees
// its last use, and revokes it from the keyboard in a confirm dialog that opens on its primary action;
// the key is refused at once. In Japanese, on a 380 px phone, the page is titled in Japanese, the list
// fits, and a plan without the API shows the plan gate with the plans link. axe-core finds no critical
// or serious violation on the card or either dialog.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { apiKeyDeps, getDeps } from '../../lambdas/deps';
import { AppError } from '../../lambdas/core/errors';
import { authenticateApiKey } from '../../lambdas/usecases/api-keys';
import { api } from '../support/cloud-client';
import { newOwner, type Owner } from '../support/documents';
import { seriousAxeViolations } from '../support/axe';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, signInAt, submitSignIn } from './steps';

jest.setTimeout(300000);

const en = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const ja = (key: string, options?: Record<string, unknown>) => text('ja', key, options);
const WAIT = { timeout: 30000 };

/** authenticateApiKey's refusal code, or 'ok' (what a REST v1 request with the key would meet). */
async function useKey(key: string): Promise<string> {
  try {
    await authenticateApiKey({ ...apiKeyDeps(), ownerCache: undefined }, `Bearer ${key}`, new Date());
    return 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

async function userIdOf(owner: Owner): Promise<string> {
  const me = await api('/api/me', { token: owner.token });
  expect(me.status).toBe(200);
  return me.body.userId as string;
}

const activeTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

describe('My Info → API: API keys', () => {
  let session: BrowserSession;
  let phone: BrowserSession;

  beforeAll(async () => {
    session = await launchBrowser({ locale: 'en-US' });
    phone = await launchBrowser({ locale: 'ja-JP', viewport: { width: 380, height: 820 }, touch: true });
  });

  afterAll(async () => {
    await session?.close();
    await phone?.close();
  });

  test('a person creates a key, sees it once, copies it, and revokes it', async () => {
    const owner = await newOwner('en', 'Key Maker');
    await session.run(async () => {
      await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: new URL(appBaseUrl()).origin,
      });
      const page = await signInAt(session, owner, '/en/home/mypage/myinfo');
      const card = page.getByTestId('api-keys');
      await card.getByRole('heading', { name: en('apiKeys.title'), exact: true }).waitFor(WAIT);
      await page.getByTestId('api-keys-none').waitFor(WAIT);
      expect(await page.getByTestId('api-keys-plan-gate').count()).toBe(0);
      expect(await seriousAxeViolations(page, '[data-testid="api-keys"]')).toEqual([]);

      // Create: the dialog opens on the name field.
      await page.getByRole('button', { name: en('apiKeys.create'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: en('apiKeys.createTitle') });
      await dialog.waitFor(WAIT);
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'api-key-name',
        undefined,
        WAIT,
      );
      // Nothing typed: the name's message, and nothing is created.
      await dialog.getByRole('button', { name: en('apiKeys.createButton'), exact: true }).click();
      await expectVisibleText(page, en('apiKeys.errors.name'));
      // No permission: its own message.
      await dialog.getByLabel(en('apiKeys.name'), { exact: true }).fill('Property system');
      await dialog.getByRole('checkbox', { name: /documents:read/ }).uncheck();
      await dialog.getByRole('button', { name: en('apiKeys.createButton'), exact: true }).click();
      await expectVisibleText(page, en('apiKeys.errors.scopes'));
      expect(await seriousAxeViolations(page, '[data-testid="api-key-dialog"]')).toEqual([]);

      await dialog.getByRole('checkbox', { name: /documents:read/ }).check();
      await dialog.getByRole('checkbox', { name: /documents:write/ }).check();
      await dialog.getByRole('button', { name: en('apiKeys.createButton'), exact: true }).click();

      // Shown once, with the warning; Copy puts it on the clipboard.
      const shown = page.getByRole('dialog', { name: en('apiKeys.createdTitle') });
      await shown.waitFor(WAIT);
      await expectVisibleText(page, en('apiKeys.shownOnce'));
      const secret = await page.getByTestId('api-key-secret').inputValue();
      expect(secret).toMatch(/^ssk_[0-9A-Za-z]{8}_[0-9A-Za-z]{43}$/);
      await shown.getByRole('button', { name: en('apiKeys.copy'), exact: true }).click();
      await expectVisibleText(page, en('apiKeys.copied'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      expect(await seriousAxeViolations(page, '[data-testid="api-key-dialog"]')).toEqual([]);

      // Done: the dialog closes, the focus returns to Create, and the page no longer holds the secret.
      await shown.getByRole('button', { name: en('apiKeys.done'), exact: true }).click();
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'api-keys-create',
        undefined,
        WAIT,
      );
      const row = page.getByTestId('api-key-row').filter({ hasText: 'Property system' });
      await row.waitFor(WAIT);
      const prefix = secret.slice(4, 12);
      expect(await row.getByTestId('api-key-prefix').textContent()).toBe(`ssk_${prefix}_…`);
      await expectVisibleText(page, en('apiKeys.neverUsed'));
      expect(await page.content()).not.toContain(secret.slice(13));

      // Used by a system: its last use shows after a reload.
      expect(await useKey(secret)).toBe('ok');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('api-key-row').first().waitFor(WAIT);
      expect(await page.getByTestId('api-key-last-used').first().textContent()).not.toBe(
        en('apiKeys.neverUsed'),
      );

      // Revoke, from the keyboard: the confirm dialog opens on its primary action.
      const revokeButton = page.getByRole('button', {
        name: en('apiKeys.revokeLabel', { name: 'Property system' }),
      });
      await revokeButton.focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', {
        name: en('apiKeys.revokeTitle', { name: 'Property system' }),
      });
      await confirm.waitFor(WAIT);
      expect(await activeTestId(page)).toBe('api-key-revoke-confirm');
      expect(await seriousAxeViolations(page, '[data-testid="api-key-revoke-dialog"]')).toEqual([]);
      // Escape cancels; the key still works.
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden', ...WAIT });
      expect(await useKey(secret)).toBe('ok');

      await revokeButton.focus();
      await page.keyboard.press('Enter');
      await confirm.waitFor(WAIT);
      await page.keyboard.press('Enter');
      await expectVisibleText(page, en('apiKeys.revoked', { name: 'Property system' }));
      await page.getByTestId('api-key-revoked').waitFor(WAIT);
      expect(await useKey(secret)).toBe('apiKeys.errors.revoked');
      expect(await seriousAxeViolations(page, '[data-testid="api-keys"]')).toEqual([]);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  test('in Japanese on a 380 px phone: titled, the list fits, and the plan gate links to the plans', async () => {
    const owner = await newOwner('jp', '山田 花子');
    const made = await api('/api/account/api-keys', {
      method: 'POST',
      token: owner.token,
      body: { name: '不動産管理システム（本番環境）', scopes: ['documents:read', 'templates:read'] },
    });
    expect(made.status).toBe(201);
    await phone.run(async () => {
      const page = await openApp(phone, '/jp/login');
      await submitSignIn(page, owner.email, 'Sign-seal-1', 'ja');
      await expectPath(page, ['/jp/thankyou', '/jp/home']);
      await openApp(phone, '/jp/home/mypage/myinfo');
      await page.getByTestId('api-key-row').first().waitFor(WAIT);
      await page.waitForFunction((wanted) => document.title.includes(wanted), ja('titles.myPage'), WAIT);
      const row = await page.getByTestId('api-key-row').first().textContent();
      expect(row).toContain('不動産管理システム（本番環境）');
      expect(row).toContain(ja('apiKeys.scope.templatesRead'));
      expect(row).toContain(ja('apiKeys.neverUsed'));
      await page.getByTestId('api-keys').scrollIntoViewIfNeeded();
      // Everything of the card lies within the 380 px (the page's own width is the other cards' matter).
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="api-keys"], [data-testid="api-keys"] *')]
          .filter((el) => el.getBoundingClientRect().right > 380 || el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(overflowing).toEqual([]);
      expect(await seriousAxeViolations(page, '[data-testid="api-keys"]')).toEqual([]);

      // The create dialog fits the phone too.
      await page.getByRole('button', { name: ja('apiKeys.create'), exact: true }).click();
      await page.getByRole('dialog', { name: ja('apiKeys.createTitle') }).waitFor(WAIT);
      expect(await seriousAxeViolations(page, '[data-testid="api-key-dialog"]')).toEqual([]);
      const fits = await page
        .getByTestId('api-key-dialog')
        .evaluate((d) => d.getBoundingClientRect().right <= window.innerWidth);
      expect(fits).toBe(true);
      await page.keyboard.press('Escape');

      // The plan ends (a Personal plan has no API): the gate, the plans link, Create disabled.
      await getDeps().repo.update(await userIdOf(owner), {
        plan: 'month_personal',
        validDate: '2099-01-01T00:00:00.000Z',
        ticketLots: [],
      });
      await page.reload({ waitUntil: 'domcontentloaded' });
      const gate = page.getByTestId('api-keys-plan-gate');
      await gate.waitFor(WAIT);
      expect(await gate.textContent()).toContain(ja('apiKeys.planRequired'));
      expect(await gate.getByRole('link', { name: ja('apiKeys.viewPlans') }).getAttribute('href')).toBe(
        '/jp/home/select_plan',
      );
      expect(await page.getByTestId('api-keys-create').isDisabled()).toBe(true);
      expect(await seriousAxeViolations(page, '[data-testid="api-keys"]')).toEqual([]);
      expect(phone.unexpectedProblems()).toEqual([]);
    });
  });
});
