// Issue #14 item 4: the Configuring Contractors step must not scroll sideways at 1280 and 768 px when
// the owner's address book holds a long entry (a select is as wide as its longest option).
import { jest } from '@jest/globals';
import { api } from '../support/cloud-client';
import { createDocument, newOwner, PASSWORD, uploadPdf } from '../support/documents';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { expectPath, submitSignIn } from './steps';

jest.setTimeout(240000);

describe('the contractors step with a long address-book entry', () => {
  let session: BrowserSession;

  beforeEach(async () => {
    session = await launchBrowser({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  });
  afterEach(async () => {
    await session.close();
  });

  test('fits the window at 1280 and 768 px', () =>
    session.run(async () => {
      const owner = await newOwner('en', 'Layout Owner');
      // An earlier contract put a long entry in the address book.
      const earlier = await createDocument(owner);
      expect((await uploadPdf(owner, earlier)).status).toBe(200);
      const longName = 'Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff Junior the Third';
      const longMail =
        'procurement.department.northwind.trading.company@international-subsidiary-holdings-group.example.com';
      const saved = await api(`/api/documents/${earlier}/recipients`, {
        method: 'PUT',
        token: owner.token,
        body: { recipients: [{ name: longName, contact: longMail }], finalRecipients: [], lang: 'en' },
      });
      expect(saved.status).toBe(200);
      const docuId = await createDocument(owner);
      expect((await uploadPdf(owner, docuId)).status).toBe(200);

      const page = await openApp(session, '/en/login');
      await submitSignIn(page, owner.email, PASSWORD);
      await expectPath(page, ['/en/thankyou', '/en/home']);
      const target = `/en/home/make/esign/addrcpt/${docuId}`;
      await openApp(session, target);
      await expectPath(page, target);
      await page.locator('select option', { hasText: longName }).first().waitFor({ state: 'attached' });
      for (const width of [1280, 768]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForFunction((w) => window.innerWidth === w, width);
        const sizes = await page.evaluate(() => ({
          scroll: document.scrollingElement!.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(`${width}: ${sizes.scroll} <= ${sizes.inner}`).toBe(
          `${width}: ${Math.min(sizes.scroll, sizes.inner)} <= ${sizes.inner}`,
        );
      }
    }));
});
