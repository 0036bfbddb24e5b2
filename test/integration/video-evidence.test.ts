// Video evidence (issue #15 item 5) on the running local cloud: a video-sign contract whose two
// contractors recorded, agreed and confirmed is sealed by the real seal worker and anchored on the
// real local chain. The sealed PDF carries each video signer's caption and the Videos audit section;
// each video hash is minted as its own token exactly once (a raw chain read shows the hash; running
// the anchor job again, twice at once, mints nothing); the certificate lists every token; verify by a
// video's hash says whose video of which contract it is.
import type { DocumentRecord, RecipientRecord } from '../../lambdas/adapters/dynamo/documents';
import { createLogger } from '../../lambdas/core/logger';
import { anchorDeps, documentDeps } from '../../lambdas/deps';
import { anchorDocument } from '../../lambdas/usecases/anchoring';
import { api, eventually, mailbox } from '../support/cloud-client';
import { chainContract, pdfReport } from '../support/sealed';
import { mailsTo, sendTwoContractorDocument } from '../support/documents';
import { confirmTokenTo, recordVideo, signRecordAgree, switchToVideoSign, webm } from '../support/video';

const log = createLogger({ test: 'video-evidence' }, 'error');
/** 20,000-byte videos (verify reports the size). */
const record20k = (docuId: string, token: string) => recordVideo(docuId, token, { bytes: webm(20_000) });

describe('video evidence: sealed PDF, one token per video, certificate, verify', () => {
  let docuId: string;
  let doc: DocumentRecord;
  let recipients: RecipientRecord[];
  let signerEmail: string;
  let ownerToken: string;

  beforeAll(async () => {
    const sent = await sendTwoContractorDocument({ title: 'Video evidence lease' });
    docuId = sent.docuId;
    signerEmail = sent.email;
    ownerToken = sent.owner.token;
    await switchToVideoSign(docuId);
    expect((await signRecordAgree(docuId, sent.mailToken, [0, 1], record20k)).status).toBe(200);
    expect((await signRecordAgree(docuId, sent.smsToken, [2], record20k)).body.status).toBe('NeedVConfirm');
    const tokens = await Promise.all([
      confirmTokenTo(sent.email),
      confirmTokenTo(`${sent.e164}@sms.local`),
      confirmTokenTo(sent.owner.email),
    ]);
    for (const token of tokens) {
      const res = await api(`/api/video-confirm/${docuId}/${token}/confirm`, {
        method: 'POST',
        body: { allChecked: true, lang: 'en' },
      });
      expect(res.status).toBe(200);
    }
    doc = await eventually(
      async () => {
        const d = await documentDeps().docs.getDocument(docuId);
        return d?.status === 'Completed' && d.anchorTokenId ? d : undefined;
      },
      90000,
      'the video contract sealed and anchored',
    );
    recipients = await documentDeps().docs.listRecipients(docuId);
  });

  it('the sealed PDF is validly signed and shows each video caption and the Videos audit section', async () => {
    const { sig, text } = pdfReport(await documentDeps().storage.getBytes(doc.finalKey!));
    expect(sig).toMatch(/Signature is Valid/);
    expect(text).toContain('Video signature · recorded');
    for (const r of recipients) {
      expect(text).toContain(`SHA-256 ${r.video!.sha256.slice(0, 12)}`);
      expect(text).toContain(r.video!.sha256);
      expect(text).toContain(`Challenge code ${r.video!.challenge}`);
    }
    expect(text).toContain('Videos Recorded by Mail Signer (Contractor 1)');
    expect(text).toContain('20,000 bytes');
    expect(text).toContain('see the blockchain certificate');
  });

  it('mints each video hash as its own token; a raw chain read shows the hash', async () => {
    const contract = chainContract();
    expect(recipients.map((r) => r.videoAnchor?.sha256)).toEqual(recipients.map((r) => r.video!.sha256));
    const ids = new Set([doc.anchorTokenId]);
    for (const r of recipients) {
      const tokenId = await contract.getFunction('tokenIdByHash')(`0x${r.video!.sha256}`);
      expect(tokenId.toString()).toBe(r.videoAnchor!.tokenId);
      expect(await contract.getFunction('hashOf')(tokenId)).toBe(`0x${r.video!.sha256}`);
      expect((await contract.getFunction('ownerOf')(tokenId)).toLowerCase()).toBe(
        r.videoAnchor!.holder.toLowerCase(),
      );
      ids.add(r.videoAnchor!.tokenId);
    }
    expect(ids.size).toBe(3);
  });

  it('running the anchor job again, twice at once, mints nothing and changes no token', async () => {
    const job = { docuId, hash: doc.finalSha256! };
    const outcomes = await Promise.all([
      anchorDocument(anchorDeps(), job, log),
      anchorDocument(anchorDeps(), job, log),
    ]);
    expect(outcomes).toEqual(['already-anchored', 'already-anchored']);
    const after = await documentDeps().docs.listRecipients(docuId);
    expect(after.map((r) => r.videoAnchor)).toEqual(recipients.map((r) => r.videoAnchor));
    const contract = chainContract();
    for (const r of after) {
      const tokenId = await contract.getFunction('tokenIdByHash')(`0x${r.video!.sha256}`);
      expect(tokenId.toString()).toBe(r.videoAnchor!.tokenId);
    }
  });

  it('the certificate e-mail lists every video token', async () => {
    const mail = await eventually(
      async () =>
        mailsTo(await mailbox(), signerEmail).find((m) => /Blockchain certificate/.test(m.subject)) ??
        undefined,
      30000,
      'the certificate e-mail',
    );
    const text = mail.body.text ?? '';
    expect(text).toContain(`Token ID: ${doc.anchorTokenId}`);
    for (const r of recipients) {
      expect(text).toContain(
        `Video of ${r.name}: SHA-256 ${r.video!.sha256} · token ${r.videoAnchor!.tokenId} · transaction ${r.videoAnchor!.transactionHash}`,
      );
    }
  });

  it('verify by a video hash says whose video of which contract, with the video’s token', async () => {
    const r = recipients[1]!;
    const res = await api(`/api/verify?hash=${r.video!.sha256}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      known: true,
      hash: r.video!.sha256,
      document: { title: 'Video evidence lease', shortNumber: doc.id4.toUpperCase() },
      video: { recipientName: 'Phone Signer', sizeBytes: 20_000, contentType: 'video/webm' },
      chain: { state: 'anchored', record: { tokenId: r.videoAnchor!.tokenId, sha256: r.video!.sha256 } },
    });
    const unknown = await api(`/api/verify?hash=${'e'.repeat(64)}`);
    expect(unknown.body).toMatchObject({ known: false, chain: { state: 'absent' } });
    expect(unknown.body.video).toBeUndefined();
  });

  it('deleting the contract removes its video hash records: verify no longer knows the videos', async () => {
    const deleted = await api(`/api/documents/${docuId}`, { method: 'DELETE', token: ownerToken });
    expect(deleted.status).toBe(200);
    for (const r of recipients) {
      const res = await api(`/api/verify?hash=${r.video!.sha256}`);
      expect(res.body).toMatchObject({ known: false });
      expect(res.body.video).toBeUndefined();
    }
  });
});
