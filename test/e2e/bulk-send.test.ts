// Bulk send from a template (issue #27 item 6) in Chromium against the whole local cloud, as an owner
// would: a template with two roles and a labelled field; Bulk send from the Templates page; the sample
// CSV's header; a file that is too long refused in the browser; a file with an unknown column refused
// whole (the chosen file stays named); a file with a bad e-mail on line 3 and a missing name on line 5
// checked, each bad line listed with its reason, the rows past the owner's remaining contracts counted;
// Send (confirmed from a focused dialog, by keyboard) and the progress polled to done; a reload shows
// the same progress; every sent row's two requests reach the local mailbox exactly once and the rows
// not sent reach no one; a 380 px phone has no sideways scroll; axe finds nothing serious.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { getDeps } from '../../lambdas/deps';
import { BULK_CSV_MAX_CHARS } from '../../shared/domain/bulk';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, type BrowserSession } from '../support/browser';
import { api, eventually, mailbox } from '../support/cloud-client';
import { newOwner, type Owner } from '../support/documents';
import { text } from './catalogue';
import { expectPath, signInAt } from './steps';
import { atPhoneWidth } from './video-steps';
import { buyerSellerTemplate } from '../support/templates';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const visible = (locator: Locator, timeout = 30000) => locator.first().waitFor({ state: 'visible', timeout });

/** The contracts the owner may still send: only `count` bought ones (the trial's are replaced). */
async function allowContracts(owner: Owner, count: number): Promise<void> {
  const ownerId = (await api('/api/me', { token: owner.token })).body.userId as string;
  const now = new Date().toISOString();
  await getDeps().repo.update(ownerId, {
    availableTickets: count,
    ticketLots: [{ source: 'onetime', count, addedAt: now }],
  });
  expect((await api('/api/me', { token: owner.token })).body.remaining.total).toBe(count);
}

const HEADER = 'Buyer name,Buyer contact,Seller name,Seller contact,title,Address';

interface Row {
  buyer: string;
  seller: string;
}

async function chooseFile(page: Page, name: string, content: string): Promise<void> {
  await page.getByTestId('bulk-file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content, 'utf8'),
  });
  await visible(page.getByTestId('bulk-chosen').filter({ hasText: t('bulkPage.chosen', { name }) }));
}

/** Mails in the local mailbox to each address (lower case). */
async function mailCounts(): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const m of await mailbox()) {
    for (const to of m.destination.to) counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1);
  }
  return counts;
}

