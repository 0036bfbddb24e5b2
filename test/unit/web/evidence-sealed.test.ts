// The verify page's judge over what our sealer really writes (issue #30): sealPdf with trust services
// answered by openssl (test/support/openssl-trust.ts) gives PAdES B-LTA — and the judge says so, with
// the authority's name and a trusted time; one changed byte of the sealed revision is a mismatch. The
// certificate PDF (certificatePdf) is judged the same way.
import { sealPdf } from '../../../lambdas/sealing/index';
import { renewArchiveTimestamp } from '../../../lambdas/sealing/pades';
import { judgePdf } from '../../../web/src/features/verify/evidence/judge';
import { opensslPki, signaturesOf, type OpensslPki } from '../../support/openssl-trust';
import { auditData, makeOriginal, makeSignPng, stamps } from '../sealing/fixtures';

let pki: OpensslPki;
let pdf: Uint8Array;

beforeAll(async () => {
  pki = opensslPki();
  const result = await sealPdf({
    original: await makeOriginal(2),
    stamps: stamps(1, 2, [makeSignPng(300, 100)]),
    audit: auditData(['Alice Smith', '山田 花子'], 4),
    language: 'en',
    signer: pki.signer,
    signedAt: new Date('2026-11-22T10:10:00Z'),
    trust: pki.trust,
  });
  pdf = result.pdf;
}, 120_000);

afterAll(() => pki.cleanup());

it('judges a sealed PDF B-LTA: signature, trusted time and authority, LTV data complete, document timestamp', async () => {
  const report = await judgePdf(pdf);
  expect(report.findings.filter((f) => f.tone === 'bad')).toEqual([]);
  expect(report.level).toBe('B-LTA');
  expect(report.ltvComplete).toBe(true);
  const [signature] = report.signatures;
  expect(signature).toMatchObject({ digestMatches: true, signatureValid: true, coversWholeFile: false });
  expect(signature!.laterRevisions).toBeGreaterThanOrEqual(2);
  expect(signature!.timestamp).toMatchObject({ imprintMatches: true, signatureValid: true });
  expect(signature!.timestamp!.authority).not.toBe('?');
  expect(Number.isNaN(Date.parse(signature!.timestamp!.genTime))).toBe(false);
  expect(report.documentTimestamps).toEqual([
    expect.objectContaining({
      imprintMatches: true,
      signatureValid: true,
      coversDss: true,
      coversWholeFile: true,
    }),
  ]);
});

it('judges one changed byte of the sealed revision as a signature that does not match the document', async () => {
  const [approval] = signaturesOf(pdf);
  const tampered = Uint8Array.from(pdf);
  const at = approval!.range[1]! - 10;
  tampered[at] = tampered[at]! ^ 0x01;
  const report = await judgePdf(tampered);
  expect(report.level).toBe('none');
  expect(report.findings.map((f) => f.code)).toEqual(
    expect.arrayContaining(['digestMismatch', 'docTimestampMismatch']),
  );
});

it('judges the sealer’s renewed archive B-LTA, both document timestamps good', async () => {
  const { pdf: renewed } = await renewArchiveTimestamp(pdf, pki.trust);
  const report = await judgePdf(Uint8Array.from(renewed));
  expect(report.findings.filter((f) => f.tone === 'bad')).toEqual([]);
  expect(report.level).toBe('B-LTA');
  expect(report.documentTimestamps.map((t) => [t.coversDss, t.coversWholeFile])).toEqual([
    [true, false],
    [true, true],
  ]);
});
