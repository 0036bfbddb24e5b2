// Sealing, anchoring, certificate and verification (issue #6) on the running local cloud: the real
// seal worker (pdf-lib, Noto CJK subsets, CMS signature), the real local EVM chain (ganache) and the
// real mailbox. What a new user would see: a contract with Japanese and Korean names is signed by
// everyone, becomes Completed, is anchored, and every party gets the completion and certificate
// messages once; pdfsig accepts the signature, pdftotext shows the names, one flipped byte breaks
// both pdfsig and the verification; the token read straight from the chain carries the file's hash.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Contract, JsonRpcProvider } from 'ethers';
import type { DocumentRecord } from '../../lambdas/adapters/dynamo/documents';
import { documentDeps, sealDeps, anchorDeps, sweepDeps } from '../../lambdas/deps';
import { createLogger } from '../../lambdas/core/logger';
import type { JobQueue } from '../../lambdas/ports';
import { sealDocument } from '../../lambdas/usecases/sealing';
import { anchorDocument } from '../../lambdas/usecases/anchoring';
import { sweep } from '../../lambdas/usecases/sweep';
import { loadArtifact } from '../../lambdas/chain/artifact';
import { ChainError, EvmChain } from '../../lambdas/adapters/evm-chain';
import { api, env, eventually, mailbox, type StoredMail } from '../support/cloud-client';
import {
  mailsTo,
  resolveShortLink,
  sendTwoContractorDocument,
  SHORT_LINK,
  type SentDocument,
} from '../support/documents';
import { makePng } from '../support/png';

const log = createLogger({ test: 'sealing' }, 'error');
const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]) {
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

async function readDoc(docuId: string): Promise<DocumentRecord | null> {
  return documentDeps().docs.getDocument(docuId);
}

function anchored(docuId: string, timeoutMs = 60000): Promise<DocumentRecord> {
  return eventually(
    async () => {
      const d = await readDoc(docuId);
      return d?.status === 'Completed' && d.anchorTokenId ? d : undefined;
    },
    timeoutMs,
    `document ${docuId} sealed and anchored`,
  );
}

function pdfTool(tool: 'pdfsig' | 'pdftotext', bytes: Uint8Array): { code: number; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'seal-'));
  const file = join(dir, 'final.pdf');
  writeFileSync(file, bytes);
  const args = tool === 'pdftotext' ? ['-enc', 'UTF-8', file, '-'] : [file];
  const r = spawnSync(tool, args, { encoding: 'utf8' });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

function chainContract() {
  const provider = new JsonRpcProvider(env('TEST_CHAIN_RPC_URL'), undefined, { staticNetwork: true });
  const { abi } = loadArtifact();
  return new Contract(env('TEST_CHAIN_CONTRACT'), abi, provider);
}

const messagesFor = (mails: StoredMail[], address: string, docNumber: string, kind: RegExp) =>
  mailsTo(mails, address)
    .filter((m) => m.subject.includes(docNumber) || (m.body.text ?? '').includes(docNumber))
    .filter((m) => kind.test(m.subject + (m.body.text ?? '')));

