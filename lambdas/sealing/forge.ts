// The part of node-forge the sealing module uses, instead of `import forge from 'node-forge'`, whose
// index loads every module (TLS, PKCS#7, SSH, Ed25519, ciphers suites…: ~300 KB minified in the seal
// and anchor bundles). Each `lib/*.js` file registers itself on the shared `forge` object:
// - `pki` brings x509 (certificates), pkcs12 (open and write bundles), rsa, pem, pbe (the bag
//   ciphers: AES, 3DES, RC2), pbkdf2, hmac, asn1, oids and util;
// - `md.all` registers every digest a PKCS#12 MAC or a certificate's signature may name (MD5, SHA-1,
//   SHA-256, SHA-384, SHA-512): forge looks them up by name, so a bundle from `openssl pkcs12` with
//   another MAC digest, or a certificate signed with SHA-384, opens as before.
//
// Opening or writing a PKCS#12 bundle derives two keys, each 2048 hashes: the MAC key (RFC 7292 B.2)
// and the key bag's cipher key (PBKDF2). forge computes both in JavaScript, ~125 ms of a fresh
// process's first seal (issue #19); they are computed here with node's crypto instead, byte for byte
// the same (test/unit/sealing/forge.test.ts), for the digests node has.
import { createHash, pbkdf2Sync } from 'node:crypto';
import forge from 'node-forge/lib/forge.js';
import 'node-forge/lib/pki.js';
import 'node-forge/lib/md.all.js';

/** forge's digests that node's crypto computes under the same name. */
const NATIVE = new Set(['md5', 'sha1', 'sha256', 'sha384', 'sha512']);

type Digest = forge.md.MessageDigest & { algorithm: string; blockLength: number; digestLength: number };
type Pbkdf2 = (p: string, s: string, c: number, dkLen: number, md?: unknown, callback?: unknown) => string;
type Pkcs12Key = (
  password: string | null | undefined,
  salt: forge.util.ByteStringBuffer,
  id: number,
  iter: number,
  n: number,
  md?: Digest,
) => forge.util.ByteStringBuffer;

const pbe = (forge as unknown as { pbe: { generatePkcs12Key: Pkcs12Key } }).pbe;
const pkcs12 = forge.pkcs12 as unknown as { generateKey: Pkcs12Key };
const pkcs5 = forge.pkcs5 as unknown as { pbkdf2: Pbkdf2 };

/** forge's own JavaScript derivations, for the tests that compare. */
export const forgeKdf = { pbkdf2: pkcs5.pbkdf2, pkcs12Key: pbe.generatePkcs12Key };

/** Each byte of a binary string, as forge reads it; undefined when a character is not one byte. */
function binary(text: string): Buffer | undefined {
  return /^[\0-\xff]*$/.test(text) ? Buffer.from(text, 'latin1') : undefined;
}

/** PBKDF2 (RFC 8018) with forge's arguments: binary strings in and out, the PRF as a forge digest. */
const pbkdf2: Pbkdf2 = (p, s, c, dkLen, md, callback) => {
  const algorithm = md === undefined || md === null ? 'sha1' : (md as Partial<Digest>).algorithm;
  const password = binary(p);
  const salt = binary(s);
  if (callback || !algorithm || !NATIVE.has(algorithm) || !password || !salt || !(c >= 1))
    return forgeKdf.pbkdf2(p, s, c, dkLen, md, callback);
  return pbkdf2Sync(password, salt, c, dkLen, algorithm).toString('latin1');
};

/** Repeats `bytes` to `length` bytes (the last copy cut short); empty for no bytes. */
function repeatTo(bytes: Buffer, block: number): Buffer {
  const length = block * Math.ceil(bytes.length / block);
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i += bytes.length) bytes.copy(out, i, 0, Math.min(bytes.length, length - i));
  return out;
}

/** The PKCS#12 key derivation (RFC 7292 appendix B.2), as forge's `generatePkcs12Key`. */
const pkcs12Key: Pkcs12Key = (password, salt, id, iter, n, md) => {
  const algorithm = md ? md.algorithm : 'sha1';
  if (!NATIVE.has(algorithm) || !(iter >= 1)) return forgeKdf.pkcs12Key(password, salt, id, iter, n, md);
  const u = md ? md.digestLength : 20;
  const v = md ? md.blockLength : 64;
  // the password as UTF-16BE with a terminating zero (BMPString), none at all when there is none
  let pass = Buffer.alloc(0);
  if (password !== null && password !== undefined) {
    pass = Buffer.alloc(2 * password.length + 2);
    for (let i = 0; i < password.length; i += 1) pass.writeUInt16BE(password.charCodeAt(i), 2 * i);
  }
  const diversifier = Buffer.alloc(v, id);
  const input = Buffer.concat([repeatTo(Buffer.from(salt.bytes(), 'latin1'), v), repeatTo(pass, v)]);
  const blocks: Buffer[] = [];
  for (let done = 0; done < n; done += u) {
    let a = createHash(algorithm).update(diversifier).update(input).digest();
    for (let round = 1; round < iter; round += 1) a = createHash(algorithm).update(a).digest();
    blocks.push(a);
    // I_j = (I_j + B + 1) mod 2^(8v) for each v-byte block of I, B being A repeated to v bytes
    for (let j = 0; j < input.length; j += v) {
      let carry = 1;
      for (let l = v - 1; l >= 0; l -= 1) {
        carry += input[j + l]! + a[l % u]!;
        input[j + l] = carry & 0xff;
        carry >>= 8;
      }
    }
  }
  return forge.util.createBuffer(Buffer.concat(blocks).subarray(0, n).toString('latin1'));
};

pkcs5.pbkdf2 = pbkdf2;
(forge as unknown as { pbkdf2: Pbkdf2 }).pbkdf2 = pbkdf2;
pbe.generatePkcs12Key = pkcs12Key;
pkcs12.generateKey = pkcs12Key;

export default forge;
