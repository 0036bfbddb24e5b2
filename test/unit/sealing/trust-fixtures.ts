// A small PKI made with openssl for the RFC 3161 and OCSP tests (issue #30): a root CA, a timestamp
// authority (`openssl ts -reply`), an OCSP responder (`openssl ocsp -index`) and a few leaves. openssl
// is the referee: it answers our requests and verifies what our code accepts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pki {
  readonly dir: string;
  readonly caPem: string;
  readonly caDer: Buffer;
  readonly tsaDer: Buffer;
  /** A leaf whose AIA names `ocspUrl`, listed good in the responder's index. */
  readonly leafDer: Buffer;
  /** Listed revoked. */
  readonly revokedDer: Buffer;
  /** Not in the index: the responder answers unknown. */
  readonly unknownDer: Buffer;
  /** The DER of one of the fixture's certificates ('responder', 'plain' …). */
  derOf(name: string): Buffer;
  /** Runs `openssl ts -reply` over a DER TimeStampReq; `section` picks a TSA configuration. */
  tsReply(query: Uint8Array, section?: TsaSection): Buffer;
  /** Runs `openssl ocsp` as a responder over a DER OCSPRequest. */
  ocspReply(request: Uint8Array, signer?: OcspSigner, extra?: string[]): Buffer;
  /** Runs openssl, returning its stdout; throws with its stderr when it fails. */
  openssl(args: string[], input?: Uint8Array): Buffer;
  write(name: string, bytes: Uint8Array | string): string;
  cleanup(): void;
}

/** 'tsa': the good authority; 'sha512only': refuses SHA-256 requests (badAlg); 'noeku': signs with
 *  a certificate that is not a timestamping one (openssl refuses, so it is signed by `openssl cms`). */
export type TsaSection = 'tsa' | 'sha512only';
/** Who signs an OCSP answer: the CA itself, a delegated responder (ocspSigning), or a certificate the
 *  CA issued without ocspSigning. */
export type OcspSigner = 'ca' | 'responder' | 'plain';

const SUBJECTS = {
  ca: '/O=SignSeal Test/CN=Test Root CA',
  tsa: '/O=SignSeal Test/CN=Test TSA',
  plain: '/O=SignSeal Test/CN=Test Plain Signer',
  responder: '/O=SignSeal Test/CN=Test OCSP Responder',
  leaf: '/O=SignSeal Test/CN=Test Sealing',
  revoked: '/O=SignSeal Test/CN=Revoked Sealing',
  unknown: '/O=SignSeal Test/CN=Unknown Sealing',
};

export function makePki(options: { ocspUrl?: string } = {}): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'trust-pki-'));
  const path = (name: string) => join(dir, name);
  const openssl = (args: string[], input?: Uint8Array): Buffer => {
    try {
      return execFileSync('openssl', args, { cwd: dir, input, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      throw new Error(`openssl ${args.join(' ')} failed: ${stderr}`, { cause: error });
    }
  };
  const write = (name: string, bytes: Uint8Array | string) => {
    writeFileSync(path(name), bytes, { mode: 0o600 });
    return path(name);
  };
  const ocspUrl = options.ocspUrl ?? 'http://127.0.0.1:9/ocsp';

  // One key per role is what a real PKI has; two keys keep the fixture quick on busy cores (the
  // responders and leaves share one: what is tested is their certificates' extensions).
  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'ca.key']);
  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key']);
  openssl([
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-subj',
    SUBJECTS.ca,
    '-days',
    '3650',
    '-sha256',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-out',
    'ca.pem',
  ]);
  let serial = 0x1000;
  const issue = (name: keyof typeof SUBJECTS, extensions: string) => {
    serial += 1;
    write(`${name}.ext`, extensions);
    openssl(['req', '-new', '-key', 'other.key', '-subj', SUBJECTS[name], '-out', `${name}.csr`]);
    openssl([
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-set_serial',
      `0x${serial.toString(16)}`,
      '-days',
      '365',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ]);
    return serial;
  };
  const leafExt = `keyUsage=critical,digitalSignature,nonRepudiation\nauthorityInfoAccess=OCSP;URI:${ocspUrl}\n`;
  issue('tsa', 'keyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n');
  issue('plain', 'keyUsage=critical,digitalSignature\n');
  issue('responder', 'keyUsage=critical,digitalSignature\nextendedKeyUsage=OCSPSigning\n');
  const leafSerial = issue('leaf', leafExt);
  const revokedSerial = issue('revoked', leafExt);
  issue('unknown', leafExt);
  const expiry = '351231235959Z';
  write(
    'index.txt',
    `V\t${expiry}\t\t${leafSerial.toString(16).toUpperCase()}\tunknown\t${SUBJECTS.leaf}\n` +
      `R\t${expiry}\t260101000000Z,keyCompromise\t${revokedSerial.toString(16).toUpperCase()}\tunknown\t${SUBJECTS.revoked}\n`,
  );
  write('tsaserial', '01\n');
  const tsaSection = (name: string, digests: string) => `[ ${name} ]
dir = ${dir}
serial = $dir/tsaserial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/ca.pem
signer_key = $dir/other.key
signer_digest = sha256
default_policy = 1.3.6.1.4.1.99999.1
other_policies = 1.3.6.1.4.1.99999.2
digests = ${digests}
accuracy = secs:1
ordering = no
tsa_name = yes
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;
  write(
    'ts.cnf',
    `[ tsa ]\ndefault_tsa = tsa\n${tsaSection('tsa', 'sha256, sha384, sha512')}\n${tsaSection('sha512only', 'sha512')}`,
  );
  const der = (name: string) => openssl(['x509', '-in', `${name}.pem`, '-outform', 'DER']);

  return {
    dir,
    caPem: path('ca.pem'),
    caDer: der('ca'),
    tsaDer: der('tsa'),
    leafDer: der('leaf'),
    revokedDer: der('revoked'),
    unknownDer: der('unknown'),
    openssl,
    write,
    derOf: der,
    tsReply(query, section = 'tsa') {
      write('query.tsq', query);
      openssl([
        'ts',
        '-reply',
        '-config',
        'ts.cnf',
        '-section',
        section,
        '-queryfile',
        'query.tsq',
        '-out',
        'reply.tsr',
      ]);
      return readFileSync(path('reply.tsr'));
    },
    ocspReply(request, signer = 'ca', extra = []) {
      write('ocsp.req', request);
      const [cert, key] = signer === 'ca' ? ['ca.pem', 'ca.key'] : [`${signer}.pem`, 'other.key'];
      openssl([
        'ocsp',
        '-index',
        'index.txt',
        '-CA',
        'ca.pem',
        '-rsigner',
        cert,
        '-rkey',
        key,
        '-reqin',
        'ocsp.req',
        '-respout',
        'ocsp.resp',
        ...extra,
      ]);
      return readFileSync(path('ocsp.resp'));
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const read = (file: string): Buffer => readFileSync(file);
