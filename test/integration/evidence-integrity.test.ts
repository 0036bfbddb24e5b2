// Evidence integrity, round two (issue #25), against the real local cloud: racing video completions
// never lose the accepted video; a served video is checked against its record (409 and an alert,
// never the bytes; the code is translated by the SPA in en/ja/ko) and always answered with its recorded type, inline; upload forms are capped per
// document and per owner, and a replaced form is never completed.
import { createHash } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '../../lambdas/adapters/aws';
import { getConfig } from '../../lambdas/config';
import { documentDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import {
  createDocument,
  makePdf,
  newOwner,
  postFile,
  sendTwoContractorDocument,
  type Owner,
} from '../support/documents';
import {
  confirmTokenTo,
  postVideo,
  signPath,
  signRecordAgree,
  switchToVideoSign,
  webm,
} from '../support/video';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await s3().send(
    new ListObjectsV2Command({ Bucket: getConfig().DOCUMENTS_BUCKET, Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

const recipient = async (docuId: string, index: number) =>
  (await documentDeps().docs.listRecipients(docuId)).find((r) => r.index === index)!;

async function videoContract() {
  const sent = await sendTwoContractorDocument({ title: 'Racing lease' });
  await switchToVideoSign(sent.docuId);
  return sent;
}

async function openSession(docuId: string, token: string) {
  const session = await api(signPath(docuId, token, '/video-session'), {
    method: 'POST',
    body: { contentType: 'video/webm' },
  });
  expect(session.status).toBe(201);
  return session.body as {
    sessionId: string;
    upload: { url: string; fields: Record<string, string>; key: string };
  };
}

const complete = (docuId: string, token: string, sessionId: string) =>
  api(signPath(docuId, token, `/video-session/${sessionId}/complete`), { method: 'POST' });

describe('concurrent completions of one recording session', () => {
  it('leave exactly one recorded video whose object exists and matches, in 10 races of 8', async () => {
    // Two contractors a contract, one race each (a contractor has 20 sessions an hour).
    let trials = 0;
    while (trials < 10) {
      const sent = await videoContract();
      for (const [index, token] of [
        [0, sent.mailToken],
        [1, sent.smsToken],
      ] as const) {
        const session = await openSession(sent.docuId, token);
        const bytes = webm(200_000 + trials);
        expect((await postVideo(session.upload, bytes, 'video/webm')).status).toBeLessThan(300);
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => complete(sent.docuId, token, session.sessionId)),
        );
        // No completion fails: a loser answers the video the winner recorded.
        expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
        for (const a of answers) expect(a.body.sha256).toBe(sha256(bytes));
        const video = (await recipient(sent.docuId, index)).video!;
        expect(video.sha256).toBe(sha256(bytes));
        expect(sha256(await documentDeps().storage.getBytes(video.key))).toBe(sha256(bytes));
        // Only the recorded copy remains (each losing attempt removed its own), and the staging one is spent.
        const videos = await objectsUnder(`documents/${sent.docuId}/videos/${index}/`);
        expect(videos.filter((k) => k.endsWith('.webm'))).toEqual([video.key]);
        expect(await objectsUnder(`uploads/${sent.docuId}/videos/${index}/`)).toEqual([]);
        trials++;
      }
    }
  }, 300_000);
});

describe('a served video is the recorded one', () => {
  async function waitingForConfirmation() {
    const sent = await videoContract();
    expect((await signRecordAgree(sent.docuId, sent.mailToken, [0, 1])).body.status).toBe('Agree');
    expect((await signRecordAgree(sent.docuId, sent.smsToken, [2])).body.status).toBe('NeedVConfirm');
    const token = await confirmTokenTo(sent.email);
    return { ...sent, confirmToken: token };
  }

  it('plays with the recorded type, inline, even when the staged object was stored as a page', async () => {
    const sent = await videoContract();
    const session = await openSession(sent.docuId, sent.mailToken);
    const bytes = webm(5000);
    // A store that ignored the form's content-type condition: the staged object says text/html.
    await documentDeps().storage.put(session.upload.key, bytes, 'text/html');
    expect((await complete(sent.docuId, sent.mailToken, session.sessionId)).status).toBe(200);
    const stored = await documentDeps().storage.head((await recipient(sent.docuId, 0)).video!.key);
    expect(stored!.contentType).toBe('video/webm');

    const play = await api(`/api/documents/${sent.docuId}/videos/0`, { token: sent.owner.token });
    expect(play.status).toBe(200);
    const res = await fetch(play.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('a changed or missing video object is 409 with a translated message on every page, never a link', async () => {
    const w = await waitingForConfirmation();
    const confirmView = () => api(`/api/video-confirm/${w.docuId}/${w.confirmToken}`);
    const ownerPlay = () => api(`/api/documents/${w.docuId}/videos/1`, { token: w.owner.token });
    expect((await confirmView()).status).toBe(200);
    expect((await ownerPlay()).status).toBe(200);

    // Another contractor's accepted video overwritten behind the product's back (forged bytes).
    const key = (await recipient(w.docuId, 1)).video!.key;
    await documentDeps().storage.put(key, webm(4100), 'video/webm');
    for (const res of [await confirmView(), await ownerPlay()]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('video.errors.videoChanged');
      expect(res.body.error.message).toBeTruthy();
      expect(JSON.stringify(res.body)).not.toContain(key);
    }

    // Gone altogether: the same refusal.
    await documentDeps().storage.deleteMany([key]);
    expect((await ownerPlay()).status).toBe(409);
  });
});

describe('upload forms', () => {
  const form = (owner: Owner, docuId: string) =>
    api(`/api/documents/${docuId}/upload`, {
      method: 'POST',
      token: owner.token,
      body: { fileName: 'lease.pdf', contentType: 'application/pdf', sizeBytes: 2000 },
    });

  it('are capped per document (10 an hour) with a translated 429, and a replaced form is never completed', async () => {
    const owner = await newOwner();
    const docuId = await createDocument(owner);
    const first = await form(owner, docuId);
    expect(first.status).toBe(200);
    const forms = [first];
    for (let i = 1; i < 10; i++) forms.push(await form(owner, docuId));
    expect(forms.map((f) => f.status)).toEqual(Array(10).fill(200));
    const over = await form(owner, docuId);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('upload.errors.tooManyForms');
    expect(over.body.error.details).toMatchObject({ rule: 'uploadFormsPerDocument', limit: 10 });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);

    // The first form, replaced nine times, still writes (as S3 would within its 5 minutes), but its
    // staging key is never completed: the document's original stays unset.
    expect((await postFile(first.body, await makePdf(), 'lease.pdf')).status).toBeLessThan(300);
    const late = await api(`/api/documents/${docuId}/upload/complete`, {
      method: 'POST',
      token: owner.token,
      body: { key: first.body.key },
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('upload.errors.expired');
    expect((await documentDeps().docs.getDocument(docuId))!.fileKey ?? null).toBeNull();
  });

  it('are capped per owner (60 an hour) across documents', async () => {
    const owner = await newOwner();
    let issued = 0;
    while (issued < 60) {
      const docuId = await createDocument(owner);
      for (let i = 0; i < 10 && issued < 60; i++, issued++)
        expect((await form(owner, docuId)).status).toBe(200);
    }
    const over = await form(owner, await createDocument(owner));
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('upload.errors.tooManyForms');
  });
});
