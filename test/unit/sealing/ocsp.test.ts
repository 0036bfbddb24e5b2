// OCSP (issue #30): our request is the one openssl makes, `openssl ocsp -index` answers it, and
// checkOcspResponse judges each answer as `openssl ocsp -respin … -CAfile` would for PAdES B-LT:
// good and signed by the issuer or a delegated responder → accepted; revoked, unknown, stale, signed
// by a certificate without ocspSigning, for another certificate, tampered → revocation_unavailable.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { asn1, Class, der, seq, Type } from '../../../lambdas/sealing/der';
import { SealError } from '../../../lambdas/sealing/errors';
import { CertificateRevoked, checkOcspResponse, ocspRequest, ocspUrlOf } from '../../../lambdas/sealing/ocsp';
import { makePki, type Pki } from './trust-fixtures';

let pki: Pki;
const URL = 'http://127.0.0.1:8089/ocsp';

beforeAll(() => {
  pki = makePki({ ocspUrl: URL });
});

afterAll(() => pki.cleanup());

const DAY = 24 * 3600_000;

/** An answer from `openssl ocsp` for `certificate`, valid a day. */
function answer(certificate: Buffer, signer: 'ca' | 'responder' | 'plain' = 'ca', nonce?: Uint8Array) {
  return pki.ocspReply(ocspRequest(certificate, pki.caDer, nonce), signer, ['-ndays', '1']);
}

function refusal(run: () => unknown): SealError {
  try {
    run();
  } catch (error) {
    if (error instanceof SealError) return error;
    throw error;
  }
  throw new Error('the answer was accepted');
}

/** What openssl itself says of an answer for the good leaf, checked against the root (stdout and
 *  stderr: 'Response verify OK' goes to the latter). */
function opensslVerdict(response: Uint8Array): string {
  const run = spawnSync(
    'openssl',
    [
      'ocsp',
      '-respin',
      pki.write('verdict.der', response),
      '-CAfile',
      pki.caPem,
      '-issuer',
      pki.caPem,
      '-cert',
      `${pki.dir}/leaf.pem`,
      '-no_nonce',
    ],
    { encoding: 'utf8' },
  );
  return `${run.stdout}${run.stderr}`;
}

describe('where to ask and what', () => {
  it("reads the responder from the certificate's Authority Information Access", () => {
    expect(ocspUrlOf(pki.leafDer)).toBe(URL);
    expect(ocspUrlOf(pki.caDer)).toBeUndefined();
  });

  it('builds, without a nonce, the very request openssl builds (SHA-1 CertID of issuer name, key, serial)', () => {
    pki.openssl([
      'ocsp',
      '-issuer',
      pki.caPem,
      '-cert',
      `${pki.dir}/leaf.pem`,
      '-no_nonce',
      '-reqout',
      `${pki.dir}/theirs.req`,
    ]);
    const theirs = pki.openssl(['ocsp', '-reqin', `${pki.dir}/theirs.req`, '-req_text']).toString();
    const ours = pki
      .openssl(['ocsp', '-reqin', pki.write('ours.req', ocspRequest(pki.leafDer, pki.caDer)), '-req_text'])
      .toString();
    expect(ours).toBe(theirs);
    expect(ours).toMatch(/Hash Algorithm: sha1/);
  });

  it('adds a nonce extension openssl reads', () => {
    const nonce = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    const text = pki
      .openssl([
        'ocsp',
        '-reqin',
        pki.write('n.req', ocspRequest(pki.leafDer, pki.caDer, nonce)),
        '-req_text',
      ])
      .toString();
    expect(text).toMatch(/OCSP Nonce:\s+041000112233445566778899AABBCCDDEEFF/);
    expect(refusal(() => ocspRequest(pki.leafDer, pki.caDer, new Uint8Array(33))).code).toBe(
      'revocation_unavailable',
    );
  });

  it('refuses an issuer that is not the certificate’s', () => {
    expect(refusal(() => ocspRequest(pki.leafDer, pki.leafDer)).message).toMatch(
      /not the certificate’s issuer/,
    );
  });
});

