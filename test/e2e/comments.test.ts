// Collaborative commenting (issue #29 item 3) in Chromium against the whole local cloud: a
// three-party thread with a mention and an XSS payload. The owner (a standard plan's buyer) opens the
// contract's Details, mentions the contractor and a company member through the mention picker and
// posts a comment carrying `<img src=x onerror=alert(1)>` and `<script>`; the member follows the link
// of their mention e-mail to the company view and answers; the contractor, on a 380 px phone, opens
// the thread with one tap on the "Comments (n)" button, answers, edits and deletes their answer. Everywhere the payload shows as
// the literal characters typed, no dialog ever opens, no element of the payload exists in the page,
// and axe finds nothing serious or critical in the panel, the page and the dialog.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { signUpConfirmed } from '../support/accounts';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { api, eventually, mailbox } from '../support/cloud-client';
import { getDeps } from '../../lambdas/deps';
import { createDocument, mailsTo, newOwner, signerLinkTo, uploadPdf, type Owner } from '../support/documents';
import { text } from './catalogue';
import { signInAt } from './steps';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const WAIT = { timeout: 30000 };
const PHONE = { width: 380, height: 820 };
const XSS = '<img src=x onerror=alert(1)> <script>alert(2)</script>';

const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', ...WAIT });

/** Counts every alert/confirm/prompt the page opens (a payload that ran would open one). */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (d) => {
    opened.push(d.message());
    void d.dismiss();
  });
  return opened;
}

/** No element of the payload made it into the DOM. */
async function expectNoPayloadElements(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    img: document.querySelectorAll('img[src="x"]').length,
    script: [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('alert(2)'))
      .length,
  }));
  expect(found).toEqual({ img: 0, script: 0 });
}

async function companyContract(): Promise<{ owner: Owner; member: Owner; docuId: string; carl: string }> {
  const owner = await newOwner('en', 'Olivia Owner');
  const me = await api('/api/me', { token: owner.token });
  await getDeps().repo.update(me.body.userId as string, {
    plan: 'month_standard',
    seats: 3,
    validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    subscriptionStatus: 'active',
    ticketLots: [],
    availableTickets: 0,
  });
  const member = await signUpConfirmed(`member-${randomUUID()}@example.com`, { name: 'Mel Member' });
  expect(
    (
      await api('/api/billing/members', {
        method: 'PUT',
        token: owner.token,
        body: { members: [member.email] },
      })
    ).status,
  ).toBe(200);
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const carl = `carl-${randomUUID()}@example.com`;
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  expect(
    (
      await put(`/api/documents/${docuId}/recipients`, {
        recipients: [{ name: 'Carl Contractor', contact: carl }],
        finalRecipients: [],
        lang: 'en',
      })
    ).status,
  ).toBe(200);
  const areas = [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }];
  expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
  expect(
    (
      await api(`/api/documents/${docuId}`, {
        method: 'PATCH',
        token: owner.token,
        body: { title: 'Thread contract', privateinfoAgree: true },
      })
    ).status,
  ).toBe(200);
  expect(
    (await api(`/api/documents/${docuId}/send`, { method: 'POST', token: owner.token, body: { lang: 'en' } }))
      .status,
  ).toBe(200);
  return { owner, member, docuId, carl };
}

