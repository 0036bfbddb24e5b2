// Issue #31 item 3, as a person does it: a trial owner opens My Info → Webhooks, adds an endpoint (a
// local receiver) with two events, sees the signing secret once (the dialog's Copy has the focus),
// sends a test event — the receiver gets it, signed with that secret — sees it in the deliveries
// table and replays it (the same webhook-id again). Delete asks first, focusing its primary action.
// axe-core finds no critical or serious violation on the section or its dialogs; the page is titled
// in Japanese on /jp; nothing overflows at 380 px.
import { jest } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newOwner, type Owner } from '../support/documents';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, signInAt } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

interface Got {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

describe('My Info → Webhooks', () => {
  let owner: Owner;
  let session: BrowserSession;
  let server: Server;
  const got: Got[] = [];
  let url = '';

  beforeAll(async () => {
    owner = await newOwner('en', 'Hook Owner');
    session = await launchBrowser({ locale: 'en-US' });
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got.push({
          id: String(req.headers['webhook-id']),
          timestamp: String(req.headers['webhook-timestamp']),
          signature: String(req.headers['webhook-signature']),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        res.statusCode = 200;
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/signseal`;
  });

  afterAll(async () => {
    await session?.close();
    await new Promise<void>((r) => server?.close(() => r()));
  });

  const waitFor = async (probe: () => boolean, what: string, ms = 60000) => {
    const end = Date.now() + ms;
    while (!probe()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  test('adds an endpoint, shows the secret once, delivers a signed test event and replays it', async () => {
    await session.run(async () => {
      const page = await signInAt(session, owner, '/en/home/mypage/myinfo');
      const section = page.getByTestId('webhooks-section');
      await section.getByRole('heading', { name: t('webhooks.title'), exact: true }).waitFor();
      await expectVisibleText(page, t('webhooks.none'));
      expect(await seriousAxeViolations(page, '[data-testid="webhooks-section"]')).toEqual([]);

      // Nothing chosen: the form says so and sends nothing.
      await page.getByLabel(t('webhooks.url')).fill(url);
      await page.getByTestId('webhook-create').click();
      await expectVisibleText(page, t('webhooks.errors.noEvents'));

      await page.getByTestId('webhook-event-document.sent').check();
      await page.getByTestId('webhook-event-recipient.signed').check();
      await page.getByTestId('webhook-create').click();

      const dialog = page.getByTestId('webhook-secret-dialog');
      await dialog.waitFor();
      const secret = await page.getByTestId('webhook-secret').inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('webhooks.copy'));
      expect(await seriousAxeViolations(page, '[data-testid="webhook-secret-dialog"]')).toEqual([]);
      await page.getByTestId('webhook-secret-done').click();
      await dialog.waitFor({ state: 'detached' });
      // Once closed, the secret is nowhere on the page (only a hint of it).
      expect(await page.content()).not.toContain(secret);
      const endpoint = page.getByTestId('webhook-endpoint');
      await endpoint.getByText(url).waitFor();
      await expectVisibleText(
        page,
        `${t('webhooks.eventNames.document.sent')} · ${t('webhooks.eventNames.recipient.signed')}`,
      );

      // A test event reaches the receiver, signed with that secret (Standard Webhooks).
      await page.getByTestId('webhook-test').click();
      await expectVisibleText(page, t('webhooks.testSent'));
      await waitFor(() => got.length >= 1, 'the test event');
      const first = got[0]!;
      expect(JSON.parse(first.body)).toMatchObject({ type: 'webhook.test' });
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const mac = createHmac('sha256', key)
        .update(`${first.id}.${first.timestamp}.${first.body}`)
        .digest('base64');
      expect(first.signature).toBe(`v1,${mac}`);

      // The deliveries table shows it delivered; Replay sends the same id again.
      await page.getByTestId('webhook-deliveries-toggle').click();
      const row = page.getByTestId('webhook-delivery');
      await waitForRow(page, 'delivered', '1');
      expect(await row.first().getAttribute('data-event')).toBe('webhook.test');
      await expectVisibleText(page, t('webhooks.eventNames.webhook.test'));
      expect(await seriousAxeViolations(page, '[data-testid="webhooks-section"]')).toEqual([]);
      await page.getByTestId('webhook-replay').first().click();
      await expectVisibleText(page, t('webhooks.replayed'));
      await waitFor(() => got.length >= 2, 'the replay');
      expect(got[1]!.id).toBe(first.id);
      expect(got[1]!.body).toBe(first.body);
      await waitForRow(page, 'delivered', '2');

      // Delete asks first, its primary action focused; Escape keeps the endpoint.
      await page.getByTestId('webhook-delete').click();
      const confirm = page.getByTestId('webhook-delete-dialog');
      await confirm.waitFor();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'webhook-confirm',
      );
      expect(await seriousAxeViolations(page, '[data-testid="webhook-delete-dialog"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      expect(await endpoint.count()).toBe(1);
      await page.getByTestId('webhook-delete').click();
      await page.getByTestId('webhook-confirm').click();
      await expectVisibleText(page, t('webhooks.deleted'));
      await endpoint.waitFor({ state: 'detached' });
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  test('is titled in Japanese on /jp and fits a 380 px screen', async () => {
    const phone = await launchBrowser({
      locale: 'ja-JP',
      viewport: { width: 380, height: 820 },
      touch: true,
    });
    try {
      await phone.run(async () => {
        const page = await signInAt(phone, owner, '/en/home/mypage/myinfo');
        await openApp(phone, '/jp/home/mypage/myinfo');
        await expectPath(page, '/jp/home/mypage/myinfo');
        await page
          .getByTestId('webhooks-section')
          .getByRole('heading', { name: text('ja', 'webhooks.title'), exact: true })
          .waitFor();
        expect(await page.title()).toContain(text('ja', 'titles.myPage'));
        const overflow = await page.evaluate(() => {
          const s = document.querySelector('[data-testid="webhooks-section"]')!;
          return {
            section: s.scrollWidth - s.clientWidth,
            page: document.documentElement.scrollWidth - window.innerWidth,
          };
        });
        expect(overflow.section).toBeLessThanOrEqual(0);
        expect(overflow.page).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page, '[data-testid="webhooks-section"]')).toEqual([]);
      });
    } finally {
      await phone.close();
    }
  });
});

/** Refreshes the deliveries table until its newest row has this status and attempt count. */
async function waitForRow(page: import('playwright-core').Page, status: string, attempts: string) {
  const end = Date.now() + 60000;
  for (;;) {
    const row = page.getByTestId('webhook-delivery').first();
    if (
      (await row.count()) > 0 &&
      (await row.getAttribute('data-status')) === status &&
      (await row.getByTestId('webhook-delivery-attempts').textContent()) === attempts
    )
      return;
    if (Date.now() > end) throw new Error(`timed out waiting for a ${status} row with ${attempts} attempts`);
    await page.waitForTimeout(500);
    await page.getByTestId('webhook-refresh').click();
  }
}
