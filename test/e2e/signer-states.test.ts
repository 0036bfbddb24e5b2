// The signer page's other states (issue #14, item 11): an invalid link is an error page of its own —
// no "Sign the contract" heading, no step bar — and an owner signed in in this browser, told by
// 'Caution!' that they are signed in, sees their account (My page) in the header, not Sign in / Sign up.
import { jest } from '@jest/globals';
import { PASSWORD, sendTwoContractorDocument } from '../support/documents';
import { seriousAxeViolations } from '../support/axe';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectPath, expectVisibleText, submitSignIn } from './steps';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

describe('signer page states', () => {
  let session: BrowserSession;
  beforeEach(async () => {
    session = await launchBrowser();
  });
  afterEach(async () => {
    await session.close();
  });

  it('an invalid link has neither the signing heading nor the step bar', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Invalid link contract' });
    await session.run(async () => {
      const last = sent.mailLink.at(-1) === 'A' ? 'B' : 'A';
      const page = await openApp(session, sent.mailLink.slice(0, -1) + last);
      await expectVisibleText(page, t('signer.invalidLinkTitle'));
      await expect(page.getByRole('heading', { name: t('signer.pageTitle') }).count()).resolves.toBe(0);
      await expect(page.getByTestId('signer-progress').count()).resolves.toBe(0);
      // The only level-one heading says what happened.
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        t('signer.invalidLinkTitle'),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  });

  it('a signed-in owner sees My page in the header while Caution says they are signed in', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Owner looks at the link' });
    await session.run(async () => {
      const page = await openApp(session, '/en/login');
      await submitSignIn(page, sent.owner.email, PASSWORD);
      await expectPath(page, ['/en/thankyou', '/en/home']);
      // Records every account link the header ever shows while the signer page loads.
      await page.addInitScript(() => {
        const seen = new Set<string>();
        (window as unknown as { accountLinksSeen: Set<string> }).accountLinksSeen = seen;
        new MutationObserver(() => {
          document
            .querySelectorAll('.public-header .public-account a')
            .forEach((a) => seen.add(a.textContent ?? ''));
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await openApp(session, sent.mailLink);
      await page.getByTestId('signer-caution').waitFor({ state: 'visible', timeout: 30000 });
      const header = page.locator('.public-header .public-account');
      // (The header is inert behind the modal: read its links as elements, not as roles.)
      const link = (label: string) => header.locator('a').filter({ hasText: label });
      await link(t('public.nav.myPage')).waitFor({ state: 'attached', timeout: 20000 });
      await expect(link(t('nav.signIn')).count()).resolves.toBe(0);
      await expect(link(t('nav.signUp')).count()).resolves.toBe(0);
      // Not even for a moment while the session is checked.
      const seen = await page.evaluate(() => [
        ...(window as unknown as { accountLinksSeen: Set<string> }).accountLinksSeen,
      ]);
      expect(seen).toEqual([t('public.nav.myPage')]);
    });
  });
});
