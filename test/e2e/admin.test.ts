// The operators' console in Chromium (issue #20), against the whole local cloud: the demo admin signs
// in, opens /en/admin with the keyboard, sees the three job queues on Jobs, waits for a failed job to
// reach the notify dead-letter queue, redrives it (the action then listed in the audit trail), reads
// Setting (the local chain's contract address, the sender; no secret), and finds both pages titled,
// translated in Japanese and Korean and free of serious axe violations. A signed-in owner who is not an
// admin is sent away from /en/admin/jobs, and the API refuses them (403).
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { documentDeps } from '../../lambdas/deps';
import { seriousAxeViolations } from '../support/axe';
import { appBaseUrl, launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, requiredEnv, submitSignIn } from './steps';

jest.setTimeout(240000);

async function signIn(page: Page, session: BrowserSession, email: string, password: string): Promise<void> {
  await openApp(session, '/en/login');
  await submitSignIn(page, email, password);
  await expectPath(page, '/en/home');
}

/** An API call as the page itself makes it (the session's ID token). */
async function apiStatus(page: Page, path: string, method = 'GET'): Promise<number> {
  return page.evaluate(
    async ([p, m]) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      const token = key ? localStorage.getItem(key) : null;
      return (await fetch(p!, { method: m, headers: { authorization: `Bearer ${token}` } })).status;
    },
    [path, method],
  );
}

