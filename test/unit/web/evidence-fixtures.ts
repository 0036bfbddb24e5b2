// PAdES fixtures for the verify page's evidence judge (issue #30 item 6), made with openssl as an
// independent authority: a root and an intermediate CA, a sealing certificate and a timestamp
// authority's under it, OCSP responses from `openssl ocsp -index`, RFC 3161 tokens from `openssl ts
// -reply`. The PDF is signed by the sealing module's own signPdf (B-B, or B-T with the token as the
// unsigned attribute); the DSS and the document timestamp are incremental updates written here by
// hand (an object stream for the DSS dictionary and the catalog, as pdf-lib writes, and a
// cross-reference stream), so the judge is tested against the standards, not against our sealer.
import { execFileSync } from 'node:child_process';
import { createHash, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRef, StandardFonts } from 'pdf-lib';
import { attribute } from '../../../lambdas/sealing/cms';
import { fromDer, OID } from '../../../lambdas/sealing/der';
import { addSignaturePlaceholder, signPdf } from '../../../lambdas/sealing/signer';
import type { SealingKey } from '../../../lambdas/sealing/types';

export interface Pki {
  readonly dir: string;
  readonly key: SealingKey;
  /** DER certificates. */
  readonly root: Uint8Array;
  readonly intermediate: Uint8Array;
  readonly signer: Uint8Array;
  readonly tsa: Uint8Array;
  /** DER OCSP responses (status good) for the intermediate, the sealing and the TSA certificate. */
  readonly ocsp: { readonly intermediate: Uint8Array; readonly signer: Uint8Array; readonly tsa: Uint8Array };
  /** An RFC 3161 token (DER ContentInfo) over this SHA-256. */
  timestamp(sha256: Uint8Array): Uint8Array;
  /** The intermediate CA's DER CRL, listing the TSA certificate as revoked or not. */
  crl(tsaRevoked: boolean): Uint8Array;
  cleanup(): void;
}

const run = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

function issue(dir: string, name: string, subject: string, ca: string, serial: string, ext: string): void {
  writeFileSync(join(dir, `${name}.ext`), ext);
  run(dir, [
    'req',
    '-new',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-subj',
    subject,
    '-out',
    `${name}.csr`,
  ]);
  run(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.pem`,
    '-CAkey',
    `${ca}.key`,
    '-set_serial',
    `0x${serial}`,
    '-days',
    '3650',
    '-sha256',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.pem`,
  ]);
}

const derOf = (dir: string, name: string) =>
  Uint8Array.from(run(dir, ['x509', '-in', `${name}.pem`, '-outform', 'DER']));

function ocsp(dir: string, cert: string, issuer: string, index: string): Uint8Array {
  run(dir, [
    'ocsp',
    '-issuer',
    `${issuer}.pem`,
    '-cert',
    `${cert}.pem`,
    '-no_nonce',
    '-reqout',
    `${cert}.req`,
  ]);
  run(dir, [
    'ocsp',
    '-index',
    index,
    '-rsigner',
    `${issuer}.pem`,
    '-rkey',
    `${issuer}.key`,
    '-CA',
    `${issuer}.pem`,
    '-reqin',
    `${cert}.req`,
    '-respout',
    `${cert}.ocsp`,
    '-ndays',
    '7',
  ]);
  return Uint8Array.from(readFileSync(join(dir, `${cert}.ocsp`)));
}

