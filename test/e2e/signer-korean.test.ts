// A Korean contractor on a phone (issue #14, item 10): the Korean signer page does not claim to be
// shown in English; Auto Generation offers Korean (the page's language by default), writes the name
// family name first ('김민수', as Koreans write it) and draws it in Korean handwriting fonts (Nanum Pen
// Script, Gaegu), each really loaded.
import { jest } from '@jest/globals';
import { sendTwoContractorDocument } from '../support/documents';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(240000);

const ko = (key: string, options?: Record<string, unknown>) => text('ko', key, options);

describe('signer flow in Korean', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser({ locale: 'ko-KR', viewport: { width: 380, height: 820 }, touch: true });
  });
  afterEach(async () => {
    await session.close();
  });

  it('is not flagged as English and generates a family-name-first sign in Korean handwriting fonts', async () => {
    const sent = await sendTwoContractorDocument({ title: '임대차 계약서', names: ['김민수', 'Pat Phone'] });
    await session.run(async () => {
      const page = await openApp(session, sent.mailLink.replace(/^\/en\//, '/ko/'));
      const request = page.getByTestId('sign-request');
      await request.waitFor({ state: 'visible', timeout: 30000 });
      await expect(page.getByText(ko('public.legal.englishOnly')).count()).resolves.toBe(0);
      await request.getByRole('button', { name: ko('signer.sign'), exact: true }).tap();
      await expect(page.getByText(ko('public.legal.englishOnly')).count()).resolves.toBe(0);
      await page.getByRole('button', { name: ko('signer.signAll'), exact: true }).tap();
      const maker = page.getByTestId('sign-maker');
      await maker.waitFor({ state: 'visible' });
      await maker.getByRole('tab', { name: ko('signer.maker.auto') }).tap();
      const language = maker.getByLabel(ko('signer.maker.language'));
      // Korean is offered, and chosen by default on a Korean page.
      await expect(language.inputValue()).resolves.toBe('ko');
      await expect(language.locator('option[value="ko"]').textContent()).resolves.toBe(
        ko('signer.maker.korean'),
      );
      await maker.getByLabel(ko('signer.maker.familyName')).fill('김');
      await maker.getByLabel(ko('signer.maker.givenName')).fill('민수');
      await maker.getByRole('button', { name: ko('signer.maker.generate') }).tap();
      await maker.getByTestId('auto-candidate-5').waitFor({ state: 'visible', timeout: 30000 });
      await expect(maker.getByRole('radiogroup').getAttribute('data-sign-text')).resolves.toBe('김민수');
      const loaded = await page.evaluate(() =>
        [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')),
      );
      expect(loaded).toEqual(expect.arrayContaining(['Nanum Pen Script', 'Gaegu']));
      const sources = await maker
        .locator('[data-testid^="auto-candidate-"] img')
        .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
      expect(sources).toHaveLength(6);
      expect(new Set([sources[0], sources[2], sources[4]]).size).toBe(3);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await maker.getByRole('radio', { name: ko('signer.maker.candidate', { n: 1 }) }).tap();
      await maker.getByRole('button', { name: ko('signer.maker.save') }).tap();
      await maker.waitFor({ state: 'detached', timeout: 20000 });
      await expectVisibleText(page, ko('signer.allSigned'));
    });
  });
});
