// The verify page's evidence judge (issue #30 item 6) over PDFs signed with an openssl PKI: the level
// found (B-B … B-LTA), the trusted time and authority, LTV completeness, each failure as its finding,
// an agreement video's token (item 4), and no throw on any input.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkTimestampToken,
  judgePdf,
  type EvidenceReport,
} from '../../../web/src/features/verify/evidence/judge';
import {
  dssOf,
  indexPdf,
  inflate,
  pdfDateToIso,
  signaturesOf,
} from '../../../web/src/features/verify/evidence/pdf-scan';
import { appendDocumentTimestamp, makePades, makePki, type Pki } from './evidence-fixtures';

let pki: Pki;
const pdfs: Record<string, Uint8Array> = {};

beforeAll(async () => {
  pki = makePki();
  pdfs.bb = await makePades(pki, { level: 'B-B' });
  pdfs.bt = await makePades(pki, { level: 'B-T' });
  pdfs.blt = await makePades(pki, { level: 'B-LT' });
  pdfs.lta = await makePades(pki, { level: 'B-LTA' });
  pdfs.ltaPlain = await makePades(pki, { level: 'B-LTA', compressed: false });
  pdfs.renewed = await makePades(pki, { level: 'B-LTA', renewals: 1 });
  pdfs.noTsaOcsp = await makePades(pki, { level: 'B-LTA', omitTsaOcsp: true });
  pdfs.otherTimestamp = await makePades(pki, { level: 'B-T', timestampOverOther: true });
}, 120_000);

afterAll(() => pki?.cleanup());

const codes = (report: EvidenceReport) => report.findings.map((f) => f.code);