/** A fresh PKI in a temporary directory (about a second of key generation). */
export function makePki(): Pki {
  const dir = mkdtempSync(join(tmpdir(), 'evidence-pki-'));
  run(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '3650',
    '-subj',
    '/O=Evidence Test/CN=Evidence Test Root CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  const caExt = 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign,digitalSignature\n';
  issue(dir, 'intermediate', '/O=Evidence Test/CN=Evidence Test Intermediate CA', 'root', '1001', caExt);
  issue(
    dir,
    'signer',
    '/O=Evidence Test/CN=Evidence Test Sealing',
    'intermediate',
    '2001',
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n',
  );
  issue(
    dir,
    'tsa',
    '/O=Evidence Test/CN=Evidence Test TSA',
    'intermediate',
    '2002',
    'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n',
  );
  const line = (serial: string, subject: string) => `V\t351231235959Z\t\t${serial}\tunknown\t${subject}\n`;
  writeFileSync(join(dir, 'root.idx'), line('1001', '/O=Evidence Test/CN=Evidence Test Intermediate CA'));
  writeFileSync(
    join(dir, 'intermediate.idx'),
    line('2001', '/O=Evidence Test/CN=Evidence Test Sealing') +
      line('2002', '/O=Evidence Test/CN=Evidence Test TSA'),
  );
  writeFileSync(
    join(dir, 'chain.pem'),
    readFileSync(join(dir, 'intermediate.pem')) + readFileSync(join(dir, 'root.pem')).toString(),
  );
  writeFileSync(join(dir, 'tsaserial'), '7A01\n');
  writeFileSync(
    join(dir, 'tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa1',
      '[ tsa1 ]',
      `serial = ${join(dir, 'tsaserial')}`,
      'crypto_device = builtin',
      `signer_cert = ${join(dir, 'tsa.pem')}`,
      `certs = ${join(dir, 'chain.pem')}`,
      `signer_key = ${join(dir, 'tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = no',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  );
  const signerPem = readFileSync(join(dir, 'signer.key'), 'utf8');
  const chain = [derOf(dir, 'signer'), derOf(dir, 'intermediate'), derOf(dir, 'root')];
  return {
    dir,
    key: { chain, sign: (data) => Promise.resolve(sign('sha256', data, signerPem)) },
    root: chain[2]!,
    intermediate: chain[1]!,
    signer: chain[0]!,
    tsa: derOf(dir, 'tsa'),
    ocsp: {
      intermediate: ocsp(dir, 'intermediate', 'root', 'root.idx'),
      signer: ocsp(dir, 'signer', 'intermediate', 'intermediate.idx'),
      tsa: ocsp(dir, 'tsa', 'intermediate', 'intermediate.idx'),
    },
    timestamp(sha256) {
      run(dir, [
        'ts',
        '-query',
        '-digest',
        Buffer.from(sha256).toString('hex'),
        '-sha256',
        '-cert',
        '-no_nonce',
        '-out',
        'q.tsq',
      ]);
      run(dir, [
        'ts',
        '-reply',
        '-config',
        'tsa.cnf',
        '-queryfile',
        'q.tsq',
        '-token_out',
        '-out',
        'token.der',
      ]);
      return Uint8Array.from(readFileSync(join(dir, 'token.der')));
    },
    crl(tsaRevoked) {
      const line = (state: string, serial: string, cn: string) =>
        `${state}\t351231235959Z\t${state === 'R' ? '261101000000Z' : ''}\t${serial}\tunknown\t/O=Evidence Test/CN=${cn}\n`;
      writeFileSync(
        join(dir, 'crl.idx'),
        line('V', '2001', 'Evidence Test Sealing') +
          line(tsaRevoked ? 'R' : 'V', '2002', 'Evidence Test TSA'),
      );
      writeFileSync(join(dir, 'crlnumber'), '01\n');
      writeFileSync(
        join(dir, 'crl.cnf'),
        [
          '[ ca ]',
          'default_ca = ica',
          '[ ica ]',
          `database = ${join(dir, 'crl.idx')}`,
          `crlnumber = ${join(dir, 'crlnumber')}`,
          'default_md = sha256',
          'default_crl_days = 7',
          '',
        ].join('\n'),
      );
      run(dir, [
        'ca',
        '-gencrl',
        '-config',
        'crl.cnf',
        '-keyfile',
        'intermediate.key',
        '-cert',
        'intermediate.pem',
        '-out',
        'crl.pem',
      ]);
      return Uint8Array.from(run(dir, ['crl', '-in', 'crl.pem', '-outform', 'DER']));
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return Uint8Array.from(hash.digest());
};

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** One incremental update: new objects (streams direct, dictionaries in an object stream or not),
 *  then a cross-reference stream naming them, /Prev the file's last one. */
function appendUpdate(
  pdf: Uint8Array,
  size: number,
  root: number,
  objects: { num: number; text?: string; stream?: { dict: string; data: Uint8Array } }[],
  inObjectStream: boolean,
): Uint8Array {
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin1(pdf))?.[1]);
  const parts: Buffer[] = [Buffer.from(pdf), Buffer.from('\n')];
  let at = pdf.length + 1;
  const offsets = new Map<number, [number, number, number]>();
  const push = (buffer: Buffer) => {
    parts.push(buffer);
    at += buffer.length;
  };
  const streamObject = (num: number, dict: string, data: Uint8Array) => {
    offsets.set(num, [1, at, 0]);
    push(Buffer.from(`${num} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'));
    push(Buffer.from(data));
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  };
  const plain = objects.filter((o) => o.text !== undefined);
  for (const o of objects) if (o.stream) streamObject(o.num, o.stream.dict, o.stream.data);
  let next = size;
  if (inObjectStream && plain.length > 0) {
    const objStm = next++;
    let body = '';
    const header: string[] = [];
    plain.forEach((o, i) => {
      header.push(`${o.num} ${body.length}`);
      body += `${o.text}\n`;
      offsets.set(o.num, [2, objStm, i]);
    });
    const head = `${header.join(' ')}\n`;
    streamObject(
      objStm,
      `/Type /ObjStm /N ${plain.length} /First ${head.length} /Filter /FlateDecode`,
      deflateSync(Buffer.from(head + body, 'latin1')),
    );
  } else {
    for (const o of plain) {
      offsets.set(o.num, [1, at, 0]);
      push(Buffer.from(`${o.num} 0 obj\n${o.text}\nendobj\n`, 'latin1'));
    }
  }
  const xref = next++;
  offsets.set(xref, [1, at, 0]);
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  const rows = Buffer.alloc(nums.length * 7);
  nums.forEach((num, i) => {
    const [type, field2, field3] = offsets.get(num)!;
    rows.writeUInt8(type, i * 7);
    rows.writeUInt32BE(field2, i * 7 + 1);
    rows.writeUInt16BE(field3, i * 7 + 5);
  });
  const index = nums.map((n) => `${n} 1`).join(' ');
  const xrefAt = at;
  push(
    Buffer.from(
      `${xref} 0 obj\n<< /Type /XRef /Size ${next} /Root ${root} 0 R /Prev ${prev} /W [1 4 2] /Index [${index}] /Length ${rows.length} >>\nstream\n`,
      'latin1',
    ),
  );
  push(rows);
  push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF`, 'latin1'));
  return Uint8Array.from(Buffer.concat(parts));
}

async function catalogOf(pdf: Uint8Array): Promise<{ root: number; size: number; catalog: PDFDict }> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const rootRef = doc.context.trailerInfo.Root as PDFRef;
  const catalog = doc.context.lookup(rootRef, PDFDict);
  // The next free number: past every object and every cross-reference stream of the file.
  const numbers = [...latin1(pdf).matchAll(/(\d+) 0 obj/g)].map((m) => Number(m[1]));
  return {
    root: rootRef.objectNumber,
    size: Math.max(doc.context.largestObjectNumber, ...numbers) + 1,
    catalog,
  };
}

export interface LtaOptions {
  /** 'B-B': no timestamp, no DSS; 'B-T': + signature timestamp; 'B-LT': + DSS; 'B-LTA': + document timestamp. */
  readonly level: 'B-B' | 'B-T' | 'B-LT' | 'B-LTA';
  /** Leave the TSA certificate's OCSP response out of the DSS. */
  readonly omitTsaOcsp?: boolean;
  /** The TSA certificate's revocation data is the intermediate's CRL instead of OCSP. */
  readonly tsaCrl?: 'good' | 'revoked';
  /** The signature timestamp is over other bytes than the signature value. */
  readonly timestampOverOther?: boolean;
  /** DSS streams compressed, DSS and catalog in an object stream (as pdf-lib writes). */
  readonly compressed?: boolean;
  /** B-LTA renewed this many times: the DSS rewritten with more data, then a new document timestamp. */
  readonly renewals?: number;
}

/** A signed one-page PDF of the requested PAdES level. */
export async function makePades(pki: Pki, options: LtaOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  page.drawText('Evidence fixture: the parties agree.', { x: 60, y: 780, size: 14, font });
  const timestamped = options.level !== 'B-B';
  addSignaturePlaceholder(
    doc,
    page,
    pki.key,
    new Date('2026-11-28T09:00:00Z'),
    'Sealed',
    'test',
    timestamped,
  );
  const unsigned = await doc.save({ updateFieldAppearances: false });
  let pdf = await signPdf(
    unsigned,
    pki.key,
    timestamped
      ? async (signatureValue) => {
          const covered = options.timestampOverOther ? new Uint8Array([1, 2, 3]) : signatureValue;
          return [attribute(OID.signatureTimeStampToken, fromDer(pki.timestamp(sha256(covered))))];
        }
      : undefined,
  );
  pdf = Uint8Array.from(pdf);
  if (options.level === 'B-B' || options.level === 'B-T') return pdf;

  // B-LT: the DSS, as an incremental update.
  const { root, size, catalog } = await catalogOf(pdf);
  let next = size;
  const compressed = options.compressed ?? true;
  const stream = (data: Uint8Array) =>
    compressed
      ? { dict: '/Filter /FlateDecode', data: Uint8Array.from(deflateSync(data)) }
      : { dict: '', data };
  const certs = [pki.signer, pki.intermediate, pki.root, pki.tsa].map((data) => ({
    num: next++,
    stream: stream(data),
  }));
  const withTsaOcsp = !options.omitTsaOcsp && !options.tsaCrl;
  const crls = options.tsaCrl ? [{ num: next++, stream: stream(pki.crl(options.tsaCrl === 'revoked')) }] : [];
  const ocsps = [pki.ocsp.signer, pki.ocsp.intermediate, ...(withTsaOcsp ? [pki.ocsp.tsa] : [])].map(
    (data) => ({ num: next++, stream: stream(data) }),
  );
  const contentsHex = /\/Contents\s*<([0-9a-fA-F]+)>/.exec(latin1(pdf))![1]!;
  const vriKey = createHash('sha1')
    .update(Buffer.from(contentsHex.replace(/(00)+$/, ''), 'hex'))
    .digest('hex')
    .toUpperCase();
  const refs = (list: { num: number }[]) => list.map((o) => `${o.num} 0 R`).join(' ');
  const dssNum = next++;
  const crlEntry = crls.length > 0 ? ` /CRLs [${refs(crls)}]` : '';
  const dss = `<< /Type /DSS /Certs [${refs(certs)}] /OCSPs [${refs(ocsps)}]${crlEntry} /VRI << /${vriKey} << /Cert [${refs(certs)}] /OCSP [${refs(ocsps)}] >> >> >>`;
  catalog.set(PDFName.of('DSS'), PDFRef.of(dssNum));
  pdf = appendUpdate(
    pdf,
    next,
    root,
    [...certs, ...ocsps, ...crls, { num: dssNum, text: dss }, { num: root, text: catalog.toString() }],
    compressed,
  );
  if (options.level === 'B-LT') return pdf;

  // B-LTA: a document timestamp over everything so far.
  pdf = await appendDocumentTimestamp(pki, pdf);
  // Archive renewals: the DSS rewritten with one more OCSP response, then another document timestamp.
  for (let round = 0; round < (options.renewals ?? 0); round += 1) {
    const now = await catalogOf(pdf);
    const fresh = { num: now.size, stream: stream(pki.ocsp.tsa) };
    const renewed = dss.replace(`/OCSPs [${refs(ocsps)}]`, `/OCSPs [${refs([...ocsps, fresh])}]`);
    pdf = appendUpdate(pdf, now.size + 1, now.root, [fresh, { num: dssNum, text: renewed }], compressed);
    pdf = await appendDocumentTimestamp(pki, pdf);
  }
  return pdf;
}

/** Appends a `/DocTimeStamp` signature over the whole file so far (ISO 32000-2 12.8.5). */
export async function appendDocumentTimestamp(pki: Pki, pdf: Uint8Array): Promise<Uint8Array> {
  const again = await catalogOf(pdf);
  const placeholder = '0'.repeat(16384);
  const rangeSlot = '/ByteRange [0 ********** ********** **********]';
  pdf = appendUpdate(
    pdf,
    again.size + 1,
    again.root,
    [
      {
        num: again.size,
        text: `<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 ${rangeSlot} /Contents <${placeholder}> >>`,
      },
    ],
    false,
  );
  const text = latin1(pdf);
  const slotAt = text.lastIndexOf(rangeSlot);
  const start = text.indexOf('<', text.indexOf('/Contents', slotAt));
  const end = text.indexOf('>', start) + 1;
  const range = `/ByteRange [0 ${start} ${end} ${pdf.length - end}]`.padEnd(rangeSlot.length, ' ');
  const bytes = Buffer.from(pdf);
  bytes.write(range, slotAt, 'latin1');
  const token = pki.timestamp(sha256(bytes.subarray(0, start), bytes.subarray(end)));
  bytes.write(Buffer.from(token).toString('hex').padEnd(placeholder.length, '0'), start + 1, 'latin1');
  return Uint8Array.from(bytes);
}
