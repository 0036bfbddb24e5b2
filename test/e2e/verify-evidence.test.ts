// The verify page's long-term evidence panel (issue #30 item 6) in Chromium, as anyone holding a
// signed PDF would use it: the contractor takes the sealed PDF from the completion e-mail of the local
// cloud, drops it on /en/verify, and reads — computed in the browser from the file — the signature's
// trusted time (the page's zone and UTC), the timestamp authority, "PAdES B-LTA" and "LTV data
// complete"; a copy with one changed byte is judged "does not match". The same panel is checked on a
// PDF sealed by the sealing module with openssl as the authorities (test/support/openssl-trust.ts),
// whose names are known, in Japanese. Each state: axe finds nothing serious, nothing scrolls sideways
// at 380 px, and the console stays clean.
import { jest } from '@jest/globals';
import { sealPdf } from '../../lambdas/sealing/index';
import { api, eventually, mailbox } from '../support/cloud-client';
import { mailsTo, sendTwoContractorDocument } from '../support/documents';
import { makePng } from '../support/png';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { seriousAxeViolations } from '../support/axe';
import { opensslPki, signaturesOf, type OpensslPki } from '../support/openssl-trust';
import { auditData, makeOriginal, makeSignPng, stamps } from '../unit/sealing/fixtures';
import { confirmTokenTo, recordVideo, signRecordAgree, switchToVideoSign, webm } from '../support/video';
import { documentDeps } from '../../lambdas/deps';
import { createHash } from 'node:crypto';
import { text } from './catalogue';
import { expectVisibleText } from './steps';
import type { Page } from 'playwright-core';

jest.setTimeout(300000);

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const PHONE = { width: 380, height: 844 };
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

/** Today (or yesterday, just after midnight) as the panel's UTC line writes a date. */
const utcDates = () =>
  [0, -86_400_000].map((shift) =>
    new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(Date.now() + shift),
    ),
  );

async function drop(page: Page, name: string, buffer: Buffer) {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer });
}

async function expectFitsAndAccessible(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousAxeViolations(page)).toEqual([]);
}

function browserPerTest(): { current: BrowserSession } {
  const holder = {} as { current: BrowserSession };
  beforeEach(async () => {
    holder.current = await launchBrowser({ viewport: PHONE });
  });
  afterEach(async () => {
    await holder.current?.close();
  });
  return holder;
}