describe('a good answer', () => {
  it('signed by the issuer itself is accepted, with its times (openssl agrees)', () => {
    const nonce = randomBytes(16);
    const response = answer(pki.leafDer, 'ca', nonce);
    const status = checkOcspResponse(response, pki.leafDer, pki.caDer, new Date(), nonce);

    expect(Math.abs(status.thisUpdate.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(status.nextUpdate!.getTime() - status.thisUpdate.getTime()).toBe(DAY);
    expect(Math.abs(status.producedAt.getTime() - status.thisUpdate.getTime())).toBeLessThan(60_000);
    const verdict = opensslVerdict(response);
    expect(verdict).toMatch(/Response verify OK/);
    expect(verdict).toMatch(/leaf\.pem: good/);
  });

  it('signed by a responder the issuer delegated (extKeyUsage ocspSigning) is accepted', () => {
    const response = answer(pki.leafDer, 'responder');
    const status = checkOcspResponse(response, pki.leafDer, pki.caDer, new Date());

    expect(status.responderCertificates.length).toBeGreaterThan(0);
    expect(status.responderCertificates).toContainEqual(pki.derOf('responder'));
    expect(opensslVerdict(response)).toMatch(/Response verify OK/);
  });

  it('without our nonce echoed is tolerated (responders often drop it); with another nonce it is not', () => {
    const plain = answer(pki.leafDer); // asked without a nonce: none comes back
    expect(
      checkOcspResponse(plain, pki.leafDer, pki.caDer, new Date(), randomBytes(16)).thisUpdate,
    ).toBeInstanceOf(Date);
    const withNonce = answer(pki.leafDer, 'ca', randomBytes(16));
    expect(
      refusal(() => checkOcspResponse(withNonce, pki.leafDer, pki.caDer, new Date(), randomBytes(16)))
        .message,
    ).toMatch(/nonce is not ours/);
  });

  it('is judged by the clock given: fresh within 5 minutes of skew, stale after nextUpdate', () => {
    const response = answer(pki.leafDer);
    const { thisUpdate, nextUpdate } = checkOcspResponse(response, pki.leafDer, pki.caDer, new Date());

    expect(() =>
      checkOcspResponse(response, pki.leafDer, pki.caDer, new Date(thisUpdate.getTime() - 4 * 60_000)),
    ).not.toThrow();
    expect(
      refusal(() =>
        checkOcspResponse(response, pki.leafDer, pki.caDer, new Date(thisUpdate.getTime() - 6 * 60_000)),
      ).message,
    ).toMatch(/thisUpdate is in the future/);
    expect(
      refusal(() =>
        checkOcspResponse(response, pki.leafDer, pki.caDer, new Date(nextUpdate!.getTime() + 1000)),
      ).message,
    ).toMatch(/stale/);
  });
});

describe('anything else is refused with revocation_unavailable', () => {
  it('a revoked certificate, saying so (and when), as a definite answer', () => {
    const error = refusal(() =>
      checkOcspResponse(answer(pki.revokedDer), pki.revokedDer, pki.caDer, new Date()),
    );

    expect(error.code).toBe('revocation_unavailable');
    expect(error.message).toMatch(
      /^the certificate [0-9a-f]+ is revoked \(since 2026-01-01T00:00:00\.000Z, keyCompromise\)$/,
    );
    expect(error.cause).toBeInstanceOf(CertificateRevoked);
  });

  it('a certificate the responder does not know', () => {
    const error = refusal(() =>
      checkOcspResponse(answer(pki.unknownDer), pki.unknownDer, pki.caDer, new Date()),
    );
    expect(error.code).toBe('revocation_unavailable');
    expect(error.message).toMatch(/unknown/);
  });

  it('an answer signed by a certificate the issuer issued without ocspSigning', () => {
    const response = answer(pki.leafDer, 'plain');
    const error = refusal(() => checkOcspResponse(response, pki.leafDer, pki.caDer, new Date()));

    expect(error.code).toBe('revocation_unavailable');
    expect(error.message).toMatch(/did not delegate OCSP/);
    expect(opensslVerdict(response)).not.toMatch(/Response verify OK/);
  });

  it("another certificate's answer", () => {
    const error = refusal(() =>
      checkOcspResponse(answer(pki.leafDer), pki.unknownDer, pki.caDer, new Date()),
    );
    expect(error.message).toMatch(/not about this certificate/);
  });

  it('a tampered answer (one digit of producedAt changed)', () => {
    const response = answer(pki.leafDer);
    const { producedAt } = checkOcspResponse(response, pki.leafDer, pki.caDer, new Date());
    const text = producedAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const at = response.indexOf(Buffer.from(text, 'ascii'));
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(response);
    changed[at + 13] = changed[at + 13] === 0x30 ? 0x31 : 0x30;
    expect(refusal(() => checkOcspResponse(changed, pki.leafDer, pki.caDer, new Date())).message).toMatch(
      /signature does not verify/,
    );
    expect(opensslVerdict(changed)).not.toMatch(/Response verify OK/);
  });

  it.each([
    ['tryLater', 3],
    ['unauthorized', 6],
    ['internalError', 2],
  ])('a responder that answers %s', (name, code) => {
    const status = der(
      seq([asn1.create(Class.UNIVERSAL, Type.ENUMERATED, false, String.fromCharCode(code))]),
    );
    expect(refusal(() => checkOcspResponse(status, pki.leafDer, pki.caDer, new Date())).message).toBe(
      `the responder refused: ${name}`,
    );
  });

  it('bytes that are not an OCSP answer', () => {
    for (const bytes of [
      Buffer.from('<html>502</html>'),
      Buffer.alloc(0),
      answer(pki.leafDer).subarray(0, 60),
    ])
      expect(refusal(() => checkOcspResponse(bytes, pki.leafDer, pki.caDer, new Date())).code).toBe(
        'revocation_unavailable',
      );
  });
});