describe('a three-party comment thread with a mention and an XSS payload', () => {
  let session: BrowserSession | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  test('owner, company member and contractor; the payload stays text; the thread is one tap away at 380 px', async () => {
    const { owner, member, docuId, carl } = await companyContract();
    const ownerText = `Please check clause 3 ${XSS}`;

    // 1. The owner, in the contract's Details: the mention picker, then the payload.
    session = await launchBrowser();
    await session.run(async () => {
      const page = await signInAt(session!, owner, '/en/home/doc/pending');
      const dialogs = watchDialogs(page);
      const card = page.getByTestId(`contract-${docuId}`);
      await visible(card);
      await card.getByRole('button', { name: t('contracts.actions.details'), exact: true }).click();
      const panel = page.getByTestId('comments-panel');
      await visible(panel);
      await visible(panel.getByText(t('comments.empty'), { exact: true }));
      const input = panel.getByLabel(t('comments.label'), { exact: true });
      // Keyboard: open the picker, choose Carl; then type '@' and pick the member from the filtered list.
      await panel.getByRole('button', { name: t('comments.mention'), exact: true }).click();
      await panel
        .getByTestId('mention-list')
        .getByRole('button', { name: /Carl Contractor/ })
        .click();
      await input.pressSequentially('and @mem');
      await panel
        .getByTestId('mention-list')
        .getByRole('button', { name: new RegExp(member.email) })
        .click();
      await input.pressSequentially(ownerText);
      expect(await input.inputValue()).toBe(`@Carl Contractor and @${member.email} ${ownerText}`);
      await panel.getByRole('button', { name: t('comments.post'), exact: true }).click();
      await visible(
        panel
          .getByTestId('comment-notice')
          .getByText(t('comments.mentionSent', { names: `Carl Contractor, ${member.email}` }), {
            exact: true,
          }),
      );
      const shown = panel.getByTestId('comment-text').first();
      await visible(shown);
      expect(await shown.textContent()).toBe(`@Carl Contractor and @${member.email} ${ownerText}`);
      expect(await input.inputValue()).toBe('');
      await expectNoPayloadElements(page);
      expect(await seriousAxeViolations(page, '[data-testid="comments-panel"]')).toEqual([]);
      expect(dialogs).toEqual([]);
    });
    expect(session.unexpectedProblems()).toEqual([]);
    await session.close();

    // 2. The member follows the link of their mention e-mail (escaped there) and answers.
    const mail = await eventually(
      async () => mailsTo(await mailbox(), member.email).find((m) => m.subject.includes('mentioned you')),
      30000,
      'the member’s mention e-mail',
    );
    expect(mail.body.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.body.html).not.toMatch(/<img|<script/i);
    const link = new URL(/https?:\/\/\S+\/en\/home\/comments\/[0-9a-z]+/.exec(mail.body.text ?? '')![0])
      .pathname;
    session = await launchBrowser();
    await session.run(async () => {
      const page = await signInAt(session!, member, link);
      const dialogs = watchDialogs(page);
      await visible(page.getByRole('heading', { level: 1, name: t('comments.company.title'), exact: true }));
      await visible(page.getByText(t('comments.company.readOnly'), { exact: true }));
      await visible(page.getByText('Thread contract', { exact: true }));
      const first = page.getByTestId('comment-text').first();
      await visible(first);
      expect(await first.textContent()).toBe(`@Carl Contractor and @${member.email} ${ownerText}`);
      await page.getByLabel(t('comments.label'), { exact: true }).fill('Agreed <b>bold?</b> @Olivia Owner');
      await page.getByRole('button', { name: t('comments.post'), exact: true }).click();
      await visible(page.getByText('Agreed <b>bold?</b> @Olivia Owner', { exact: true }));
      await expectNoPayloadElements(page);
      expect(await page.locator('.comment-thread b').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(dialogs).toEqual([]);
    });
    expect(session.unexpectedProblems()).toEqual([]);
    await session.close();

    // 3. The contractor on a 380 px phone: after the request popup, one tap opens the thread.
    const { path } = await signerLinkTo(carl);
    session = await launchBrowser({ viewport: PHONE, touch: true });
    await session.run(async () => {
      const page = await openApp(session!, path);
      const dialogs = watchDialogs(page);
      const request = page.getByTestId('sign-request');
      await visible(request);
      await request.getByRole('button', { name: t('signer.sign'), exact: true }).tap();
      const button = page.getByTestId('signer-comments-button');
      await visible(button);
      expect(((await button.textContent()) ?? '').trim()).toBe(t('comments.button', { count: 2 }));
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // Still in reach after scrolling the document (measured once the scroll has come to rest: a box
      // read mid-scroll, with the sticky bar still moving, is not where the contractor sees it).
      const scrolledTo = async (deltaY: number) => {
        await page.mouse.wheel(0, deltaY);
        await page.waitForFunction(
          () =>
            new Promise<boolean>((resolve) => {
              const y = window.scrollY;
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
            }),
        );
      };
      await scrolledTo(2000);
      const after = (await button.boundingBox())!;
      expect(after.y + after.height).toBeLessThanOrEqual(PHONE.height);
      expect(after.y).toBeGreaterThanOrEqual(0);
      // It never covers the sticky guide bar (Next area, Sign All), stuck at the bottom or not. Read
      // once the layout is at rest (mid-scroll, or while pages are still being drawn, the bar and the
      // button are between two positions for a frame): both boxes from one frame in the page — two
      // reads from the test could straddle a frame in which the bar still moves — and clear in two
      // frames in a row.
      const clearOfGuide = () =>
        page
          .waitForFunction(
            () => {
              const clear = () => {
                const b = document
                  .querySelector('[data-testid="signer-comments-button"]')!
                  .getBoundingClientRect();
                const g = document.querySelector('[data-testid="signer-guide"]')!.getBoundingClientRect();
                return b.bottom <= g.top + 1 || b.top >= g.bottom - 1;
              };
              return new Promise<boolean>((resolve) =>
                requestAnimationFrame(() => {
                  const first = clear();
                  requestAnimationFrame(() => resolve(first && clear()));
                }),
              );
            },
            undefined,
            { timeout: 10_000 },
          )
          .then(
            () => true,
            () => false,
          );
      expect(await clearOfGuide()).toBe(true);
      // At the very end of the page too, and the button stays on screen.
      await scrolledTo(100_000);
      expect(await clearOfGuide()).toBe(true);
      const atEnd = (await button.boundingBox())!;
      expect(atEnd.y).toBeGreaterThanOrEqual(0);
      expect(atEnd.y + atEnd.height).toBeLessThanOrEqual(PHONE.height);
      await scrolledTo(-100_000);
      await scrolledTo(2000);
      expect(await clearOfGuide()).toBe(true);
      await scrolledTo(-2000);
      await page.waitForFunction(() => window.scrollY < 400);
      expect(await clearOfGuide()).toBe(true);

      await button.tap();
      const dialog = page.getByTestId('signer-comments-dialog');
      await visible(dialog);
      // The dialog focuses its primary action: the comment box.
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('data-testid') === 'comment-input',
        null,
        WAIT,
      );
      const texts = dialog.getByTestId('comment-text');
      await visible(texts.nth(1));
      expect(await texts.allTextContents()).toEqual([
        `@Carl Contractor and @${member.email} ${ownerText}`,
        'Agreed <b>bold?</b> @Olivia Owner',
      ]);
      await page.keyboard.type('Thanks, @Olivia Owner <script>alert(3)</script>');
      await dialog.getByRole('button', { name: t('comments.post'), exact: true }).tap();
      await visible(dialog.getByText('Thanks, @Olivia Owner <script>alert(3)</script>', { exact: true }));
      await visible(
        dialog.getByTestId('comment-notice').getByText(t('comments.mentionSent', { names: 'Olivia Owner' })),
      );
      await expectNoPayloadElements(page);
      expect(await seriousAxeViolations(page, '[data-testid="signer-comments-dialog"]')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // Their own comment: Edit (within 5 minutes) marks it edited; Delete (confirmed) leaves its place.
      const mine = dialog.locator('li.comment').nth(2);
      await mine.getByRole('button', { name: t('comments.edit'), exact: true }).tap();
      const edit = mine.getByLabel(t('comments.editLabel'), { exact: true });
      await edit.fill('Thanks, all clear');
      await mine.getByRole('button', { name: t('comments.save'), exact: true }).tap();
      await visible(mine.getByText('Thanks, all clear', { exact: true }));
      await visible(mine.getByText(t('comments.edited'), { exact: true }));
      // Only one's own comments have the actions.
      expect(await dialog.locator('li.comment').nth(0).getByRole('button').count()).toBe(0);
      await mine.getByRole('button', { name: t('comments.delete'), exact: true }).tap();
      const confirm = page.getByTestId('comment-delete-dialog');
      await visible(confirm);
      expect(await seriousAxeViolations(page, '[data-testid="comment-delete-dialog"]')).toEqual([]);
      await confirm.getByRole('button', { name: t('comments.delete'), exact: true }).tap();
      await visible(mine.getByText(t('comments.deleted'), { exact: true }));
      await page.waitForFunction(
        () => document.activeElement?.classList.contains('comment-deleted'),
        null,
        WAIT,
      );

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden', ...WAIT });
      await page.waitForFunction(
        (want) =>
          document.querySelector('[data-testid="signer-comments-button"]')?.textContent?.trim() === want,
        t('comments.button', { count: 2 }),
        WAIT,
      );
      expect(dialogs).toEqual([]);
    });
    expect(session.unexpectedProblems()).toEqual([]);
  });
});
