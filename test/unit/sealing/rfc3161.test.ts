// RFC 3161 (issue #30): our TimeStampReq is answered by `openssl ts -reply`, the token we keep is one
// `openssl ts -verify` accepts, and every bad answer (refused, tampered, another digest or nonce, a
// signer that is not a timestamping certificate) is refused with `timestamp_unavailable`.
import { createHash, randomBytes } from 'node:crypto';
import { der, fromDer, int, seq } from '../../../lambdas/sealing/der';
import { SealError } from '../../../lambdas/sealing/errors';
import {
  timestampInfo,
  timestampRequest,
  tokenFromResponse,
  verifyTimestampToken,
} from '../../../lambdas/sealing/rfc3161';
import { makePki, read, type Pki } from './trust-fixtures';

let pki: Pki;
const digest = createHash('sha256').update('the signature value').digest();
// Fixed, with a leading 0 nibble: openssl prints it as "0x05…" (a random nonce made this case 1 run in 16).
const nonce = Buffer.from('0509008568bc8106', 'hex');
let request: Buffer;
let response: Buffer;
let token: Buffer;

beforeAll(() => {
  pki = makePki();
  request = timestampRequest(digest, nonce);
  response = pki.tsReply(request);
  token = tokenFromResponse(response, { digest, nonce });
});

afterAll(() => pki.cleanup());

/** A granted TimeStampResp around `token`. */
const granted = (tokenDer: Uint8Array) => der(seq([seq([int(0)]), fromDer(tokenDer)]));

function refusal(run: () => unknown): SealError {
  try {
    run();
  } catch (error) {
    if (error instanceof SealError) return error;
    throw error;
  }
  throw new Error('the answer was accepted');
}

/** Whether `openssl ts -verify` accepts `tokenDer` as a timestamp of `hex`. */
function opensslAccepts(tokenDer: Uint8Array, hex = digest.toString('hex')): boolean {
  const file = pki.write('check.der', tokenDer);
  try {
    const out = pki.openssl([
      'ts',
      '-verify',
      '-token_in',
      '-in',
      file,
      '-digest',
      hex,
      '-CAfile',
      pki.caPem,
    ]);
    return out.toString().includes('Verification: OK');
  } catch {
    return false;
  }
}

describe('the timestamp request', () => {
  it('is a v1 request openssl reads: SHA-256 imprint, our nonce, certReq, no policy', () => {
    const text = pki.openssl(['ts', '-query', '-in', pki.write('q.tsq', request), '-text']).toString();

    expect(text).toMatch(/Version: 1/);
    expect(text).toMatch(/Hash Algorithm: sha256/);
    // The first eight bytes of the imprint, as openssl's hex dump prints them.
    expect(text).toContain([...digest.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' '));
    expect(text).toMatch(/Policy OID: unspecified/);
    // openssl prints the INTEGER's bytes, so a nonce whose first nibble is 0 keeps it ("0x05…") and a
    // high first bit gets a 00 byte in front: compare without leading zeros on both sides.
    expect(text).toMatch(new RegExp(`Nonce: 0x0*${nonce.toString('hex').replace(/^0+/, '')}\\s`, 'i'));
    expect(text).toMatch(/Certificate required: yes/);
  });

  it('gets a reply openssl itself finds consistent with the request (imprint, nonce)', () => {
    const out = pki.openssl([
      'ts',
      '-verify',
      '-in',
      pki.write('r.tsr', response),
      '-queryfile',
      pki.write('q2.tsq', request),
      '-CAfile',
      pki.caPem,
    ]);
    expect(out.toString()).toContain('Verification: OK');
  });

  it('asks only for a SHA-256 digest, with a nonce of 1 to 32 bytes', () => {
    expect(refusal(() => timestampRequest(digest.subarray(0, 20), nonce)).code).toBe('timestamp_unavailable');
    expect(refusal(() => timestampRequest(digest, new Uint8Array(0))).code).toBe('timestamp_unavailable');
    expect(refusal(() => timestampRequest(digest, new Uint8Array(33))).code).toBe('timestamp_unavailable');
    // A nonce with a high first bit stays positive (a 0 octet is added), and openssl reads it back.
    const high = Buffer.from('80000000000000ff', 'hex');
    const text = pki.openssl([
      'ts',
      '-query',
      '-in',
      pki.write('h.tsq', timestampRequest(digest, high)),
      '-text',
    ]);
    expect(text.toString()).toMatch(/Nonce: 0x80000000000000FF/i);
  });
});