describe('bulk send (/home/templates/{id}/bulk)', () => {
  let session: BrowserSession;
  afterEach(async () => {
    await session.close();
  });

  it('checks a CSV row by row, sends the good rows within the allowance and shows the progress to done', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async () => {
      const owner = await newOwner();
      const templateId = await buyerSellerTemplate(owner, 'Bulk lease');
      const ALLOWED = 20;
      await allowContracts(owner, ALLOWED);

      const page = await signInAt(session, owner, '/en/home/templates');
      const row = page.getByTestId('template-row').filter({ hasText: 'Bulk lease' });
      await visible(row);
      await row.getByTestId('template-bulk').click();
      const bulkPath = `/en/home/templates/${templateId}/bulk`;
      await expectPath(page, bulkPath);
      await visible(page.getByRole('heading', { name: t('bulkPage.heading', { title: 'Bulk lease' }) }));
      await visible(page.getByText(t('templatesPage.roles', { roles: 'Buyer, Seller' })));
      expect(await page.title()).toContain(t('bulkPage.heading', { title: 'Bulk lease' }));

      // The sample: the template's columns, in bulkColumns' order.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 20000 }),
        page.getByTestId('bulk-sample').click(),
      ]);
      const sample = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
      expect(sample.split(/\r?\n/)[0]).toBe(HEADER);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A file too long for one send is refused here, before anything is sent.
      await chooseFile(page, 'huge.csv', `${HEADER}\n${'x'.repeat(BULK_CSV_MAX_CHARS)}`);
      await visible(
        page.getByTestId('bulk-error').filter({
          hasText: t('bulkPage.tooLarge', { max: BULK_CSV_MAX_CHARS.toLocaleString('en') }),
        }),
      );
      expect(await page.getByTestId('bulk-check-button').isDisabled()).toBe(true);

      // An unknown column: the whole file is refused, said with the column; the chosen file stays.
      await chooseFile(
        page,
        'unknown.csv',
        `${HEADER},Colour\nAnn,ann-${randomUUID()}@example.com,Ben,ben-${randomUUID()}@example.com,,,red\n`,
      );
      await page.getByTestId('bulk-check-button').click();
      await visible(
        page
          .getByTestId('bulk-error')
          .filter({ hasText: t('bulk.errors.unknownColumn', { column: 'Colour' }) }),
      );
      await visible(page.getByTestId('bulk-chosen').filter({ hasText: 'unknown.csv' }));
      // The focus is where another file is picked.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'bulk-choose',
      );
      expect(await page.getByTestId('bulk-check').count()).toBe(0);

      // 24 rows (lines 2–25): a bad e-mail on line 3, no Buyer name on line 5, 22 good rows of which
      // only 20 fit the owner's remaining contracts.
      const run = randomUUID().slice(0, 8);
      const lines: string[] = [HEADER];
      const good: Row[] = [];
      for (let i = 0; lines.length < 25; i++) {
        const line = lines.length + 1;
        const buyer = `buyer-${run}-${i}@example.com`;
        const seller = `seller-${run}-${i}@example.com`;
        if (line === 3) lines.push(`Bad Mail,bea@@example.com,Sid Seller,${seller},,`);
        else if (line === 5) lines.push(`,${buyer},Sid Seller,${seller},,`);
        else {
          good.push({ buyer, seller });
          lines.push(`Buyer ${i},${buyer},Seller ${i},${seller},Lease ${i},${i} Main Street`);
        }
      }
      expect(good).toHaveLength(22);
      await chooseFile(page, 'leases.csv', lines.join('\n') + '\n');
      // By keyboard: the Check button takes Enter.
      await page.getByTestId('bulk-check-button').focus();
      await page.keyboard.press('Enter');
      const check = page.getByTestId('bulk-check');
      await visible(check);
      await page.waitForFunction(() => document.activeElement?.id === 'bulk-check-title', undefined, {
        timeout: 10000,
      });
      expect(await page.getByTestId('bulk-check-rows').textContent()).toBe('24');
      expect(await page.getByTestId('bulk-check-accepted').textContent()).toBe(String(ALLOWED));
      expect(await page.getByTestId('bulk-check-refused').textContent()).toBe('2');
      expect(await page.getByTestId('bulk-check-remaining').textContent()).toBe(String(ALLOWED));
      expect(await page.getByTestId('bulk-check-past').textContent()).toBe('2');
      const reasonOf = async (line: number) =>
        (
          (await page
            .locator(`[data-testid="bulk-errors-row"][data-line="${line}"] td`)
            .nth(1)
            .textContent()) ?? ''
        ).trim();
      expect(await reasonOf(3)).toBe(t('contractors.errors.invalidEmail'));
      expect([
        t('bulk.errors.missingValue', { column: 'Buyer name' }),
        t('contractors.errors.nameMissing'),
      ]).toContain(await reasonOf(5));
      expect(await seriousAxeViolations(page)).toEqual([]);
      await atPhoneWidth(page, [t('bulkPage.resultTitle'), t('bulkPage.send', { count: ALLOWED })]);

      // Send: the dialog's primary action has the focus, Enter sends.
      await page.getByTestId('bulk-send').click();
      await visible(page.getByRole('dialog', { name: t('bulkPage.confirmTitle') }));
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'bulk-confirm-send',
        undefined,
        { timeout: 10000 },
      );
      await page.keyboard.press('Enter');
      await page.waitForURL(
        (url) => url.pathname === bulkPath && /^[0-9a-f]{32}$/.test(url.searchParams.get('bulk') ?? ''),
        {
          timeout: 30000,
        },
      );
      const progress = page.getByTestId('bulk-progress');
      await visible(progress);
      expect(await page.getByTestId('bulk-progress-total').textContent()).toBe(String(ALLOWED));
      expect(await page.getByTestId('bulk-progress-refused').textContent()).toBe('4');
      await visible(page.locator('[data-testid="bulk-progress"][data-status="done"]'), 150000);
      await visible(
        page
          .getByTestId('bulk-status')
          .filter({ hasText: t('bulkPage.done', { sent: ALLOWED, total: ALLOWED }) }),
      );
      expect(await page.getByTestId('bulk-progress-failed').textContent()).toBe('0');
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(ALLOWED));
      expect(await page.getByTestId('bulk-retry').count()).toBe(0);
      // The side menu's plan box reads the owner's remaining contracts again: all were used.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="plan-box-remaining"]')?.textContent === '0',
        undefined,
        { timeout: 20000 },
      );
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A reload shows the same send's progress (the bulk id is in the URL).
      await page.reload();
      await visible(page.locator('[data-testid="bulk-progress"][data-status="done"]'));
      expect(await page.getByTestId('bulk-progress-sent').textContent()).toBe(String(ALLOWED));
      await atPhoneWidth(page, [t('bulkPage.progressTitle')]);

      // Every sent row's two requests reached the mailbox exactly once; the rows past the allowance
      // reached no one.
      const counts = await eventually(
        async () => {
          const c = await mailCounts();
          const reached = good.filter((r) => c.has(r.buyer) || c.has(r.seller)).length;
          return reached >= ALLOWED ? c : null;
        },
        90000,
        `the requests of ${ALLOWED} rows in the mailbox`,
      );
      // A late duplicate would show after a pause.
      await new Promise((r) => setTimeout(r, 3000));
      const final = await mailCounts();
      const sentRows = good.filter((r) => counts.has(r.buyer));
      expect(sentRows).toHaveLength(ALLOWED);
      for (const r of good) {
        const wanted = sentRows.includes(r) ? 1 : 0;
        expect({ address: r.buyer, mails: final.get(r.buyer) ?? 0 }).toEqual({
          address: r.buyer,
          mails: wanted,
        });
        expect({ address: r.seller, mails: final.get(r.seller) ?? 0 }).toEqual({
          address: r.seller,
          mails: wanted,
        });
      }
      const me = await api('/api/me', { token: owner.token });
      expect(me.body.remaining.total).toBe(0);
      expect(session.unexpectedProblems([/status of 400/])).toEqual([]);
    });
  });
});