describe('verify page: a PDF sealed by the sealing module, openssl as the authorities', () => {
  const browser = browserPerTest();
  let pki: OpensslPki;
  let refereePdf: Buffer;

  beforeAll(async () => {
    pki = opensslPki();
    const sealed = await sealPdf({
      original: await makeOriginal(1),
      stamps: stamps(1, 1, [makeSignPng(300, 100)]),
      audit: auditData(['Alice Smith'], 2),
      language: 'en',
      signer: pki.signer,
      signedAt: new Date(),
      trust: pki.trust,
    });
    refereePdf = Buffer.from(sealed.pdf);
  });

  afterAll(() => pki?.cleanup());

  it('in Japanese: the authority by name, PAdES B-LTA, LTV data complete, both times', async () => {
    const session = browser.current;
    await session.run(async () => {
      const page = await openApp(session, '/jp/verify');
      await drop(page, 'referee.pdf', refereePdf);
      const ja = (key: string, options?: Record<string, unknown>) => text('ja', key, options);
      await expectVisibleText(page, ja('evidence.levelFound', { level: 'B-LTA' }));
      await expectVisibleText(page, ja('evidence.ltvComplete'));
      await expect(page.getByTestId('evidence-authority').innerText()).resolves.toBe('Referee TSA');
      await expectVisibleText(page, ja('evidence.findings.timestampValid', { authority: 'Referee TSA' }));
      await expect(page.getByTestId('evidence-doc-time').innerText()).resolves.toContain('協定世界時');
      // Not sealed by this service: the fingerprint is unknown, the file's own evidence still shows.
      await expectVisibleText(page, ja('verify.noMatchFile', { file: 'referee.pdf' }));
      await expectFitsAndAccessible(page);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  it('one changed byte of the signed revision: the signature does not match the document', async () => {
    const session = browser.current;
    await session.run(async () => {
      const [approval] = signaturesOf(refereePdf);
      const changed = Buffer.from(refereePdf);
      const at = Math.floor(approval!.range[1]! / 2);
      changed[at] = changed[at]! ^ 0x01;
      const page = await openApp(session, '/en/verify');
      await drop(page, 'changed.pdf', changed);
      await expectVisibleText(page, t('evidence.findings.digestMismatch'));
      await expectVisibleText(page, t('evidence.levelNone'));
      await expectFitsAndAccessible(page);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  it('a file that is not a signed PDF gets a finding, not a blank panel', async () => {
    const session = browser.current;
    await session.run(async () => {
      const page = await openApp(session, '/en/verify');
      await drop(page, 'plain.pdf', Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'));
      await expectVisibleText(page, t('evidence.findings.noSignature'));
      await expectFitsAndAccessible(page);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });
});

describe('verify page: a sealed PDF from the local cloud', () => {
  const browser = browserPerTest();
  let cloudPdf: Buffer;

  beforeAll(async () => {
    const s = await sendTwoContractorDocument({
      title: `Evidence lease ${Date.now()}`,
      names: ['Eve Evidence', 'Pat Phone'],
    });
    await signAndAgree(s.docuId, s.mailToken, [0, 1]);
    await signAndAgree(s.docuId, s.smsToken, [2]);
    const completion = await eventually(
      async () =>
        mailsTo(await mailbox(), s.email).find((m) =>
          m.attachments.some((a) => /-signed\.pdf$/.test(a.filename ?? '')),
        ),
      120000,
      'the completion e-mail with the sealed PDF',
    );
    const attachment = completion.attachments.find((a) => /-signed\.pdf$/.test(a.filename ?? ''))!;
    cloudPdf = Buffer.from(attachment.content!, 'base64');
    expect(cloudPdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('trusted time, authority, PAdES B-LTA, LTV data complete; the sealed document too', async () => {
    const session = browser.current;
    await session.run(async () => {
      const page = await openApp(session, '/en/verify');
      await drop(page, 'sealed.pdf', cloudPdf);
      const panel = page.getByTestId('evidence-panel');
      await expectVisibleText(page, t('verify.matchFile', { file: 'sealed.pdf' }));
      await expectVisibleText(page, t('evidence.heading'));
      await expectVisibleText(page, t('evidence.levelFound', { level: 'B-LTA' }));
      await expectVisibleText(page, t('evidence.ltvComplete'));
      const time = (await panel.getByTestId('evidence-trusted-time').innerText()).trim();
      expect(time).toContain('UTC');
      expect(utcDates().some((d) => time.includes(d))).toBe(true);
      const authority = (await panel.getByTestId('evidence-authority').innerText()).trim();
      expect(authority).toMatch(/\S/);
      expect(authority).not.toBe('?');
      await expectVisibleText(page, t('evidence.findings.timestampValid', { authority }));
      await expectVisibleText(page, t('evidence.fields.docTime'));
      // Nothing judged bad.
      expect(await panel.locator('.evidence-bad').count()).toBe(0);
      await expectFitsAndAccessible(page);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  it('a copy with one changed byte: "does not match", in the fingerprint and in the signature', async () => {
    const session = browser.current;
    await session.run(async () => {
      const [approval] = signaturesOf(cloudPdf);
      const changed = Buffer.from(cloudPdf);
      const at = Math.floor(approval!.range[1]! / 2);
      changed[at] = changed[at]! ^ 0x01;
      const page = await openApp(session, '/en/verify');
      await drop(page, 'changed.pdf', changed);
      await expectVisibleText(page, t('evidence.findings.digestMismatch'));
      await expectVisibleText(page, t('evidence.levelNone'));
      await expectVisibleText(page, t('verify.noMatchFile', { file: 'changed.pdf' }));
      await expectFitsAndAccessible(page);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });
});

describe('verify page: an agreement video’s trusted timestamp (issue #30 item 4)', () => {
  const browser = browserPerTest();
  const video = webm(20_000);
  const sha256 = createHash('sha256').update(video).digest('hex');

  beforeAll(async () => {
    const sent = await sendTwoContractorDocument({ title: `Evidence video lease ${Date.now()}` });
    await switchToVideoSign(sent.docuId);
    const recordThis = (docuId: string, token: string) => recordVideo(docuId, token, { bytes: video });
    const recordOther = (docuId: string, token: string) =>
      recordVideo(docuId, token, { bytes: webm(20_000) });
    expect((await signRecordAgree(sent.docuId, sent.mailToken, [0, 1], recordThis)).status).toBe(200);
    expect((await signRecordAgree(sent.docuId, sent.smsToken, [2], recordOther)).body.status).toBe(
      'NeedVConfirm',
    );
    const tokens = await Promise.all([
      confirmTokenTo(sent.email),
      confirmTokenTo(`${sent.e164}@sms.local`),
      confirmTokenTo(sent.owner.email),
    ]);
    for (const token of tokens) {
      const res = await api(`/api/video-confirm/${sent.docuId}/${token}/confirm`, {
        method: 'POST',
        body: { allChecked: true, lang: 'en' },
      });
      expect(res.status).toBe(200);
    }
    await eventually(
      async () => {
        const recipients = await documentDeps().docs.listRecipients(sent.docuId);
        return recipients.some((r) => r.videoTimestamp?.sha256 === sha256) ? true : undefined;
      },
      120000,
      'the video contract sealed, its videos timestamped',
    );
  });

  it('the QR code’s page (?video=) and a dropped video: the token checked in the browser, time and authority', async () => {
    const session = browser.current;
    await session.run(async () => {
      const page = await openApp(session, `/en/verify?video=${sha256}`);
      await expectVisibleText(page, t('evidence.video.heading'));
      await expectVisibleText(page, t('evidence.video.matches'));
      const time = (await page.getByTestId('video-trusted-time').innerText()).trim();
      expect(utcDates().some((d) => time.includes(d))).toBe(true);
      await expectFitsAndAccessible(page);
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'agreement.webm', mimeType: 'video/webm', buffer: Buffer.from(video) });
      await expectVisibleText(page, t('verify.video.matchFile', { file: 'agreement.webm' }));
      await expectVisibleText(page, t('evidence.video.matches'));
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });
});
