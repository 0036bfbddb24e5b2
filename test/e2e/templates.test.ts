// Templates (issue #27 item 3) in Chromium against the whole local cloud, as an owner would: on the
// last step of a new contract, Save as template with role names; the Templates page lists it with
// "N of M templates"; Use asks for each role's person and a pre-filled value, makes the draft and
// lands on Finalize; rename, duplicate and delete from the list; the phone layout has no sideways
// scroll; axe finds nothing serious.
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe';
import { api } from '../support/cloud-client';
import { newOwner } from '../support/documents';
import { launchBrowser, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, signInAt } from './steps';
import { twoContractorDraft } from '../support/templates';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 20000 });

/** Waits until the element with this test id has the focus (a dialog's primary action). */
async function focused(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, {
    timeout: 20000,
  });
}

/** Waits until the element's text is exactly `wanted`. */
async function hasText(locator: Locator, wanted: string): Promise<void> {
  await visible(locator);
  const deadline = Date.now() + 20000;
  let last = '';
  while (Date.now() < deadline) {
    last = ((await locator.first().textContent()) ?? '').trim();
    if (last === wanted) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(last).toBe(wanted);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(380);
}

describe('templates (/home/templates)', () => {
  let session: BrowserSession;
  afterEach(async () => {
    await session.close();
  });

  it('saves a contract as a template, lists it, uses it to reach Finalize, renames, duplicates and deletes', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async () => {
      const owner = await newOwner();
      const docuId = await twoContractorDraft(owner);
      const page = await signInAt(session, owner, `/en/home/make/esign/agree/${docuId}`);

      await page.getByTestId('save-as-template').click();
      const dialog = page.getByRole('dialog', { name: t('templatesPage.saveTitle') });
      await focused(page, 'save-template-submit');
      await dialog.getByTestId('save-template-title').fill('Residential lease');
      await dialog.getByTestId('save-template-role-0').fill('Buyer');
      await dialog.getByTestId('save-template-role-1').fill('Seller');
      await dialog.getByTestId('save-template-submit').click();
      await visible(
        page
          .getByTestId('template-saved')
          .filter({ hasText: t('templatesPage.saved', { title: 'Residential lease' }) }),
      );

      await page.getByTestId('menu-templates').click();
      await expectPath(page, '/en/home/templates');
      await hasText(page.getByTestId('templates-used'), t('templatesPage.used', { used: 1, limit: 3 }));
      const row = page.getByTestId('template-row').filter({ hasText: 'Residential lease' });
      await visible(row.filter({ hasText: t('templatesPage.roles', { roles: 'Buyer, Seller' }) }));
      expect(await page.title()).toContain(t('templatesPage.title'));
      expect(await seriousAxeViolations(page)).toEqual([]);

      await row.getByTestId('template-use').click();
      await visible(
        page.getByRole('heading', { name: t('templatesPage.useTitle', { title: 'Residential lease' }) }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      // A bad contact is refused with its message and nothing typed is lost.
      await page.getByTestId('use-role-0-name').fill('Ann Anders');
      await page.getByTestId('use-role-0-contact').fill('not-an-address');
      await page.getByTestId('use-role-1-name').fill('Ben Berg');
      await page.getByTestId('use-role-1-contact').fill('ben@example.com');
      await page.getByLabel('Address').fill('1-2-3 Shibuya, Tokyo');
      await page.getByTestId('use-template-submit').click();
      await visible(page.getByTestId('use-template-error'));
      expect(await page.getByTestId('use-role-1-name').inputValue()).toBe('Ben Berg');
      await page.getByTestId('use-role-0-contact').fill('ann@example.com');
      await page.getByTestId('use-template-submit').click();
      await page.waitForURL(/\/en\/home\/make\/esign\/agree\/[0-9a-f]+$/, { timeout: 20000 });
      await expectVisibleText(page, 'Ann Anders — ann@example.com');
      const madeId = new URL(page.url()).pathname.split('/').pop()!;
      const made = await api(`/api/documents/${madeId}`, { token: owner.token });
      expect(made.body).toMatchObject({ title: 'Residential lease', status: 'SetPos' });

      await page.goto(new URL('/en/home/templates', page.url()).toString());
      await page.getByTestId('template-row').first().getByTestId('template-rename').click();
      const rename = page.getByRole('dialog', { name: t('templatesPage.rename') });
      await rename.getByTestId('template-name').fill('Lease 2027');
      await rename.getByRole('button', { name: t('templatesPage.save') }).click();
      await visible(page.getByTestId('template-row').filter({ hasText: 'Lease 2027' }));
      await page.getByTestId('template-row').first().getByTestId('template-duplicate').click();
      await visible(
        page
          .getByTestId('template-row')
          .filter({ hasText: t('templatesPage.copyOf', { title: 'Lease 2027' }) }),
      );
      await hasText(page.getByTestId('templates-used'), t('templatesPage.used', { used: 2, limit: 3 }));
      await page.getByTestId('template-row').first().getByTestId('template-delete').click();
      const confirm = page.getByRole('alertdialog', { name: t('templatesPage.deleteTitle') });
      await focused(page, 'template-delete-confirm');
      await confirm.getByTestId('template-delete-confirm').click();
      await hasText(page.getByTestId('templates-used'), t('templatesPage.used', { used: 1, limit: 3 }));
    });
  });

  it('fits a 380 px phone', async () => {
    session = await launchBrowser({ locale: 'en-US', viewport: { width: 380, height: 800 } });
    await session.run(async () => {
      const owner = await newOwner();
      const docuId = await twoContractorDraft(owner);
      await api('/api/templates', {
        method: 'POST',
        token: owner.token,
        body: { docuId, title: 'Phone lease' },
      });
      const page = await signInAt(session, owner, '/en/home/templates');
      await visible(page.getByTestId('template-row'));
      expect(await page.getByTestId('template-row').count()).toBe(1);
      await noSidewaysScroll(page);
      await page.getByTestId('template-use').click();
      await visible(page.getByTestId('use-template-submit'));
      await noSidewaysScroll(page);
    });
  });
});