describe('the token of a granted answer', () => {
  it('is what openssl ts -verify accepts for our digest, and for no other', () => {
    expect(opensslAccepts(token)).toBe(true);
    expect(opensslAccepts(token, createHash('sha256').update('other').digest('hex'))).toBe(false);
  });

  it('says when, by whom, under which policy and over what', () => {
    const info = timestampInfo(token);

    expect(Math.abs(info.genTime.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(info.serialHex).toMatch(/^[0-9a-f]+$/);
    expect(info.policy).toBe('1.3.6.1.4.1.99999.1');
    expect(info.authority).toBe('Test TSA');
    expect(info.digestAlgorithm).toBe('sha256');
    expect(info.imprint.equals(digest)).toBe(true);
    expect(info.signerCertificate.equals(pki.tsaDer)).toBe(true);
    expect(info.certificates.some((c) => c.equals(pki.caDer))).toBe(true);
    expect(verifyTimestampToken(token, digest)).toEqual(info);
  });

  it('gives each request its own serial', () => {
    const n = randomBytes(8);
    const second = tokenFromResponse(pki.tsReply(timestampRequest(digest, n)), { digest, nonce: n });
    expect(timestampInfo(second).serialHex).not.toBe(timestampInfo(token).serialHex);
  });
});

describe('a bad answer is refused like no answer', () => {
  it('when the token is over another digest or for another nonce', () => {
    const other = createHash('sha256').update('other').digest();
    expect(refusal(() => tokenFromResponse(response, { digest: other, nonce })).message).toMatch(/imprint/);
    expect(refusal(() => tokenFromResponse(response, { digest, nonce: randomBytes(8) })).message).toMatch(
      /nonce/,
    );
    expect(refusal(() => verifyTimestampToken(token, other)).code).toBe('timestamp_unavailable');
  });

  it('when a byte of the TSTInfo or of the signature is changed (openssl refuses it too)', () => {
    // genTime's seconds digit inside the TSTInfo: the messageDigest no longer matches.
    const time = timestampInfo(token).genTime.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const at = response.indexOf(Buffer.from(time, 'ascii'));
    expect(at).toBeGreaterThan(0);
    const changedTime = Buffer.from(response);
    changedTime[at + 13] = changedTime[at + 13] === 0x30 ? 0x31 : 0x30;
    const byTime = refusal(() => tokenFromResponse(changedTime, { digest, nonce }));
    expect(byTime.code).toBe('timestamp_unavailable');
    expect(byTime.message).toMatch(/messageDigest/);

    // The last byte of the answer is the signature's.
    const changedSignature = Buffer.from(response);
    changedSignature[changedSignature.length - 1]! ^= 0x01;
    const bySignature = refusal(() => tokenFromResponse(changedSignature, { digest, nonce }));
    expect(bySignature.message).toMatch(/signature does not verify/);
    expect(opensslAccepts(changedSignature.subarray(response.length - token.length))).toBe(false);
  });

  it('when the authority refuses, with its status and failure named', () => {
    const refused = pki.tsReply(request, 'sha512only');
    const error = refusal(() => tokenFromResponse(refused, { digest, nonce }));

    expect(error.code).toBe('timestamp_unavailable');
    expect(error.message).toMatch(/^the authority refused: rejection/);
    expect(error.message).toContain('badAlg');
  });

  it('when a granted answer has no token, or is not DER at all', () => {
    expect(refusal(() => tokenFromResponse(der(seq([seq([int(0)])])), { digest, nonce })).message).toMatch(
      /no token/,
    );
    expect(refusal(() => tokenFromResponse(Buffer.from('<html>busy</html>'), { digest, nonce })).code).toBe(
      'timestamp_unavailable',
    );
    expect(refusal(() => tokenFromResponse(response.subarray(0, 100), { digest, nonce })).code).toBe(
      'timestamp_unavailable',
    );
  });

  it('when the signer is not a timestamping certificate (the same TSTInfo signed by openssl cms)', () => {
    const tstInfo = pki.openssl([
      'cms',
      '-verify',
      '-noverify',
      '-inform',
      'DER',
      '-in',
      pki.write('t.der', token),
      '-out',
      pki.write('tst.der', ''),
    ]);
    expect(tstInfo).toBeDefined();
    const resign = (signer: string) => {
      pki.openssl([
        'cms',
        '-sign',
        '-binary',
        '-nodetach',
        '-nosmimecap',
        '-econtent_type',
        '1.2.840.113549.1.9.16.1.4',
        '-md',
        'sha256',
        '-in',
        'tst.der',
        '-signer',
        `${signer}.pem`,
        '-inkey',
        'other.key',
        '-outform',
        'DER',
        '-out',
        `${signer}-token.der`,
      ]);
      return read(`${pki.dir}/${signer}-token.der`);
    };
    // Control: the authority's own certificate signing the same way is accepted…
    expect(tokenFromResponse(granted(resign('tsa')), { digest, nonce }).length).toBeGreaterThan(0);
    // …a certificate without extKeyUsage timeStamping is not.
    const error = refusal(() => tokenFromResponse(granted(resign('plain')), { digest, nonce }));
    expect(error.code).toBe('timestamp_unavailable');
    expect(error.message).toMatch(/not a timestamping one/);
  });
});
