// The PKCS#12 key derivations that lambdas/sealing/forge.ts computes with node's crypto in forge's
// place: byte for byte what forge's JavaScript derives, and a bundle written with them opens in OpenSSL.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge, { forgeKdf } from '../../../lambdas/sealing/forge';
import { createServiceSigner } from '../../../lambdas/sealing/index';
import { identityOf } from '../../../lambdas/sealing/cms';
import { serialHex } from '../../../lambdas/sealing/signer';

const bytes = (length: number, seed: number) =>
  Array.from({ length }, (_, i) => String.fromCharCode((i * 73 + seed * 31) & 0xff)).join('');

describe('PKCS#12 key derivation (RFC 7292 B.2) with node crypto', () => {
  const digests = ['sha1', 'sha256', 'sha384', 'sha512', 'md5'] as const;
  const passwords = [null, '', 'operator passphrase', 'pässwört', 'パスワード署名', 'x'.repeat(70)];

  it.each(digests)('derives what forge derives, for %s', (name) => {
    expect(forge.pkcs12.generateKey).not.toBe(forgeKdf.pkcs12Key); // the native one is in place
    for (const password of passwords) {
      for (const [saltLength, id, iter, n] of [
        [8, 3, 2048, 20],
        [20, 1, 1, 32],
        [16, 2, 3, 16],
        [70, 1, 5, 100],
        [0, 1, 2, 24],
      ] as const) {
        const salt = bytes(saltLength, iter);
        const md = () => forge.md[name].create();
        const native = forge.pkcs12.generateKey(password, forge.util.createBuffer(salt), id, iter, n, md());
        const js = forgeKdf.pkcs12Key(password, forge.util.createBuffer(salt), id, iter, n, md() as never);
        expect(forge.util.bytesToHex(native.bytes())).toBe(forge.util.bytesToHex(js.bytes()));
        expect(native.length()).toBe(n);
      }
    }
    // without a digest: SHA-1, as forge
    const salt = forge.util.createBuffer(bytes(8, 1));
    expect(forge.pkcs12.generateKey('pw', salt, 3, 10, 20).bytes()).toBe(
      forgeKdf.pkcs12Key('pw', forge.util.createBuffer(bytes(8, 1)), 3, 10, 20).bytes(),
    );
  });

  it('refuses fewer than one iteration, as forge', () => {
    expect(() => forge.pkcs12.generateKey('pw', forge.util.createBuffer('salt'), 1, 0, 20)).toThrow(
      'iteration count must be >= 1',
    );
  });
});

describe('PBKDF2 with node crypto', () => {
  it.each(['sha1', 'sha256', 'sha512'] as const)('derives what forge derives, for %s', (name) => {
    expect(forge.pkcs5.pbkdf2).not.toBe(forgeKdf.pbkdf2);
    for (const password of ['', 'operator passphrase', bytes(40, 3)]) {
      for (const [iter, length] of [
        [1, 16],
        [2048, 32],
        [7, 80],
      ] as const) {
        const salt = bytes(16, iter);
        const native = forge.pkcs5.pbkdf2(password, salt, iter, length, forge.md[name].create());
        const js = forgeKdf.pbkdf2(password, salt, iter, length, forge.md[name].create());
        expect(forge.util.bytesToHex(native)).toBe(forge.util.bytesToHex(js));
      }
    }
  });
});

describe('the certificate serial', () => {
  it.each([0x00, 0x01, 0x05, 0x7f, 0x80, 0xff])(
    'is 16 bytes, positive and without a leading zero byte (first random byte %i)',
    (first) => {
      const bytes = new Uint8Array(16).fill(0x33);
      bytes[0] = first;
      const hex = serialHex(bytes);
      expect(hex).toMatch(/^[0-9a-f]{32}$/);
      const lead = parseInt(hex.slice(0, 2), 16);
      expect(lead).toBeGreaterThanOrEqual(1);
      expect(lead).toBeLessThan(0x80);
      expect(hex.slice(2)).toBe('33'.repeat(15));
    },
  );
});

describe('a service signer written and opened with the native derivations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'forge-kdf-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens in OpenSSL (MAC and key bag) and in the sealing module', () => {
    const signer = createServiceSigner('SignSeal KDF Test');
    const file = join(dir, 'signer.p12');
    writeFileSync(file, signer.p12);
    const pem = execFileSync(
      'openssl',
      ['pkcs12', '-in', file, '-passin', `pass:${signer.passphrase}`, '-nodes'],
      { encoding: 'utf8' },
    );
    expect(pem).toContain('BEGIN PRIVATE KEY');
    expect(pem).toContain('subject=CN = SignSeal KDF Test');
    expect(identityOf(signer).commonName).toBe('SignSeal KDF Test');
    expect(() => identityOf({ ...signer, passphrase: 'wrong' })).toThrow('could not be opened');
  });
});
