// The sealing key an operator makes with openssl (docs/deploy.md), opened by the part of node-forge
// the sealing module loads (lambdas/sealing/forge.ts), and the PDF it signs checked with pdfsig:
// OpenSSL 3's default bundle (AES-256, PBKDF2 with HMAC-SHA-256, SHA-256 MAC), a SHA-512 MAC, the
// legacy one (RC2/3DES, SHA-1 MAC), each around a certificate signed with SHA-384.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sealPdf } from '../../../lambdas/sealing/index';
import { auditData, makeOriginal, makeSignPng, stamps } from './fixtures';

const dir = mkdtempSync(join(tmpdir(), 'seal-openssl-'));
const PASS = 'operator passphrase';

beforeAll(() => {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-sha384',
      '-days',
      '30',
      '-nodes',
      '-subj',
      '/O=Operator/CN=Operator Sealing',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
      '-keyout',
      join(dir, 'seal.key'),
      '-out',
      join(dir, 'seal.crt'),
    ],
    { stdio: 'ignore' },
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function p12(name: string, extra: string[]): Uint8Array {
  const file = join(dir, `${name}.p12`);
  execFileSync('openssl', [
    'pkcs12',
    '-export',
    ...extra,
    '-inkey',
    join(dir, 'seal.key'),
    '-in',
    join(dir, 'seal.crt'),
    '-out',
    file,
    '-passout',
    `pass:${PASS}`,
  ]);
  return readFileSync(file);
}

it.each([
  ['the OpenSSL 3 default', []],
  ['a SHA-512 MAC', ['-macalg', 'sha512']],
  ['the legacy ciphers', ['-legacy']],
])(
  'seals with a bundle made by openssl pkcs12 -export (%s)',
  async (name, extra) => {
    const signer = { p12: p12(name.replace(/\W+/g, '-'), extra), passphrase: PASS };
    const original = await makeOriginal(1);
    const sealed = await sealPdf({
      original,
      stamps: stamps(1, 1, [makeSignPng(300, 100)]),
      audit: auditData(['Alice Smith'], 2),
      language: 'en',
      signer,
      signedAt: new Date('2026-11-22T10:10:00Z'),
    });
    const file = join(dir, `${name.replace(/\W+/g, '-')}.pdf`);
    writeFileSync(file, sealed.pdf);
    const report = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Operator Sealing');
  },
  30_000,
);