describe('levels', () => {
  it('finds B-LTA: signature, trusted time and authority, complete LTV data, a document timestamp', async () => {
    const report = await judgePdf(pdfs.lta!);
    expect(report.level).toBe('B-LTA');
    expect(report.ltvComplete).toBe(true);
    expect(report.ltvMissing).toEqual([]);
    const [signature] = report.signatures;
    expect(signature).toMatchObject({
      signer: 'Evidence Test Sealing',
      digestMatches: true,
      signatureValid: true,
      coversWholeFile: false,
      laterRevisions: 2,
      unreadable: false,
    });
    expect(signature!.timestamp).toMatchObject({
      authority: 'Evidence Test TSA',
      imprintMatches: true,
      signatureValid: true,
    });
    expect(Math.abs(Date.parse(signature!.timestamp!.genTime) - Date.now())).toBeLessThan(10 * 60_000);
    expect(signature!.timestamp!.serialHex).toMatch(/^7a[0-9a-f]{2}$/);
    expect(report.documentTimestamps).toHaveLength(1);
    expect(report.documentTimestamps[0]).toMatchObject({
      authority: 'Evidence Test TSA',
      imprintMatches: true,
      signatureValid: true,
      coversDss: true,
      coversWholeFile: true,
    });
    expect(report.dss).toEqual({ certs: 4, ocsps: 3, crls: 0, vri: 1 });
    expect(codes(report)).toEqual([
      'signatureValid',
      'coversRevision',
      'timestampValid',
      'ltvComplete',
      'docTimestampValid',
    ]);
    expect(report.findings.find((f) => f.code === 'coversRevision')?.values).toEqual({ count: 2 });
  });

  it('finds B-LTA in a renewed archive: the DSS rewritten later, a second document timestamp', async () => {
    const report = await judgePdf(pdfs.renewed!);
    expect(report.findings.filter((f) => f.tone === 'bad')).toEqual([]);
    expect(report.level).toBe('B-LTA');
    expect(report.dss).toMatchObject({ certs: 4, ocsps: 4 });
    expect(report.documentTimestamps.map((t) => [t.coversDss, t.coversWholeFile])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(report.signatures[0]!.laterRevisions).toBe(4);
    // Between the two: the first timestamp alone, with the DSS rewritten after it.
    const [, second] = signaturesOf(await indexPdf(pdfs.renewed!)).filter(
      (s) => s.kind === 'documentTimestamp',
    );
    const midway = await judgePdf(pdfs.renewed!.slice(0, second!.offset));
    expect(midway.level).toBe('B-LTA');
    expect(midway.findings.map((f) => f.code)).toContain('changedAfterTimestamp');
  });

  it('reads the DSS whether its streams are compressed inside object streams or plain', async () => {
    expect((await judgePdf(pdfs.ltaPlain!)).level).toBe('B-LTA');
  });

  it('finds B-LT without a document timestamp, B-T without a DSS, B-B without a timestamp', async () => {
    const blt = await judgePdf(pdfs.blt!);
    expect(blt.level).toBe('B-LT');
    expect(codes(blt)).toContain('noDocTimestamp');
    const bt = await judgePdf(pdfs.bt!);
    expect(bt.level).toBe('B-T');
    expect(codes(bt)).toContain('noDss');
    expect(bt.signatures[0]!.coversWholeFile).toBe(true);
    expect(codes(bt)).toContain('coversWholeFile');
    const bb = await judgePdf(pdfs.bb!);
    expect(bb.level).toBe('B-B');
    expect(codes(bb)).toContain('noTimestamp');
    expect(bb.signatures[0]!.timestamp).toBeUndefined();
    expect(bb.signatures[0]!.claimedTime).toMatch(/^D:2026112809/);
  });

  it('says which certificate lacks revocation data (LTV incomplete → B-T)', async () => {
    const report = await judgePdf(pdfs.noTsaOcsp!);
    expect(report.ltvComplete).toBe(false);
    expect(report.ltvMissing).toEqual(['Evidence Test TSA']);
    expect(report.level).toBe('B-T');
    expect(report.findings).toContainEqual({
      code: 'ltvIncomplete',
      tone: 'bad',
      values: { names: 'Evidence Test TSA' },
    });
  });

  it('a document timestamp with no validation data before it does not make B-LTA', async () => {
    const report = await judgePdf(await appendDocumentTimestamp(pki, pdfs.bt!));
    expect(report.documentTimestamps[0]).toMatchObject({
      imprintMatches: true,
      signatureValid: true,
      coversDss: false,
    });
    expect(report.findings.map((f) => f.code)).toEqual(
      expect.arrayContaining(['noDss', 'docTimestampBeforeDss']),
    );
    expect(report.level).toBe('B-T');
  });

  it('takes a CRL of the issuer for a certificate, unless it lists that certificate', async () => {
    const good = await judgePdf(await makePades(pki, { level: 'B-LTA', tsaCrl: 'good' }));
    expect(good.dss).toMatchObject({ ocsps: 2, crls: 1 });
    expect(good).toMatchObject({ level: 'B-LTA', ltvComplete: true });
    const revoked = await judgePdf(await makePades(pki, { level: 'B-LTA', tsaCrl: 'revoked' }));
    expect(revoked).toMatchObject({ level: 'B-T', ltvComplete: false, ltvMissing: ['Evidence Test TSA'] });
  });

  it('refuses a signature timestamp made for other bytes', async () => {
    const report = await judgePdf(pdfs.otherTimestamp!);
    expect(report.signatures[0]!.timestamp).toMatchObject({ imprintMatches: false, signatureValid: true });
    expect(codes(report)).toContain('timestampMismatch');
    expect(report.level).toBe('B-B');
  });
});

describe('tampering', () => {
  it('one changed byte of the signed revision: the signature does not match the document', async () => {
    const copy = Uint8Array.from(pdfs.lta!);
    const text = Buffer.from(copy).toString('latin1');
    const at = text.indexOf('/Producer');
    copy[at + 3] = copy[at + 3]! ^ 0x01;
    const report = await judgePdf(copy);
    expect(report.level).toBe('none');
    expect(report.signatures[0]).toMatchObject({ digestMatches: false });
    expect(codes(report)).toContain('digestMismatch');
    // The document timestamp covers that byte too.
    expect(codes(report)).toContain('docTimestampMismatch');
  });

  it('a changed byte in the DSS revision: the document timestamp does not match (B-LT at most)', async () => {
    const copy = Uint8Array.from(pdfs.ltaPlain!);
    const text = Buffer.from(copy).toString('latin1');
    const at = text.indexOf('/Type /DSS');
    copy[at + 7] = 0x45; // '/Type /DSS' → '/Type /ESS': still a readable DSS
    const report = await judgePdf(copy);
    expect(report.signatures[0]).toMatchObject({ digestMatches: true, signatureValid: true });
    expect(report.documentTimestamps[0]).toMatchObject({ imprintMatches: false });
    expect(codes(report)).toContain('docTimestampMismatch');
    expect(report.level).toBe('B-LT');
  });

  it('a revision appended after the document timestamp is reported', async () => {
    const extra = Buffer.from('\n1 0 obj\n<< /Type /Catalog >>\nendobj\nstartxref\n0\n%%EOF\n', 'latin1');
    const copy = Uint8Array.from(Buffer.concat([Buffer.from(pdfs.lta!), extra]));
    const report = await judgePdf(copy);
    expect(report.signatures[0]!.laterRevisions).toBe(3);
    expect(report.documentTimestamps[0]!.coversWholeFile).toBe(false);
    expect(codes(report)).toContain('changedAfterTimestamp');
  });

  it('a signature value changed: the signature does not verify', async () => {
    const copy = Uint8Array.from(pdfs.bt!);
    const [signature] = signaturesOf(await indexPdf(copy));
    // The signature value is the last OCTET STRING before the unsigned attributes: flip a hex digit of
    // the CMS near the signer info's end by locating its 256 signature bytes.
    const { contents, byteRange } = signature!;
    const hex = Buffer.from(contents).toString('hex');
    const marker = hex.indexOf('0482010', hex.length / 4); // OCTET STRING, 256 bytes (RSA-2048)
    expect(marker).toBeGreaterThan(0);
    const digitAt = byteRange[1] + 1 + marker + 20;
    copy[digitAt] = copy[digitAt] === 0x30 ? 0x31 : 0x30;
    const report = await judgePdf(copy);
    expect(report.signatures[0]).toMatchObject({ digestMatches: true, signatureValid: false });
    expect(codes(report)).toContain('signatureInvalid');
    expect(report.level).toBe('none');
  });
});

describe('inputs that are not sealed PDFs', () => {
  it('a PDF without a signature', async () => {
    const report = await judgePdf(
      new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
    );
    expect(report).toMatchObject({ level: 'none', findings: [{ code: 'noSignature', tone: 'bad' }] });
  });

  it('a signature dictionary whose /ByteRange points outside the file, or whose /Contents is not DER', async () => {
    const bad = `%PDF-1.7\n5 0 obj\n<< /Type /Sig /SubFilter /ETSI.CAdES.detached /ByteRange [0 10 99999 5] /Contents <3082> >>\nendobj\n%%EOF\n`;
    const report = await judgePdf(new TextEncoder().encode(bad));
    expect(report.signatures[0]).toMatchObject({ unreadable: true });
    expect(codes(report)).toContain('unreadableSignature');
    expect(report.level).toBe('none');
  });

  it('does not open a file over the size limit', async () => {
    const report = await judgePdf(pdfs.lta!, pdfs.lta!.length - 1);
    expect(report).toMatchObject({ level: 'none', findings: [{ code: 'tooLarge', tone: 'bad' }] });
    expect((await judgePdf(pdfs.lta!, pdfs.lta!.length)).level).toBe('B-LTA');
  });

  it('never throws on random bytes, truncated files or flipped bytes', async () => {
    let seed = 30;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const lta = pdfs.lta!;
    const inputs: Uint8Array[] = [
      new Uint8Array(0),
      new TextEncoder().encode('%PDF-'),
      new TextEncoder().encode('1 0 obj <<'),
    ];
    for (let i = 0; i < 6; i += 1)
      inputs.push(Uint8Array.from({ length: 2000 }, () => Math.floor(random() * 256)));
    for (let i = 0; i < 12; i += 1) inputs.push(lta.slice(0, Math.floor(random() * lta.length)));
    for (let i = 0; i < 12; i += 1) {
      const copy = Uint8Array.from(lta);
      for (let k = 0; k < 20; k += 1) copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      inputs.push(copy);
    }
    for (const input of inputs) {
      const report = await judgePdf(input);
      expect(report.findings.length).toBeGreaterThan(0);
      expect(['none', 'B-B', 'B-T', 'B-LT', 'B-LTA']).toContain(report.level);
    }
  });
});

describe('the scanner', () => {
  it('finds both signatures and the DSS of a B-LTA file', async () => {
    const index = await indexPdf(pdfs.lta!);
    const signatures = signaturesOf(index);
    expect(signatures.map((s) => [s.kind, s.subFilter])).toEqual([
      ['approval', 'ETSI.CAdES.detached'],
      ['documentTimestamp', 'ETSI.RFC3161'],
    ]);
    const dss = await dssOf(index);
    expect(dss?.certs.map((c) => Buffer.from(c).equals(Buffer.from(pki.signer)))).toContain(true);
    expect(dss?.ocsps).toHaveLength(3);
    expect(dss!.offset).toBeLessThan(signatures[1]!.byteRange[1]);
  });

  it('agrees with openssl on the signature timestamp (the token covers the signature value)', async () => {
    const [signature] = signaturesOf(await indexPdf(pdfs.bt!));
    const dir = pki.dir;
    writeFileSync(join(dir, 'sig.der'), signature!.contents);
    const printed = execFileSync(
      'openssl',
      ['cms', '-inform', 'DER', '-in', join(dir, 'sig.der'), '-cmsout', '-print'],
      {
        encoding: 'utf8',
      },
    );
    expect(printed).toContain('1.2.840.113549.1.9.16.2.14');
  });
});

describe('an agreement video token (issue #30 item 4)', () => {
  const video = createHash('sha256').update('a video').digest();

  it('matches the video hash it was made for, with its time, authority and serial', async () => {
    // openssl ts -reply's serial file holds the last serial it gave: the next token has the one after.
    const last = parseInt(readFileSync(join(pki.dir, 'tsaserial'), 'utf8').trim(), 16);
    const serial = (last + 1).toString(16);
    const token = pki.timestamp(video);
    const check = await checkTimestampToken(token, { sha256: video });
    expect(check).toMatchObject({
      authority: 'Evidence Test TSA',
      imprintMatches: true,
      signatureValid: true,
    });
    expect(check!.serialHex).toBe(serial);
  });

  it('checks a token signed with ECDSA (P-256) too', async () => {
    const dir = pki.dir;
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ec.key']);
    run([
      'req',
      '-new',
      '-key',
      'ec.key',
      '-subj',
      '/O=Evidence Test/CN=Evidence Test EC TSA',
      '-out',
      'ec.csr',
    ]);
    run([
      'x509',
      '-req',
      '-in',
      'ec.csr',
      '-CA',
      'intermediate.pem',
      '-CAkey',
      'intermediate.key',
      '-set_serial',
      '0x2003',
      '-days',
      '30',
      '-sha256',
      '-extfile',
      'tsa.ext',
      '-out',
      'ec.pem',
    ]);
    const config = readFileSync(join(dir, 'tsa.cnf'), 'utf8')
      .replace(/signer_cert = .*/, `signer_cert = ${join(dir, 'ec.pem')}`)
      .replace(/signer_key = .*/, `signer_key = ${join(dir, 'ec.key')}`);
    writeFileSync(join(dir, 'ec-tsa.cnf'), config);
    run([
      'ts',
      '-query',
      '-digest',
      video.toString('hex'),
      '-sha256',
      '-cert',
      '-no_nonce',
      '-out',
      'ec.tsq',
    ]);
    run([
      'ts',
      '-reply',
      '-config',
      'ec-tsa.cnf',
      '-queryfile',
      'ec.tsq',
      '-token_out',
      '-out',
      'ec-token.der',
    ]);
    const token = Uint8Array.from(readFileSync(join(dir, 'ec-token.der')));
    expect(await checkTimestampToken(token, { sha256: video })).toMatchObject({
      authority: 'Evidence Test EC TSA',
      imprintMatches: true,
      signatureValid: true,
    });
  });

  it('reads a policy OID with an arc beyond 53 bits (the local TSA’s 2.25 UUID arc)', async () => {
    const dir = pki.dir;
    const config = readFileSync(join(dir, 'tsa.cnf'), 'utf8').replace(
      /default_policy = .*/,
      'default_policy = 2.25.35231727214427472471488774677407775144.1',
    );
    writeFileSync(join(dir, 'uuid-tsa.cnf'), config);
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run([
      'ts',
      '-query',
      '-digest',
      video.toString('hex'),
      '-sha256',
      '-cert',
      '-no_nonce',
      '-out',
      'uuid.tsq',
    ]);
    run([
      'ts',
      '-reply',
      '-config',
      'uuid-tsa.cnf',
      '-queryfile',
      'uuid.tsq',
      '-token_out',
      '-out',
      'uuid.der',
    ]);
    const token = Uint8Array.from(readFileSync(join(dir, 'uuid.der')));
    expect(await checkTimestampToken(token, { sha256: video })).toMatchObject({
      authority: 'Evidence Test TSA',
      imprintMatches: true,
      signatureValid: true,
    });
  });

  it('does not match another hash; a damaged token is unreadable or invalid', async () => {
    const token = pki.timestamp(video);
    const other = createHash('sha256').update('another video').digest();
    expect(await checkTimestampToken(token, { sha256: other })).toMatchObject({ imprintMatches: false });
    expect(await checkTimestampToken(token.slice(0, 40), { sha256: video })).toBeUndefined();
    const damaged = Uint8Array.from(token);
    damaged[damaged.length - 10] = damaged[damaged.length - 10]! ^ 0xff;
    const check = await checkTimestampToken(damaged, { sha256: video });
    expect(check === undefined || !check.signatureValid).toBe(true);
  });
});

describe('PDF dates (a signature’s /M, the signer’s own clock)', () => {
  it.each([
    ['D:20261128101015Z', '2026-11-28T10:10:15.000Z'],
    ["D:20261128191015+09'00'", '2026-11-28T10:10:15.000Z'],
    ["D:20261128051015-05'00", '2026-11-28T10:10:15.000Z'],
    ['D:2026', '2026-01-01T00:00:00.000Z'],
  ])('%s is %s', (text, iso) => expect(pdfDateToIso(text)).toBe(iso));

  it.each(['', '20261128', 'D:20xx', 'D:20261128101015Q'])('%j is not a date', (text) =>
    expect(pdfDateToIso(text)).toBeUndefined(),
  );
});

describe('limits', () => {
  it('does not inflate a stream past its cap (a small deflate bomb is refused, not expanded)', async () => {
    const { deflateSync } = await import('node:zlib');
    const bomb = Uint8Array.from(deflateSync(Buffer.alloc(17 << 20)));
    expect(bomb.length).toBeLessThan(100_000);
    await expect(inflate(bomb)).rejects.toThrow();
    const budget = { left: 1000 };
    await expect(inflate(Uint8Array.from(deflateSync(Buffer.alloc(2000))), budget)).rejects.toThrow();
    expect(await inflate(Uint8Array.from(deflateSync(Buffer.from('ok'))), budget)).toEqual(
      new TextEncoder().encode('ok'),
    );
    expect(budget.left).toBe(998);
  });
});
