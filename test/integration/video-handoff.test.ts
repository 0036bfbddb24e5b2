// The phone hand-off of the video step (issue #15) through the local gateway, against the real
// emulators: the signing page asks for a short-lived recording link, the phone opens recording
// sessions with it and completes one, and the computer polls the video status. The link is bound to
// its document and contractor, opens no signing page, expires, and is useless after its upload.
import { createHash, randomBytes } from 'node:crypto';
import { documentClient } from '../../lambdas/adapters/aws';
import { createEntities } from '../../lambdas/adapters/dynamo/entities';
import { getConfig } from '../../lambdas/config';
import { documentDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import { sendTwoContractorDocument, type SentDocument } from '../support/documents';

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;
const mobilePath = (mobileToken: string, rest = '') => `/api/vsign-mobile/${mobileToken}${rest}`;
const entities = () => createEntities(documentClient(), getConfig().TABLE_NAME);

function webm(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
  return bytes;
}

/** A contract sent to two contractors, switched to video sign (as video-upload.test.ts does). */
async function videoContract(): Promise<SentDocument> {
  const sent = await sendTwoContractorDocument({ title: 'Video hand-off' });
  await entities().document.patch({ docuId: sent.docuId }).set({ kind: 'vsign' }).go();
  return sent;
}

async function mobileLink(docuId: string, token: string): Promise<string> {
  const res = await api(signPath(docuId, token, '/video-mobile-link'), { method: 'POST' });
  expect(res.status).toBe(201);
  const left = Date.parse(res.body.expiresAt) - Date.now();
  expect(left).toBeGreaterThan(14 * 60_000);
  expect(left).toBeLessThanOrEqual(15 * 60_000);
  return res.body.token as string;
}

const startMobile = (mobileToken: string) =>
  api(mobilePath(mobileToken, '/video-session'), { method: 'POST', body: { contentType: 'video/webm' } });

async function postVideo(upload: { url: string; fields: Record<string, string> }, bytes: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type: 'video/webm' }), 'recording');
  return fetch(upload.url, { method: 'POST', body: form });
}

/** Session → upload → completion from the phone. */
async function recordOnPhone(mobileToken: string, bytes = webm(4096)) {
  const session = await startMobile(mobileToken);
  expect(session.status).toBe(201);
  expect((await postVideo(session.body.upload, bytes)).status).toBeLessThan(300);
  const done = await api(mobilePath(mobileToken, `/video-session/${session.body.sessionId}/complete`), {
    method: 'POST',
  });
  return { session: session.body, done };
}

