// The video contract's completion (issue #16 item 3) on the running local cloud: a video contract whose
// owner (recipient 0) and two contractors each have a real webm and JPEG still in storage is put in
// Generating and sealed by the real seal job, twice at once; the real local chain mints its tokens.
// The record PDF is signed (pdfsig) and lists each video's hash and challenge code; each video hash
// and the record's hash has one token, read raw from the chain; the certificate lists the four; verify
// answers by the record's hash and by a video's; every party gets the record once, attached.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentRecord, RecipientRecord } from '../../lambdas/adapters/dynamo/documents';
import { createLogger } from '../../lambdas/core/logger';
import { anchorDeps, documentDeps, sealDeps } from '../../lambdas/deps';
import { anchorDocument } from '../../lambdas/usecases/anchoring';
import { sealDocument } from '../../lambdas/usecases/sealing';
import { api, eventually, mailbox } from '../support/cloud-client';
import { chainContract, pdfReport } from '../support/sealed';
import { mailsTo, newOwner, type Owner } from '../support/documents';
import { seedVideoContract } from '../support/video-contract';

const log = createLogger({ test: 'video-contract-seal' }, 'error');
const TITLE = 'Sale of a used car';
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** pdfinfo's report of a PDF (its 'Pages:' line). */
function pdfInfo(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'record-')), 'record.pdf');
  writeFileSync(file, bytes);
  return spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout;
}

