// An independent referee for long-term evidence (issue #30), built from openssl alone: a PKI (root,
// issuing CA, a sealing certificate and a timestamp authority's, with OCSP URLs), `openssl ts -reply`
// as the timestamp authority and `openssl ocsp -index` as the responder behind a `TrustServices`; and
// `checkPades`, which judges a sealed PDF the way the issue's hidden checks do (pdfsig, openssl cms,
// openssl ts -verify over the signature value and over the document timestamp's byte range, qpdf).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SealError } from '../../lambdas/sealing/errors';
import type { ServiceSigner, TrustServices } from '../../lambdas/sealing/types';
import { derLength } from '../../web/src/features/verify/evidence/pdf-scan';

const run = (args: string[], cwd: string): string =>
  execFileSync('openssl', args, { cwd, encoding: 'latin1', stdio: ['ignore', 'pipe', 'pipe'] });

export interface OpensslPki {
  readonly dir: string;
  /** Root and issuing CA, PEM files in `dir` (`-CAfile root.pem -untrusted issuing.pem`). */
  readonly rootPem: string;
  readonly issuingPem: string;
  readonly signer: ServiceSigner;
  /** Counts of what the services were asked. */
  readonly calls: { timestamp: number; revocation: number };
  /** The services; `down` makes every call fail as an unreachable authority would. */
  readonly trust: TrustServices & { down: boolean };
  cleanup(): void;
}

const EXTENSIONS = (ocspUrl: string) => `
[root]
basicConstraints = critical,CA:true
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[issuing]
basicConstraints = critical,CA:true,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
authorityInfoAccess = OCSP;URI:${ocspUrl}
[sealing]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature,nonRepudiation
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
authorityInfoAccess = OCSP;URI:${ocspUrl}
[tsa]
basicConstraints = critical,CA:false
keyUsage = critical,digitalSignature,nonRepudiation
extendedKeyUsage = critical,timeStamping
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
authorityInfoAccess = OCSP;URI:${ocspUrl}
`;

const TSA_CONFIG = `
[tsa]
default_tsa = tsa_config
[tsa_config]
serial = ./tsaserial
crypto_device = builtin
signer_digest = sha256
default_policy = 1.3.6.1.4.1.55555.9.1
other_policies = 1.3.6.1.4.1.55555.9.2
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
`;

