// The blockchain certificate PDF and the service signer's identity.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { certificatePdf, createServiceSigner, type CertificateInput } from '../../../lambdas/sealing/index';

const dir = mkdtempSync(join(tmpdir(), 'seal-cert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(pdf: Uint8Array, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, pdf);
  return file;
}

const certificate: CertificateInput = {
  language: 'ko',
  title: '업무 위탁 계약서',
  shortNumber: 'AB12',
  completedAt: '2026-11-22 10:05:00',
  parties: [
    { name: '김민수', maskedContact: '010-****-1234', signedAt: '2026-11-22 10:05:00' },
    { name: '山田 花子', maskedContact: 'h***@example.com', signedAt: '2026-11-22 10:04:00' },
  ],
  finalSha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  originalSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  tokenId: '1234567',
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  chainId: 1337,
  chainName: 'Local chain',
  transactionHash: '0x8a3b1f0d6c4e2a79b5d3c1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0',
  anchoredAt: '2026-11-22 10:06:00',
  verifyUrl: 'https://signseal.example/ko/verify/0f8e2d4c-ab12-4c1e-9d7a-5b6c7d8e9f00',
};

describe('certificatePdf', () => {
  it('lists every agreement video’s token (whose, hash, token id, transaction) after the document’s', async () => {
    const videos = [
      { recipient: '김민수', sha256: '1'.repeat(64), tokenId: '41', transactionHash: '0x' + 'a'.repeat(64) },
      {
        recipient: '山田 花子',
        sha256: '2'.repeat(64),
        tokenId: '42',
        transactionHash: '0x' + 'b'.repeat(64),
      },
    ];
    const pdf = await certificatePdf({ ...certificate, videos });
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', write(pdf, 'videos.pdf'), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, ' ');
    expect(text).toContain('동의 영상');
    expect(text).toContain('김민수 님의 영상');
    expect(text).toContain('山田 花子 님의 영상');
    for (const v of videos) {
      expect(text).toContain(v.sha256);
      expect(text).toContain(v.transactionHash);
    }
    expect(text).toMatch(/토큰 ID 41/);
    expect(text).toMatch(/토큰 ID 42/);
    expect(text.indexOf(certificate.tokenId)).toBeLessThan(text.indexOf('동의 영상'));
  });

  it('shows the token id, both hashes, the contract, the chain and the transaction, labelled in Korean', async () => {
    const pdf = await certificatePdf(certificate);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', write(pdf, 'ko.pdf'), '-'], {
      encoding: 'utf8',
    });
    for (const value of [
      certificate.tokenId,
      certificate.finalSha256,
      certificate.originalSha256,
      certificate.contractAddress,
      certificate.transactionHash,
      certificate.title,
      '김민수',
      '山田 花子',
      'Local chain',
    ]) {
      expect(text).toContain(value);
    }
    expect(text).toContain('블록체인 인증서');
    expect(text).toContain('토큰 ID');
    expect(text).toContain('트랜잭션 해시');
    const pages = execFileSync('pdfinfo', [write(pdf, 'info.pdf')], { encoding: 'utf8' });
    expect(pages).toMatch(/Pages:\s+1\n/);
  });

  it('is signed with the service certificate when a signer is given', async () => {
    const signer = createServiceSigner('SignSeal Certificates');
    const pdf = await certificatePdf({
      ...certificate,
      language: 'en',
      signer,
      signedAt: new Date('2026-11-22T10:06:00Z'),
    });
    const report = spawnSync('pdfsig', [write(pdf, 'signed.pdf')], { encoding: 'utf8' }).stdout;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: SignSeal Certificates');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', write(pdf, 'en.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(text).toContain('Blockchain certificate');
  });
});

describe('createServiceSigner', () => {
  it('gives a PKCS#12 bundle that opens with its passphrase and holds a ten-year signing certificate', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const { p12, passphrase } = createServiceSigner('SignSeal Local Sealing', now);
    expect(passphrase.length).toBeGreaterThanOrEqual(24);
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
    const bundle = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
    const certBag = forge.pki.oids.certBag as string;
    const keyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
    const cert = bundle.getBags({ bagType: certBag })[certBag]![0]!.cert!;
    expect(bundle.getBags({ bagType: keyBag })[keyBag]).toHaveLength(1);
    expect(cert.subject.getField('CN').value).toBe('SignSeal Local Sealing');
    expect(cert.validity.notAfter.getUTCFullYear()).toBe(2036);
    const keyUsage = cert.getExtension('keyUsage') as {
      digitalSignature?: boolean;
      nonRepudiation?: boolean;
    };
    expect(keyUsage).toMatchObject({ digitalSignature: true, nonRepudiation: true });
    expect((cert.publicKey as forge.pki.rsa.PublicKey).n.bitLength()).toBe(2048);
  });

  it('refuses a wrong passphrase', () => {
    const { p12 } = createServiceSigner('SignSeal');
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
    expect(() => forge.pkcs12.pkcs12FromAsn1(asn1, false, 'wrong')).toThrow();
  });
});
