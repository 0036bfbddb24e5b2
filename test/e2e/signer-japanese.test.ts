// A Japanese contractor on a phone (issue #5): the signer page in Japanese, a sign generated from a
// name in kanji — six candidates in the three Japanese handwriting fonts (Yuji Syuku, Zen Kurenaido,
// Klee One), each font really drawn (a font that failed to load would fall back to one system font
// and make the candidates identical) — then Sign All and the e-sign terms, all in Japanese.
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { sendTwoContractorDocument } from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(240000);

const ja = (key: string, options?: Record<string, unknown>) => text('ja', key, options);
const button = (page: Page, key: string) => page.getByRole('button', { name: ja(key), exact: true });

describe('signer flow in Japanese', () => {
  let session: BrowserSession;

  beforeEach(async () => {
    session = await launchBrowser({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  });
  afterEach(async () => {
    await session.close();
  });

  it('generates a sign from a kanji name in three Japanese fonts and signs', async () => {
    const sent = await sendTwoContractorDocument({ title: '賃貸借契約書', names: ['山田 花子', '김민수'] });
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink.replace(/^\/en\//, '/jp/'));
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      await request.getByRole('button', { name: ja('signer.sign'), exact: true }).click();
      await page.getByTestId('pdf-page-0').waitFor({ state: 'visible' });
      await button(page, 'signer.signAll').click();
      const maker = page.getByTestId('sign-maker');
      await maker.waitFor({ state: 'visible' });
      await maker.getByRole('tab', { name: ja('signer.maker.auto') }).click();
      await maker.getByLabel(ja('signer.maker.familyName')).fill('山田');
      await maker.getByLabel(ja('signer.maker.givenName')).fill('花子');
      await maker.getByLabel(ja('signer.maker.language')).selectOption('ja');
      await maker.getByRole('button', { name: ja('signer.maker.generate') }).click();
      await maker.getByTestId('auto-candidate-5').waitFor({ state: 'visible', timeout: 30000 });
      const sources = await maker
        .locator('[data-testid^="auto-candidate-"] img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
      expect(sources).toHaveLength(6);
      // Upright candidates of the three fonts differ from each other, and none is blank.
      expect(new Set([sources[0], sources[2], sources[4]]).size).toBe(3);
      const inked = await maker.locator('[data-testid="auto-candidate-2"] img').evaluate(async (img) => {
        const image = img as HTMLImageElement;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(image, 0, 0);
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) dark++;
        return dark;
      });
      expect(inked).toBeGreaterThan(200);
      await maker.getByRole('radio', { name: ja('signer.maker.candidate', { n: 3 }) }).click();
      await maker.getByRole('button', { name: ja('signer.maker.save') }).click();
      await maker.waitFor({ state: 'detached', timeout: 20000 });
      await expectVisibleText(page, ja('signer.allSigned'));
      await button(page, 'signer.next').click();
      const terms = page.getByTestId('terms-dialog');
      await terms.waitFor({ state: 'visible', timeout: 20000 });
      // Confirm waits until the end of the terms was shown (a phone scrolls them).
      await terms.getByTestId('terms-text').evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await terms.getByRole('button', { name: ja('signer.confirm'), exact: true }).click();
      await expectVisibleText(page, ja('signing.completed'));
    });
  });
});