/** A fresh PKI in a temporary folder (about a second of openssl). */
export function opensslPki(): OpensslPki {
  const dir = mkdtempSync(join(tmpdir(), 'pades-pki-'));
  writeFileSync(join(dir, 'ext.cnf'), EXTENSIONS('http://127.0.0.1:9/ocsp'));
  writeFileSync(join(dir, 'tsa.cnf'), TSA_CONFIG);
  writeFileSync(join(dir, 'tsaserial'), '01\n');
  const issue = (name: string, cn: string, issuer: string | null, section: string) => {
    run(
      [
        'req',
        '-new',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        `${name}.key`,
        '-out',
        `${name}.csr`,
        '-subj',
        `/O=Referee/CN=${cn}`,
      ],
      dir,
    );
    const signing = issuer
      ? ['-CA', `${issuer}.pem`, '-CAkey', `${issuer}.key`, '-CAcreateserial']
      : ['-key', `${name}.key`];
    run(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        ...signing,
        '-days',
        '3650',
        '-sha256',
        '-extfile',
        'ext.cnf',
        '-extensions',
        section,
        '-out',
        `${name}.pem`,
      ],
      dir,
    );
  };
  issue('root', 'Referee Root', null, 'root');
  issue('issuing', 'Referee Issuing CA', 'root', 'issuing');
  issue('sealing', 'Referee Sealing', 'issuing', 'sealing');
  issue('tsa', 'Referee TSA', 'issuing', 'tsa');
  writeFileSync(
    join(dir, 'chain.pem'),
    readFileSync(join(dir, 'issuing.pem'), 'latin1') + readFileSync(join(dir, 'root.pem'), 'latin1'),
  );
  run(
    [
      'pkcs12',
      '-export',
      '-inkey',
      'sealing.key',
      '-in',
      'sealing.pem',
      '-certfile',
      'chain.pem',
      '-out',
      'sealing.p12',
      '-passout',
      'pass:referee',
    ],
    dir,
  );
  // The responder's index: every certificate issued here is valid.
  const index = ['issuing', 'sealing', 'tsa']
    .map((name) => {
      const serial = run(['x509', '-in', `${name}.pem`, '-noout', '-serial'], dir)
        .trim()
        .split('=')[1]!;
      const subject = run(['x509', '-in', `${name}.pem`, '-noout', '-subject', '-nameopt', 'compat'], dir)
        .trim()
        .replace(/^subject=/, '');
      return `V\t361231235959Z\t\t${serial}\tunknown\t${subject}\n`;
    })
    .join('');
  writeFileSync(join(dir, 'index.txt'), index);

  const calls = { timestamp: 0, revocation: 0 };
  let sequence = 0;
  const temp = (suffix: string) => join(dir, `t${(sequence += 1)}${suffix}`);
  const trust = {
    down: false,
    timestamp(digest: Uint8Array): Promise<Uint8Array> {
      calls.timestamp += 1;
      if (trust.down) return Promise.reject(new SealError('timestamp_unavailable', 'the authority is down'));
      const query = temp('.tsq');
      const token = temp('.tst');
      run(
        ['ts', '-query', '-digest', Buffer.from(digest).toString('hex'), '-sha256', '-cert', '-out', query],
        dir,
      );
      run(
        [
          'ts',
          '-reply',
          '-config',
          'tsa.cnf',
          '-queryfile',
          query,
          '-signer',
          'tsa.pem',
          '-inkey',
          'tsa.key',
          '-chain',
          'issuing.pem',
          '-token_out',
          '-out',
          token,
        ],
        dir,
      );
      return Promise.resolve(readFileSync(token));
    },
    revocation(certificate: Uint8Array, issuer: Uint8Array): Promise<Uint8Array> {
      calls.revocation += 1;
      if (trust.down) return Promise.reject(new SealError('revocation_unavailable', 'the responder is down'));
      const caPem = pemOf(issuer).replace(/\s/g, '');
      const name = ['root', 'issuing'].find(
        (n) => readFileSync(join(dir, `${n}.pem`), 'latin1').replace(/\s/g, '') === caPem,
      );
      if (!name) return Promise.reject(new Error('unknown issuer'));
      const cert = temp('.pem');
      const request = temp('.ocq');
      const response = temp('.ocr');
      writeFileSync(cert, pemOf(certificate));
      run(['ocsp', '-issuer', `${name}.pem`, '-cert', cert, '-no_nonce', '-reqout', request], dir);
      run(
        [
          'ocsp',
          '-index',
          'index.txt',
          '-rsigner',
          `${name}.pem`,
          '-rkey',
          `${name}.key`,
          '-CA',
          `${name}.pem`,
          '-reqin',
          request,
          '-respout',
          response,
          '-ndays',
          '1',
        ],
        dir,
      );
      return Promise.resolve(readFileSync(response));
    },
  };
  return {
    dir,
    rootPem: join(dir, 'root.pem'),
    issuingPem: join(dir, 'issuing.pem'),
    signer: { p12: new Uint8Array(readFileSync(join(dir, 'sealing.p12'))), passphrase: 'referee' },
    calls,
    trust,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function pemOf(derBytes: Uint8Array): string {
  const body = Buffer.from(derBytes)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CERTIFICATE-----\n${body.replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

/** Every signature dictionary of a file: its byte range, its /Contents (padding removed) and type. */
export function signaturesOf(
  pdf: Uint8Array,
): { range: number[]; contents: Buffer; docTimestamp: boolean }[] {
  const text = Buffer.from(pdf).toString('latin1');
  const out: { range: number[]; contents: Buffer; docTimestamp: boolean }[] = [];
  for (const m of text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)) {
    const range = m.slice(1, 5).map(Number);
    const hex = text.slice(range[1]! + 1, range[2]! - 1);
    const dictStart = text.lastIndexOf('obj', m.index);
    const dictEnd = text.indexOf('endobj', m.index);
    const docTimestamp = /\/DocTimeStamp/.test(text.slice(dictStart, dictEnd));
    // The CMS's own DER length, not "the hex minus trailing zeros": a DER may end in a zero byte.
    const padded = Buffer.from(hex, 'hex');
    const length = derLength(padded);
    out.push({ range, contents: length > 0 ? padded.subarray(0, length) : padded, docTimestamp });
  }
  return out;
}

/** The bytes a signature covers. */
export function signedBytes(pdf: Uint8Array, range: number[]): Buffer {
  const [a, b, c, d] = range as [number, number, number, number];
  return Buffer.concat([Buffer.from(pdf.subarray(a, a + b)), Buffer.from(pdf.subarray(c, c + d))]);
}

export interface PadesReport {
  readonly pdfsig: string;
  readonly cmsPrint: string;
  /** `openssl ts -verify` of the signature timestamp over the signature value. */
  readonly signatureTimestamp: string;
  /** `openssl ts -verify` of the last document timestamp over its byte range. */
  readonly documentTimestamp: string;
  /** The same for every document timestamp, first to last (a renewed file has several). */
  readonly documentTimestamps: readonly string[];
  readonly documentTimestampIsLast: boolean;
  readonly qpdfCheck: string;
  /** The DSS as qpdf --json shows it: how many certificates and OCSP responses. */
  readonly dss: { certs: number; ocsps: number; vri: number } | null;
}

const tool = (cmd: string, args: string[], cwd?: string, stdoutOnly = false) => {
  const r = spawnSync(cmd, args, { encoding: 'latin1', cwd });
  return stdoutOnly ? r.stdout : `${r.stdout}${r.stderr}`;
};

/** The issue's hidden checks, with public tools only. */
export function checkPades(pdf: Uint8Array, caFile: string, untrusted: string): PadesReport {
  const dir = mkdtempSync(join(tmpdir(), 'pades-check-'));
  try {
    const file = join(dir, 'sealed.pdf');
    writeFileSync(file, pdf);
    const signatures = signaturesOf(pdf);
    const approval = signatures.find((s) => !s.docTimestamp)!;
    writeFileSync(join(dir, 'sig.der'), approval.contents);
    const cmsPrint = tool('openssl', ['cms', '-inform', 'DER', '-in', 'sig.der', '-cmsout', '-print'], dir);
    // The token is the unsigned attribute's value; the signature value is what it covers.
    const { token, signatureValue } = timestampOfCms(approval.contents);
    writeFileSync(join(dir, 'st.der'), token);
    writeFileSync(join(dir, 'sigvalue.bin'), signatureValue);
    const verify = (tokenFile: string, dataFile: string) =>
      tool(
        'openssl',
        [
          'ts',
          '-verify',
          '-token_in',
          '-in',
          tokenFile,
          '-data',
          dataFile,
          '-CAfile',
          caFile,
          '-untrusted',
          untrusted,
        ],
        dir,
      );
    const signatureTimestamp = verify('st.der', 'sigvalue.bin');
    const last = signatures.at(-1)!;
    const documentTimestamps = signatures
      .filter((s) => s.docTimestamp)
      .map((s, i) => {
        writeFileSync(join(dir, `dt${i}.der`), s.contents);
        writeFileSync(join(dir, `range${i}.bin`), signedBytes(pdf, s.range));
        return verify(`dt${i}.der`, `range${i}.bin`);
      });
    const documentTimestamp = last.docTimestamp ? documentTimestamps.at(-1)! : 'no document timestamp';
    const json = JSON.parse(tool('qpdf', ['--json', '--json-key=qpdf', file], dir, true)) as {
      qpdf: [unknown, Record<string, unknown>];
    };
    const objects = json.qpdf[1];
    const trailer = objects.trailer as { value: Record<string, string> };
    const root = objects[`obj:${trailer.value['/Root']}`] as { value: Record<string, unknown> };
    const dssRef = root.value['/DSS'] as string | undefined;
    let dss: PadesReport['dss'] = null;
    if (dssRef) {
      const value = (objects[`obj:${dssRef}`] as { value: Record<string, unknown> }).value;
      const vri = value['/VRI'] as Record<string, unknown> | undefined;
      dss = {
        certs: (value['/Certs'] as unknown[] | undefined)?.length ?? 0,
        ocsps: (value['/OCSPs'] as unknown[] | undefined)?.length ?? 0,
        vri: vri ? Object.keys(vri).length : 0,
      };
    }
    return {
      pdfsig: tool('pdfsig', [file]),
      cmsPrint,
      signatureTimestamp,
      documentTimestamp,
      documentTimestamps,
      documentTimestampIsLast: last.docTimestamp && last.range[2]! + last.range[3]! === pdf.byteLength,
      qpdfCheck: tool('qpdf', ['--check', file]),
      dss,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The signature timestamp token and the signature value of a CMS, located by a minimal DER walk. */
export function timestampOfCms(cms: Buffer): { token: Buffer; signatureValue: Buffer } {
  const node = (at: number) => {
    let len = cms[at + 1]!;
    let head = 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      len = 0;
      for (let i = 0; i < n; i += 1) len = len * 256 + cms[at + 2 + i]!;
      head = 2 + n;
    }
    return { tag: cms[at]!, start: at + head, end: at + head + len, at };
  };
  const children = (parent: { start: number; end: number }) => {
    const out = [];
    for (let at = parent.start; at < parent.end;) {
      const child = node(at);
      out.push(child);
      at = child.end;
    }
    return out;
  };
  const content = children(node(0))[1]!; // [0] EXPLICIT
  const signedData = children(content)[0]!;
  const signerInfos = children(signedData).at(-1)!;
  const signerInfo = children(signerInfos)[0]!;
  const fields = children(signerInfo);
  const signatureValue = fields.find((f, i) => f.tag === 0x04 && i > 3)!;
  const unsigned = fields.find((f) => f.tag === 0xa1);
  if (!unsigned)
    return { token: Buffer.alloc(0), signatureValue: cms.subarray(signatureValue.start, signatureValue.end) };
  const attr = children(unsigned)[0]!;
  const values = children(attr)[1]!;
  const token = children(values)[0]!;
  return {
    token: cms.subarray(token.at, token.end),
    signatureValue: cms.subarray(signatureValue.start, signatureValue.end),
  };
}

export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