describe('the phone hand-off of the video step', () => {
  it('records on the phone for its own contractor; the computer sees the video arrive', async () => {
    const { docuId, mailToken, smsToken } = await videoContract();
    const before = await api(signPath(docuId, mailToken, '/video'));
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ video: null });

    const mobileToken = await mobileLink(docuId, mailToken);
    // Only its hash is stored, in an item of its own.
    const hash = createHash('sha256').update(mobileToken).digest('hex');
    const stored = await entities().videoMobileToken.get({ tokenHash: hash }).go();
    expect(stored.data).toMatchObject({ docuId, recipientIndex: 0 });
    expect(JSON.stringify(stored.data)).not.toContain(mobileToken);

    const view = await api(mobilePath(mobileToken));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ name: 'Mail Signer', video: null });
    expect(view.body.id4).toMatch(/^\w{4}$/);

    const bytes = webm(5000);
    const { session, done } = await recordOnPhone(mobileToken, bytes);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ sizeBytes: 5000, challenge: session.challenge });
    // The video is contractor 0's, not the other contractor's.
    const recipients = await documentDeps().docs.listRecipients(docuId);
    expect(recipients.find((r) => r.index === 0)!.video?.sessionId).toBe(session.sessionId);
    expect(recipients.find((r) => r.index === 1)!.video).toBeUndefined();

    const after = await api(signPath(docuId, mailToken, '/video'));
    expect(after.body.video).toMatchObject({ contentType: 'video/webm', sizeBytes: 5000 });
    expect((await api(signPath(docuId, smsToken, '/video'))).body).toEqual({ video: null });
  });

  it('is useless after its video was accepted (a lost answer may still be asked again)', async () => {
    const { docuId, mailToken } = await videoContract();
    const mobileToken = await mobileLink(docuId, mailToken);
    const { session, done } = await recordOnPhone(mobileToken);
    expect(done.status).toBe(200);

    const again = await api(mobilePath(mobileToken, `/video-session/${session.sessionId}/complete`), {
      method: 'POST',
    });
    expect(again.status).toBe(200);
    expect(again.body.sha256).toBe(done.body.sha256);

    for (const res of [await startMobile(mobileToken), await api(mobilePath(mobileToken))]) {
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('video.errors.mobileLinkUsed');
    }
  });

  it('expires after 15 minutes', async () => {
    const { docuId, mailToken } = await videoContract();
    const mobileToken = await mobileLink(docuId, mailToken);
    const tokenHash = createHash('sha256').update(mobileToken).digest('hex');
    await entities()
      .videoMobileToken.patch({ tokenHash })
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .go();
    for (const res of [await startMobile(mobileToken), await api(mobilePath(mobileToken))]) {
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('video.errors.mobileLinkExpired');
    }
    expect((await documentDeps().docs.listRecipients(docuId)).every((r) => !r.videoSession)).toBe(true);
  });

  it('lets a recording begun in time finish within its session, and nothing else', async () => {
    const { docuId, mailToken } = await videoContract();
    const mobileToken = await mobileLink(docuId, mailToken);
    const session = await startMobile(mobileToken);
    expect(session.status).toBe(201);
    expect((await postVideo(session.body.upload, webm(2048))).status).toBeLessThan(300);
    const tokenHash = createHash('sha256').update(mobileToken).digest('hex');
    await entities()
      .videoMobileToken.patch({ tokenHash })
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .go();
    const wrong = await api(mobilePath(mobileToken, `/video-session/${'0'.repeat(32)}/complete`), {
      method: 'POST',
    });
    expect(wrong.status).toBe(410);
    expect(wrong.body.error.code).toBe('video.errors.mobileLinkExpired');
    const done = await api(mobilePath(mobileToken, `/video-session/${session.body.sessionId}/complete`), {
      method: 'POST',
    });
    expect(done.status).toBe(200);
    expect(done.body.sizeBytes).toBe(2048);
    expect((await startMobile(mobileToken)).status).toBe(410);
  });

  it('is no signer token, and a signer token or an unknown one is no recording link', async () => {
    const { docuId, mailToken, smsToken } = await videoContract();
    const mobileToken = await mobileLink(docuId, mailToken);
    // The phone's token opens no signing page, not even its own contractor's.
    expect((await api(signPath(docuId, mobileToken))).status).toBe(404);
    expect(
      (
        await api(signPath(docuId, mobileToken, '/video-session'), {
          method: 'POST',
          body: { contentType: 'video/webm' },
        })
      ).status,
    ).toBe(404);
    for (const token of [smsToken, mailToken, randomBytes(32).toString('base64url')]) {
      const res = await api(mobilePath(token));
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('video.errors.mobileLinkInvalid');
    }
  });

  it("completes only its own contractor's session", async () => {
    const { docuId, mailToken, smsToken } = await videoContract();
    const phoneOfMail = await mobileLink(docuId, mailToken);
    // The other contractor opens a session on their computer; the first one's phone cannot complete it.
    const other = await api(signPath(docuId, smsToken, '/video-session'), {
      method: 'POST',
      body: { contentType: 'video/webm' },
    });
    expect(other.status).toBe(201);
    expect((await postVideo(other.body.upload, webm(3000))).status).toBeLessThan(300);
    const crossed = await api(mobilePath(phoneOfMail, `/video-session/${other.body.sessionId}/complete`), {
      method: 'POST',
    });
    expect(crossed.status).toBe(409);
    expect(crossed.body.error.code).toBe('video.errors.noSession');
    const recipients = await documentDeps().docs.listRecipients(docuId);
    expect(recipients.every((r) => !r.video)).toBe(true);
  });

  it('is refused on a contract without video and after the contractor answered', async () => {
    const sent = await sendTwoContractorDocument({ title: 'No video' });
    const res = await api(signPath(sent.docuId, sent.mailToken, '/video-mobile-link'), { method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('video.errors.notVideoSign');
  });
});