describe('admin console', () => {
  let session: BrowserSession;

  beforeAll(() => {
    appBaseUrl();
  });

  afterEach(async () => {
    await session?.close();
  });

  test('the demo admin sees the queues, redrives a failed job and reads the settings', async () => {
    // A notify job that can never succeed: it reaches the dead-letter queue after its retries.
    await documentDeps().queue.enqueue('notify', {
      kind: 'fax',
      idempotencyKey: randomUUID(),
      to: 'someone-private@example.com',
    });

    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async (page) => {
      await signIn(page, session, requiredEnv('TEST_ADMIN_EMAIL'), requiredEnv('TEST_ADMIN_PASSWORD'));
      await openApp(session, '/en/admin');
      const menu = page.getByTestId('admin-menu');
      await menu.waitFor();

      // Keyboard: focus the Jobs link and press Enter.
      const jobsLink = menu.getByRole('link', { name: text('en', 'shell.admin.jobs'), exact: true });
      await jobsLink.focus();
      await page.keyboard.press('Enter');
      await expectPath(page, '/en/admin/jobs');
      await page.getByRole('heading', { level: 1, name: text('en', 'admin.jobs.heading') }).waitFor();
      await page.waitForFunction(
        (title) => document.title === title,
        `${text('en', 'titles.adminJobs')} | ${text('en', 'app.name')}`,
      );
      for (const name of ['seal', 'anchor', 'notify', 'bulk', 'schedule'] as const) {
        const row = page.getByTestId(`admin-queue-${name}`);
        await row.waitFor();
        expect(await row.getByRole('rowheader').textContent()).toBe(text('en', `admin.queueNames.${name}`));
      }

      // Refresh until the failed job is listed in the notify DLQ. The count can show it before the list
      // does: while the sweep (issue #36) reads the DLQ it holds the message in flight, and the page's
      // peek sees only visible messages, so the admin refreshes again.
      const refresh = page.getByRole('button', { name: text('en', 'admin.jobs.refresh'), exact: true });
      const deadLetters = page.getByTestId('admin-dead-letters-notify');
      const deadline = Date.now() + 120_000;
      while (!(await deadLetters.isVisible())) {
        if (Date.now() > deadline) throw new Error('the failed job was never listed in the notify DLQ');
        await page.waitForTimeout(2000);
        await refresh.click();
        await page.getByTestId('admin-queue-notify').waitFor();
      }
      expect(await deadLetters.textContent()).toContain(text('en', 'admin.jobs.errorCodes.jobInvalid'));
      expect(await page.content()).not.toContain('someone-private@example.com');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Redrive with the keyboard.
      const redrive = page.getByRole('button', {
        name: text('en', 'admin.jobs.redriveLabel', { queue: text('en', 'admin.queueNames.notify') }),
        exact: true,
      });
      // The sweep (issue #36) reads the notify DLQ on its own schedule and hides what it reads for a few
      // seconds while it decides: a redrive in that window moves 0, and the admin presses again.
      const redriveOnce = async () => {
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().includes('/api/admin/jobs/notify/redrive'), { timeout: 20000 }),
          redrive.focus().then(() => page.keyboard.press('Enter')),
        ]);
        return ((await response.json()) as { moved?: number }).moved ?? 0;
      };
      const redriveDeadline = Date.now() + 60_000;
      while ((await redriveOnce()) === 0 && Date.now() < redriveDeadline) await page.waitForTimeout(2000);
      const notice = page.getByTestId('admin-notice');
      await notice.getByText(/./).first().waitFor();
      expect(await notice.textContent()).toMatch(
        new RegExp(
          `^${text('en', 'admin.jobs.redriven', { queue: text('en', 'admin.queueNames.notify'), count: 0 })
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace('0', '[1-9]\\d*')}$`,
        ),
      );
      const audit = page.getByTestId('admin-audit');
      await audit.waitFor();
      const lastAction = await audit.locator('tbody tr').first().textContent();
      expect(lastAction).toContain(text('en', 'admin.jobs.auditActions.redrive'));
      // The stored result ('moved N') is shown translated.
      expect(lastAction).toContain(text('en', 'admin.jobs.auditMoved', { count: 999 }).replace('999', ''));
      expect(await audit.textContent()).toContain(requiredEnv('TEST_ADMIN_EMAIL'));

      // Setting.
      await page
        .getByTestId('admin-menu')
        .getByRole('link', { name: text('en', 'shell.admin.setting') })
        .click();
      await expectPath(page, '/en/admin/setting');
      await page.getByRole('heading', { level: 1, name: text('en', 'admin.setting.heading') }).waitFor();
      await page.getByTestId('admin-setting-chain').waitFor();
      expect(await page.getByTestId('admin-setting-chain').textContent()).toContain(
        requiredEnv('TEST_CHAIN_CONTRACT'),
      );
      expect(await page.getByTestId('admin-setting-mail').textContent()).toContain(requiredEnv('MAIL_FROM'));
      const content = await page.content();
      expect(content).not.toContain(requiredEnv('TEST_CHAIN_RPC_URL'));
      if (process.env.CHAIN_MINTER_KEY) expect(content).not.toContain(process.env.CHAIN_MINTER_KEY);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // Japanese and Korean.
      await openApp(session, '/jp/admin/jobs');
      await page.getByRole('heading', { level: 1, name: text('ja', 'admin.jobs.heading') }).waitFor();
      await expectVisibleText(page, text('ja', 'admin.queueNames.anchor'));
      expect(await page.getByTestId('admin-audit').textContent()).toContain(
        text('ja', 'admin.jobs.auditMoved', { count: 999 }).replace('999', ''),
      );
      await openApp(session, '/ko/admin/setting');
      await page.getByRole('heading', { level: 1, name: text('ko', 'admin.setting.heading') }).waitFor();
      await expectVisibleText(page, text('ko', 'admin.setting.limits'));
    });
  });

  test('an owner who is not an admin is sent away, and the API refuses them', async () => {
    session = await launchBrowser({ locale: 'en-US' });
    await session.run(async (page) => {
      await signIn(page, session, requiredEnv('TEST_DEMO_EMAIL'), requiredEnv('TEST_DEMO_PASSWORD'));
      await openApp(session, '/en/admin/jobs');
      await expectPath(page, '/en/home');
      expect(await page.getByTestId('admin-jobs').count()).toBe(0);
      expect(await apiStatus(page, '/api/admin/jobs')).toBe(403);
      expect(await apiStatus(page, '/api/admin/jobs/notify/redrive', 'POST')).toBe(403);
      expect(await apiStatus(page, '/api/admin/settings')).toBe(403);
    });
  });
});