describe('video contract: the record PDF, its tokens, certificate, verify and mails', () => {
  let owner: Owner;
  const contractors = [
    { name: '김민수', email: `kim-${Date.now()}@example.com` },
    { name: '山田 花子', email: `yamada-${Date.now()}@example.com` },
  ];
  let docuId: string;
  let recipients: RecipientRecord[];
  let doc: DocumentRecord;
  let outcomes: string[];

  beforeAll(async () => {
    owner = await newOwner('en', 'Alex Owner');
    ({ docuId, recipients } = await seedVideoContract(owner, contractors, { title: TITLE }));
    const job = { docuId };
    outcomes = await Promise.all([sealDocument(sealDeps(), job, log), sealDocument(sealDeps(), job, log)]);
    doc = await eventually(
      async () => {
        const d = await documentDeps().docs.getDocument(docuId);
        return d?.status === 'Completed' && d.anchorTokenId ? d : undefined;
      },
      90_000,
      'the video contract sealed and anchored',
    );
    recipients = await documentDeps().docs.listRecipients(docuId);
  });

  it('completes once, though two seal jobs ran at once', async () => {
    expect(outcomes.sort()).toEqual(['already-sealed', 'sealed']);
    const history = await documentDeps().docs.listHistory(docuId);
    expect(history.filter((h) => h.action === 'transfer_completion')).toHaveLength(1);
    expect(await sealDocument(sealDeps(), { docuId }, log)).toBe('already-sealed');
  });

  it('the record PDF is signed and lists every video with its hash and challenge code', async () => {
    const pdf = await documentDeps().storage.getBytes(doc.finalKey!);
    expect(sha256(pdf)).toBe(doc.finalSha256);
    const { sig, text } = pdfReport(pdf);
    expect(sig).toMatch(/Signature is Valid/);
    expect(text).toContain('Contract record');
    expect(text).toContain(TITLE);
    expect(text).toContain(doc.id4.toUpperCase());
    for (const r of recipients) {
      expect(text).toContain(r.name);
      expect(text).toContain(r.video!.sha256);
      expect(text).toContain(`Challenge code ${r.video!.challenge}`);
    }
    expect(text).toContain('Alex Owner (Requester)');
    expect(text).toContain('김민수 (Contractor 1)');
    expect(text).toContain('山田 花子 (Contractor 2)');
    expect(text).not.toContain('No still image'); // every still was read from storage
    expect(text).not.toContain('SHA-256 of the original');
  });

  it('Details describe the record PDF and each party’s video, not an original (issue #34 item 4)', async () => {
    const details = await api(`/api/documents/${docuId}/details`, { token: owner.token });
    expect(details.status).toBe(200);
    const pdf = await documentDeps().storage.getBytes(doc.finalKey!);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(pdfInfo(pdf))![1]);
    expect(details.body.record).toEqual({
      fileName: `${TITLE}-${doc.id4.toUpperCase()}-record.pdf`,
      pageCount: pages,
      sizeBytes: pdf.length,
      sha256: doc.finalSha256,
      completedAt: doc.completedAt,
    });
    expect(details.body.videos).toEqual(
      recipients.map((r) =>
        expect.objectContaining({
          index: r.index,
          name: r.name,
          recordedAt: r.video!.recordedAt,
          sizeBytes: r.video!.sizeBytes,
          sha256: r.video!.sha256,
        }),
      ),
    );
  });

  it('mints one token per video (the owner’s too) and one for the record, read raw from the chain', async () => {
    const contract = chainContract();
    const ids = new Set<string>();
    for (const hash of [...recipients.map((r) => r.video!.sha256), doc.finalSha256!]) {
      const tokenId = (await contract.getFunction('tokenIdByHash')(`0x${hash}`)).toString();
      expect(tokenId).not.toBe('0');
      expect(await contract.getFunction('hashOf')(tokenId)).toBe(`0x${hash}`);
      ids.add(tokenId);
    }
    expect(ids.size).toBe(4);
    expect(recipients.map((r) => r.videoAnchor?.sha256)).toEqual(recipients.map((r) => r.video!.sha256));
    expect(ids).toContain(doc.anchorTokenId);
    // Again, twice at once: nothing more is minted.
    const job = { docuId, hash: doc.finalSha256! };
    const again = await Promise.all([
      anchorDocument(anchorDeps(), job, log),
      anchorDocument(anchorDeps(), job, log),
    ]);
    expect(again).toEqual(['already-anchored', 'already-anchored']);
    const after = await documentDeps().docs.listRecipients(docuId);
    expect(after.map((r) => r.videoAnchor)).toEqual(recipients.map((r) => r.videoAnchor));
  });

  it('the certificate lists the four tokens and no original file', async () => {
    const key = await eventually(
      async () => (await documentDeps().docs.getDocument(docuId))?.certificateKey,
      30_000,
      'the certificate stored',
    );
    const { text } = pdfReport(await documentDeps().storage.getBytes(key));
    expect(text).toContain(doc.finalSha256!);
    for (const r of recipients) {
      expect(text).toContain(r.video!.sha256);
      expect(text).toContain(`Video of ${r.name}`);
    }
    expect(text.match(/Token ID/g)).toHaveLength(4);
    expect(text).not.toContain('SHA-256 of the original');
    // Each party named once (the owner's row is the requester).
    expect(text.match(/Alex Owner/g)).toHaveLength(2); // the parties table and "Video of Alex Owner"
  });

  it('verify answers by the record’s hash and by each video’s', async () => {
    const byRecord = await api(`/api/verify?hash=${doc.finalSha256}`);
    expect(byRecord.body).toMatchObject({
      known: true,
      document: {
        title: TITLE,
        shortNumber: doc.id4.toUpperCase(),
        finalSha256: doc.finalSha256,
        kind: 'vcontract',
      },
      chain: { state: 'anchored', record: { tokenId: doc.anchorTokenId, sha256: doc.finalSha256 } },
    });
    expect(byRecord.body.document.parties).toHaveLength(3);
    expect(byRecord.body.video).toBeUndefined();
    for (const r of recipients) {
      const res = await api(`/api/verify?hash=${r.video!.sha256}`);
      expect(res.body).toMatchObject({
        known: true,
        document: { title: TITLE },
        video: { recipientName: r.name, sizeBytes: r.video!.sizeBytes, contentType: 'video/webm' },
        chain: { state: 'anchored', record: { tokenId: r.videoAnchor!.tokenId, sha256: r.video!.sha256 } },
      });
    }
  });

  it('mails the record, attached, to each of the three parties once', async () => {
    const number = doc.id4.toUpperCase();
    for (const address of [owner.email, ...contractors.map((c) => c.email)]) {
      const mails = await eventually(
        async () => {
          const found = mailsTo(await mailbox(), address).filter((m) => /Video contract/.test(m.subject));
          return found.length > 0 ? found : undefined;
        },
        30_000,
        `the completion e-mail to ${address}`,
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body.text).toContain('contract record');
      const attachment = mails[0]!.attachments.find((a) => a.filename === `${TITLE}-${number}-record.pdf`);
      expect(attachment).toBeDefined();
      if (attachment?.content)
        expect(sha256(Buffer.from(attachment.content, 'base64'))).toBe(doc.finalSha256);
      // The certificate e-mail speaks of the agreed record, not of a signed PDF.
      const certificate = await eventually(
        async () => mailsTo(await mailbox(), address).find((m) => /Blockchain certificate/.test(m.subject)),
        30_000,
        `the certificate e-mail to ${address}`,
      );
      expect(certificate.body.text).toContain('agreed by every party');
    }
  });
});
