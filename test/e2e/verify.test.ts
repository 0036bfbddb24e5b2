// The public verification page (issue #6) in Chromium, as anyone holding a signed PDF would use it:
// a contract is signed by everyone (through the API), the contractor takes the signed PDF from the
// completion e-mail in the local mailbox, drops it on /en/verify (it is hashed in the browser, never
// uploaded) and sees the sealed document and its live blockchain record; a copy with one changed byte
// is reported as not matching; a malformed hash gets the clear message; the verification link of the
// e-mail (the audit pages' QR code) opens the document's page, in Japanese too.
import { jest } from '@jest/globals';
import { api, eventually, mailbox, type StoredMail } from '../support/cloud-client';
import { mailsTo, sendTwoContractorDocument } from '../support/documents';
import { makePng } from '../support/png';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(240000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]) {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(
    (await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } })).status,
  ).toBe(200);
}

describe('verification page (/verify)', () => {
  let session: BrowserSession;
  let signedPdf: Buffer;
  let fileName: string;
  let completion: StoredMail;
  const title = `Verified lease ${Date.now()}`;

  beforeAll(async () => {
    const s = await sendTwoContractorDocument({ title, names: ['Vera Verify', 'Pat Phone'] });
    await signAndAgree(s.docuId, s.mailToken, [0, 1]);
    await signAndAgree(s.docuId, s.smsToken, [2]);
    // The certificate comes after the anchor: by then the chain has the record.
    const mails = await eventually(
      async () => {
        const all = mailsTo(await mailbox(), s.email);
        const done = all.find((m) => m.attachments.some((a) => /-certificate\.pdf$/.test(a.filename ?? '')));
        return done ? all : undefined;
      },
      90000,
      'the certificate e-mail',
    );
    completion = mails.find((m) => m.attachments.some((a) => /-signed\.pdf$/.test(a.filename ?? '')))!;
    const attachment = completion.attachments.find((a) => /-signed\.pdf$/.test(a.filename ?? ''))!;
    fileName = attachment.filename!;
    signedPdf = Buffer.from(attachment.content!, 'base64');
    expect(signedPdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  beforeEach(async () => {
    session = await launchBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterEach(async () => {
    await session.close();
  });

  it('a dropped signed PDF is the sealed document, with its blockchain record', async () => {
    await session.run(async () => {
      const page = await openApp(session, '/en/verify');
      await expectVisibleText(page, t('verify.privacy'));
      await page.locator('input[type=file]').setInputFiles({
        name: fileName,
        mimeType: 'application/pdf',
        buffer: signedPdf,
      });
      await expectVisibleText(page, t('verify.matchFile', { file: fileName }));
      await expectVisibleText(page, title);
      await expectVisibleText(page, t('verify.chain.matches'));
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  it('a copy with one changed byte does not match', async () => {
    await session.run(async () => {
      const changed = Buffer.from(signedPdf);
      const at = Math.floor(changed.length / 2);
      changed[at] = changed[at]! ^ 0x01;
      const page = await openApp(session, '/en/verify');
      await page.locator('input[type=file]').setInputFiles({
        name: 'changed.pdf',
        mimeType: 'application/pdf',
        buffer: changed,
      });
      await expectVisibleText(page, t('verify.noMatchFile', { file: 'changed.pdf' }));
      await expectVisibleText(page, t('verify.unknownHelp'));
    });
  });

  it('a malformed hash gets a clear message; a pasted correct hash is found', async () => {
    await session.run(async () => {
      const page = await openApp(session, '/en/verify');
      const field = page.getByLabel(t('verify.hashLabel'));
      await field.fill('not-a-hash');
      await page.getByRole('button', { name: t('verify.check'), exact: true }).click();
      await expectVisibleText(page, t('verify.errors.badHash'));
      const { createHash } = await import('node:crypto');
      await field.fill(createHash('sha256').update(signedPdf).digest('hex').toUpperCase());
      await page.getByRole('button', { name: t('verify.check'), exact: true }).click();
      await expectVisibleText(page, t('verify.known'));
      await expectVisibleText(page, t('verify.chain.matches'));
    });
  });

  it('the e-mail’s verification link opens the document’s page (also in Japanese)', async () => {
    await session.run(async () => {
      const link = /https?:\/\/\S+\/en\/verify\?document=[A-Za-z0-9_-]+/.exec(completion.body.text ?? '')![0];
      const url = new URL(link);
      const page = await openApp(session, `${url.pathname}${url.search}`);
      await expectVisibleText(page, t('verify.known'));
      await expectVisibleText(page, title);
      await openApp(session, `/jp/verify${url.search}`);
      await expectVisibleText(page, text('ja', 'verify.known'));
    });
  });
});
