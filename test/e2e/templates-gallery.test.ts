// The gallery of starter forms (issue #27 item 5) in Chromium against the whole local cloud: a
// Japanese owner finds the Japanese forms first on the Templates page, adds the lease, and with the
// focus on "Use it now" reaches Use template in one key press; names two people and lands on
// Finalize with the form's fields. axe finds nothing serious; a 380 px phone has no sideways scroll;
// past the plan's limit a Korean owner reads the refusal in Korean with the plans link.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { galleryEntry, readGalleryFields } from '../../lambdas/gallery/catalog';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, type BrowserSession } from '../support/browser';
import { api } from '../support/cloud-client';
import { newOwner } from '../support/documents';
import { text } from './catalogue';
import { signInAt } from './steps';
import { atPhoneWidth } from './video-steps';

jest.setTimeout(300000);

const ja = (key: string, options?: Record<string, unknown>) => text('ja', key, options);
const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout: 30000 });

async function focused(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId, {
    timeout: 30000,
  });
}

const LEASE = galleryEntry('lease-jp')!;
const roleFieldCounts = readGalleryFields(LEASE).roles.map((r) => r.fields.length);

describe('the gallery of starter forms (/home/templates)', () => {
  let session: BrowserSession;
  afterEach(async () => {
    await session.close();
  });

  it('adds the Japanese lease, uses it with two people and lands on Finalize with its fields', async () => {
    session = await launchBrowser({ locale: 'ja-JP' });
    await session.run(async () => {
      const owner = await newOwner('jp', '山田 太郎');
      const page = await signInAt(session, owner, '/jp/home/templates');
      const gallery = page.getByTestId('template-gallery');
      await visible(gallery.getByRole('heading', { name: ja('templateGallery.title') }));
      // The page's language alone, until another is chosen.
      const forms = gallery.getByTestId('gallery-form');
      await visible(forms);
      const shown = await forms.evaluateAll((els) => els.map((e) => e.getAttribute('data-gallery-id')));
      expect(shown.sort()).toEqual(['disclosure-jp', 'lease-jp', 'purchase-jp']);
      await gallery.getByTestId('gallery-language').selectOption('all');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="gallery-form"]').length === 9,
        undefined,
        { timeout: 30000 },
      );
      const all = await forms.evaluateAll((els) => els.map((e) => e.getAttribute('data-gallery-id')));
      expect(all.slice(0, 3).every((id) => id!.endsWith('-jp'))).toBe(true);
      await gallery.getByTestId('gallery-language').selectOption('jp');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await atPhoneWidth(page, [ja('templateGallery.title'), LEASE.title]);

      // Add with the keyboard: the button has the focus, Enter presses it.
      const lease = gallery.locator('[data-gallery-id="lease-jp"]');
      await lease.getByTestId('gallery-add').focus();
      await page.keyboard.press('Enter');
      await visible(
        page
          .getByTestId('gallery-added')
          .filter({ hasText: ja('templateGallery.added', { title: LEASE.title }) }),
      );
      await focused(page, 'gallery-use');
      // The list above has it, counted against the plan.
      await visible(page.getByTestId('template-row').filter({ hasText: LEASE.title }));
      await visible(
        page
          .getByTestId('templates-used')
          .filter({ hasText: ja('templatesPage.used', { used: 1, limit: 3 }) }),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await atPhoneWidth(page, [ja('templateGallery.useNow')]);

      // One key press to Use template.
      await focused(page, 'gallery-use');
      await page.keyboard.press('Enter');
      await visible(
        page.getByRole('heading', { name: ja('templatesPage.useTitle', { title: LEASE.title }) }),
      );
      await page.getByTestId('use-role-0-name').fill('佐藤 花子');
      await page.getByTestId('use-role-0-contact').fill(`hanako-${randomUUID()}@example.com`);
      await page.getByTestId('use-role-1-name').fill('鈴木 一郎');
      await page.getByTestId('use-role-1-contact').fill(`ichiro-${randomUUID()}@example.com`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await atPhoneWidth(page, [ja('templatesPage.makeContract')]);
      await page.getByTestId('use-template-submit').click();
      await page.waitForURL(/\/jp\/home\/make\/esign\/agree\/[0-9a-f]+$/, { timeout: 30000 });
      const docuId = new URL(page.url()).pathname.split('/').pop()!;
      const made = await api(`/api/documents/${docuId}`, { token: owner.token });
      expect(made.body).toMatchObject({
        title: LEASE.title,
        status: 'SetPos',
        originalFileName: 'lease-jp.pdf',
      });
      const recipients = made.body.recipients as { name: string; areas: { type: string }[] }[];
      expect(recipients.map((r) => r.name)).toEqual(['佐藤 花子', '鈴木 一郎']);
      expect(recipients.map((r) => r.areas.length)).toEqual(roleFieldCounts);
      expect(recipients.map((r) => r.areas.filter((a) => a.type === 'signature').length)).toEqual([1, 1]);
    });
  });

  it('says the plan’s limit in Korean, with the plans link', async () => {
    session = await launchBrowser({ locale: 'ko-KR' });
    await session.run(async () => {
      const owner = await newOwner('ko', '김민준');
      for (const gallery of ['lease-ko', 'purchase-ko', 'disclosure-ko']) {
        const res = await api('/api/templates', { method: 'POST', token: owner.token, body: { gallery } });
        expect(res.status).toBe(201);
      }
      const page = await signInAt(session, owner, '/ko/home/templates');
      const gallery = page.getByTestId('template-gallery');
      await gallery.locator('[data-gallery-id="lease-ko"]').getByTestId('gallery-add').click();
      const refusal = gallery.getByTestId('gallery-error');
      await visible(refusal.filter({ hasText: text('ko', 'templates.errors.limit', { max: 3 }) }));
      await visible(refusal.getByRole('link', { name: text('ko', 'templatesPage.seePlans') }));
      await atPhoneWidth(page, [text('ko', 'templateGallery.title')]);
    });
  });
});