describe('sealing, anchoring and verification', () => {
  let s: SentDocument;
  let doc: DocumentRecord;
  let finalPdf: Uint8Array;

  beforeAll(async () => {
    s = await sendTwoContractorDocument({
      ownerName: '田中 太郎',
      names: ['山田 花子', '김민수'],
      title: '業務委託契約書',
    });
    await signAndAgree(s.docuId, s.mailToken, [0, 1]);
    await signAndAgree(s.docuId, s.smsToken, [2]);
    doc = await anchored(s.docuId);
    finalPdf = await documentDeps().storage.getBytes(doc.finalKey!);
  });

  it('stores a final PDF whose SHA-256 is recorded, with a valid CMS signature and the names in its text', () => {
    expect(sha256(finalPdf)).toBe(doc.finalSha256);
    const sig = pdfTool('pdfsig', finalPdf);
    expect(sig.out).toMatch(/Signature is Valid/);
    expect(sig.out).toMatch(/ETSI\.CAdES\.detached/);
    const text = pdfTool('pdftotext', finalPdf).out;
    for (const expected of [
      '田中 太郎',
      '山田 花子',
      '김민수',
      '業務委託契約書',
      doc.id4.toUpperCase(),
      doc.sha256!,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('keeps the original upload untouched beside the final PDF', async () => {
    const original = await documentDeps().storage.getBytes(doc.fileKey!);
    expect(sha256(original)).toBe(doc.sha256);
    expect(doc.finalKey).not.toBe(doc.fileKey);
  });

  it('one flipped byte breaks pdfsig and the verification', async () => {
    // A byte of the first page's content stream: inside the signed ranges, outside /Contents.
    const changed = new Uint8Array(finalPdf);
    const at = Buffer.from(finalPdf).indexOf('stream') + 20;
    const [, firstRangeEnd] = /\/ByteRange \[0 (\d+)/.exec(Buffer.from(finalPdf).toString('latin1'))!;
    expect(at).toBeLessThan(Number(firstRangeEnd));
    changed[at] = changed[at]! ^ 0x01;
    const sig = pdfTool('pdfsig', changed);
    expect(sig.out).not.toMatch(/Signature is Valid/);
    const res = await api(`/api/verify?hash=${sha256(changed)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ known: false, chain: { state: 'absent' } });
  });

  it('the token read straight from the chain carries the file’s SHA-256', async () => {
    const contract = chainContract();
    const tokenId = await contract.getFunction('tokenIdByHash')(`0x${sha256(finalPdf)}`);
    expect(tokenId.toString()).toBe(doc.anchorTokenId);
    expect(doc.anchorContract?.toLowerCase()).toBe(env('TEST_CHAIN_CONTRACT').toLowerCase());
    const owner = await contract.getFunction('ownerOf')(tokenId);
    expect(owner.toLowerCase()).toBe(doc.anchorHolder!.toLowerCase());
  });

  it('the verification API answers by hash and by document, with the live chain record', async () => {
    const byHash = await api(`/api/verify?hash=${doc.finalSha256!.toUpperCase()}`);
    expect(byHash.status).toBe(200);
    expect(byHash.body).toMatchObject({
      known: true,
      hash: doc.finalSha256,
      document: { title: '業務委託契約書', shortNumber: doc.id4.toUpperCase(), finalSha256: doc.finalSha256 },
      chain: { state: 'anchored', record: { tokenId: doc.anchorTokenId, sha256: doc.finalSha256 } },
    });
    expect(byHash.body.document.parties.map((p: { name: string }) => p.name)).toEqual([
      '田* 太*',
      '山* 花*',
      '김**',
    ]);
    expect(JSON.stringify(byHash.body)).not.toContain(s.email);
    const byDoc = await api(`/api/verify?document=${s.docuId}`);
    expect(byDoc.body).toMatchObject({ known: true, hash: doc.finalSha256 });
  });

  it('refuses a hash that is not 64 hexadecimal characters with a clear message', async () => {
    for (const bad of ['abc', 'z'.repeat(64), '']) {
      const res = await api(`/api/verify?hash=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('errors.validation');
      expect(JSON.stringify(res.body)).toContain('verify.errors.badHash');
    }
  });

  it('history records transfer_completion and hash_nft once, with the transaction', async () => {
    const history = await documentDeps().docs.listHistory(s.docuId);
    const count = (a: string) => history.filter((h) => h.action === a).length;
    expect(count('all_agree')).toBe(1);
    expect(count('transfer_completion')).toBe(1);
    expect(count('hash_nft')).toBe(1);
    expect(history.find((h) => h.action === 'hash_nft')?.transactionHash).toBe(doc.anchorTxHash);
  });

  it('every party gets the completion and the certificate once (e-mail with PDFs, SMS with links)', async () => {
    const number = doc.id4.toUpperCase();
    const mails = await eventually(
      async () => {
        const all = await mailbox();
        const cert = messagesFor(all, s.email, number, /certificate|証明書|인증서/i);
        return cert.length > 0 ? all : undefined;
      },
      30000,
      'certificate e-mail',
    );
    const completion = mailsTo(mails, s.email).filter((m) =>
      m.attachments.some((a) => a.filename === `業務委託契約書-${number}-signed.pdf`),
    );
    expect(completion).toHaveLength(1);
    const certificate = mailsTo(mails, s.email).filter((m) =>
      m.attachments.some((a) => a.filename === `${number}-certificate.pdf`),
    );
    expect(certificate).toHaveLength(1);
    expect(certificate[0]!.body.text).toContain(doc.anchorTxHash!);
    expect(
      mailsTo(mails, s.owner.email).filter((m) =>
        m.attachments.some((a) => a.filename === `業務委託契約書-${number}-signed.pdf`),
      ),
    ).toHaveLength(1);
    // By SMS: short links on the product's domain (issue #14), to a fresh download and to verify.
    const sms = mailsTo(mails, `${s.e164}@sms.local`).filter((m) =>
      (m.body.text ?? '').includes(`No. ${number}`),
    );
    expect(sms).toHaveLength(2);
    const targets = await Promise.all(
      sms.map(async (m) => (await resolveShortLink(SHORT_LINK.exec(m.body.text ?? '')![0])).location ?? ''),
    );
    expect(targets.filter((t) => t.includes(`/verify?document=${s.docuId}`))).toHaveLength(1);
    expect(
      targets.filter((t) => t.includes(encodeURIComponent(doc.finalKey!).replace(/%2F/g, '/'))),
    ).toHaveLength(1);
  });

  it('duplicated seal and anchor messages change nothing: one final PDF, one token, one set of messages', async () => {
    const { queue } = documentDeps();
    await queue.enqueue('seal', { docuId: s.docuId });
    await queue.enqueue('seal', { docuId: s.docuId });
    await queue.enqueue('anchor', { docuId: s.docuId, hash: doc.finalSha256 });
    await new Promise((r) => setTimeout(r, 4000));
    const after = await readDoc(s.docuId);
    expect(after).toMatchObject({
      finalKey: doc.finalKey,
      finalSha256: doc.finalSha256,
      anchorTokenId: doc.anchorTokenId,
    });
    const mails = await mailbox();
    const number = doc.id4.toUpperCase();
    expect(
      mailsTo(mails, s.email).filter((m) =>
        m.attachments.some((a) => a.filename === `業務委託契約書-${number}-signed.pdf`),
      ),
    ).toHaveLength(1);
    expect(
      mailsTo(mails, s.email).filter((m) =>
        m.attachments.some((a) => a.filename === `${number}-certificate.pdf`),
      ),
    ).toHaveLength(1);
    const history = await documentDeps().docs.listHistory(s.docuId);
    expect(history.filter((h) => h.action === 'hash_nft')).toHaveLength(1);
  });
});

describe('recovery', () => {
  /** A queue that drops the anchor job: what a worker killed right after the Completed write leaves. */
  function droppingAnchor(queue: JobQueue): JobQueue {
    return {
      check: () => queue.check(),
      enqueue: async (name, job, options) =>
        name === 'anchor' ? { messageId: 'dropped' } : queue.enqueue(name, job, options),
    };
  }

  it('a worker killed between seal and anchor, and a chain that was down: the sweep anchors it later', async () => {
    const s = await sendTwoContractorDocument({ title: 'Recovery' });
    await signAndAgree(s.docuId, s.mailToken, [0, 1]);
    // The second contractor signs their area; their agreement is written here straight to the
    // table (Agree → Generating, as the API does) so that no seal message exists: this test plays
    // the worker itself, one that dies right after its Completed write (the anchor job is lost).
    const sign = await api(signPath(s.docuId, s.smsToken, '/signs'), {
      method: 'POST',
      body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
    });
    await api(signPath(s.docuId, s.smsToken, '/areas'), {
      method: 'PUT',
      body: { signs: [{ areaIndex: 2, signId: sign.body.signId }] },
    });
    const { docs } = documentDeps();
    const before = (await readDoc(s.docuId))!;
    const second = (await docs.listRecipients(s.docuId)).find((r) => r.index === 1)!;
    await docs.changeStatus(
      s.docuId,
      { status: before.status, version: before.version },
      'Generating',
      {},
      { putRecipients: [{ ...second, agreement: 1, decidedAt: new Date().toISOString() }] },
    );
    const deps = sealDeps();
    await expect(
      sealDocument({ ...deps, queue: droppingAnchor(deps.queue) }, { docuId: s.docuId }, log),
    ).resolves.toBe('sealed');
    const sealed = (await readDoc(s.docuId))!;
    expect(sealed.status).toBe('Completed');
    expect(sealed.finalSha256).toMatch(/^[0-9a-f]{64}$/);

    // The chain is down for this attempt: the same adapter pointed at an RPC port where nothing
    // listens (as when the local chain is stopped). The job fails; the document stays Completed.
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const downChain = new EvmChain({
      rpcUrl: `http://127.0.0.1:${closed}`,
      chainId: Number(env('TEST_CHAIN_ID')),
      contractAddress: env('TEST_CHAIN_CONTRACT'),
      minterKey: async () => '0x' + '1'.repeat(64),
      timeoutMs: 2000,
    });
    const started = Date.now();
    await expect(
      anchorDocument(
        { ...anchorDeps(), chain: () => downChain },
        { docuId: s.docuId, hash: sealed.finalSha256! },
        log,
      ),
    ).rejects.toThrow(ChainError);
    expect(Date.now() - started).toBeLessThan(15000);
    downChain.destroy();
    const pending = await api(`/api/verify?hash=${sealed.finalSha256}`);
    expect(pending.body).toMatchObject({ known: true });
    expect((await readDoc(s.docuId))?.status).toBe('Completed');

    // The chain is back: the sweep finds the anchor it owes and the worker mints it.
    const report = await sweep(sweepDeps(), { minAgeSeconds: 0, maxPerRun: 50 }, log);
    expect(report.anchor).toBeGreaterThanOrEqual(1);
    const done = await anchored(s.docuId, 30000);
    expect(done.anchorTokenId).toMatch(/^\d+$/);
    const verified = await api(`/api/verify?hash=${sealed.finalSha256}`);
    expect(verified.body.chain.state).toBe('anchored');
  });
});
