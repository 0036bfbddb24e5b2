// Agreement videos of video-sign contracts (issue #15) through the local gateway, against the real
// emulators (s3rver, DynamoDB Local): a contractor opens a recording session, posts the file to its
// presigned form as a browser would and completes it. Only the open session of that contractor,
// within its window, with a real webm/mp4 header and a size within limits is accepted; every other
// case gets its translated error and stores nothing. A video never changes once its contractor agreed.
//
// The files are generated: the EBML header (webm) or an 'ftyp' box (mp4) followed by padding is what
// the server's checks read. A late completion and a smaller cap are run in this process, through the
// same use case and the same emulators (the gateway's configuration is the run's).
import { createHash, randomBytes } from 'node:crypto';
import { documentDeps, videoDeps } from '../../lambdas/deps';
import { completeVideoSession } from '../../lambdas/usecases/videos';
import { mp4, postVideo, signAreas, signPath, switchToVideoSign, webm } from '../support/video';
import { api } from '../support/cloud-client';
import { sendTwoContractorDocument, type SentDocument } from '../support/documents';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const UA = 'Mozilla/5.0 (X11; Linux x86_64) VideoTest/1.0';

/** A contract sent to two contractors, switched to video sign (the owner's video funnel comes later). */
async function videoContract(): Promise<SentDocument> {
  const sent = await sendTwoContractorDocument({ title: 'Video lease' });
  await switchToVideoSign(sent.docuId);
  return sent;
}

const startSession = (docuId: string, token: string, contentType = 'video/webm;codecs=vp8,opus') =>
  api(signPath(docuId, token, '/video-session'), {
    method: 'POST',
    body: { contentType },
    headers: { 'user-agent': UA },
  });

const complete = (docuId: string, token: string, sessionId: string) =>
  api(signPath(docuId, token, `/video-session/${sessionId}/complete`), {
    method: 'POST',
    headers: { 'user-agent': UA },
  });

/** Session → upload → completion; answers the session and the completion's response. */
async function record(docuId: string, token: string, bytes: Uint8Array, type = 'video/webm') {
  const session = await startSession(docuId, token, type);
  expect(session.status).toBe(201);
  expect((await postVideo(session.body.upload, bytes, session.body.contentType)).status).toBeLessThan(300);
  return { session: session.body, done: await complete(docuId, token, session.body.sessionId) };
}

const recipient = async (docuId: string, index: number) =>
  (await documentDeps().docs.listRecipients(docuId)).find((r) => r.index === index)!;

const exists = async (key: string) => (await documentDeps().storage.head(key)) !== null;

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]) {
  await signAreas(docuId, token, areaIndexes);
  return api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
}

describe('recording an agreement video', () => {
  it('accepts a live webm recording of the open session and records its facts on the contractor', async () => {
    const { docuId, mailToken } = await videoContract();
    const bytes = webm(4096);
    const { session, done } = await record(docuId, mailToken, bytes);

    expect(session.challenge).toMatch(/^\d{4}$/);
    // The form writes a staging key of its own; the checked bytes are copied to a key no form names.
    expect(session.upload.key).toBe(`uploads/${docuId}/videos/0/${session.sessionId}.webm`);
    expect(session.contentType).toBe('video/webm');
    expect(session).toMatchObject({ maxSeconds: 60, minBytes: 1000 });
    const window = Date.parse(session.expiresAt) - Date.parse(session.startedAt);
    expect(window).toBeGreaterThan(60_000);
    expect(Date.parse(session.upload.expiresAt)).toBeLessThanOrEqual(Date.parse(session.expiresAt) + 5000);

    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      contentType: 'video/webm',
      sizeBytes: 4096,
      sha256: sha256(bytes),
      challenge: session.challenge,
      sessionStartedAt: session.startedAt,
    });
    const me = await recipient(docuId, 0);
    expect(me.videoSession).toBeUndefined();
    expect(me.video).toMatchObject({
      key: expect.stringMatching(new RegExp(`^documents/${docuId}/videos/0/[0-9a-f]{32}\\.webm$`)),
      contentType: 'video/webm',
      sizeBytes: 4096,
      sha256: sha256(bytes),
      challenge: session.challenge,
      sessionId: session.sessionId,
      userAgent: UA,
    });
    expect(me.video!.ip).toBeTruthy();
    expect(sha256(await documentDeps().storage.getBytes(me.video!.key))).toBe(sha256(bytes));
    expect(await exists(session.upload.key)).toBe(false);

    // The saved form posted again (still within its window) changes nothing that was accepted.
    expect((await postVideo(session.upload, webm(4096), 'video/webm')).status).toBeLessThan(300);
    expect(sha256(await documentDeps().storage.getBytes(me.video!.key))).toBe(sha256(bytes));

    // The session is spent: completing it again (an answer lost on the way) answers the same video.
    const again = await complete(docuId, mailToken, session.sessionId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(done.body);
    expect((await recipient(docuId, 0)).video!.sha256).toBe(sha256(bytes));
    expect(sha256(await documentDeps().storage.getBytes(me.video!.key))).toBe(sha256(bytes));
  });

  it('accepts mp4 too, and a retake replaces the earlier video (its file removed)', async () => {
    const { docuId, smsToken } = await videoContract();
    const first = await record(docuId, smsToken, webm(2000));
    expect(first.done.status).toBe(200);
    const firstKey = (await recipient(docuId, 1)).video!.key;
    expect(firstKey).toMatch(new RegExp(`^documents/${docuId}/videos/1/[0-9a-f]{32}\\.webm$`));
    const bytes = mp4(3000);
    const second = await record(docuId, smsToken, bytes, 'video/mp4');
    expect(second.done.status).toBe(200);
    expect(second.session.upload.key).toMatch(/\.mp4$/);
    const me = await recipient(docuId, 1);
    expect(me.video).toMatchObject({ contentType: 'video/mp4', sha256: sha256(bytes), sizeBytes: 3000 });
    expect(me.video!.key).toMatch(new RegExp(`^documents/${docuId}/videos/1/[0-9a-f]{32}\\.mp4$`));
    expect(await exists(firstKey)).toBe(false);
    expect(await exists(me.video!.key)).toBe(true);
  });

  it('refuses a completion without a session, and one of another contractor’s session', async () => {
    const { docuId, mailToken, smsToken } = await videoContract();
    const none = await complete(docuId, mailToken, randomBytes(16).toString('hex'));
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('video.errors.noSession');

    const session = await startSession(docuId, mailToken);
    expect(session.status).toBe(201);
    await postVideo(session.body.upload, webm(2000), 'video/webm');
    const crossed = await complete(docuId, smsToken, session.body.sessionId);
    expect(crossed.status).toBe(409);
    expect(crossed.body.error.code).toBe('video.errors.noSession');
    expect((await recipient(docuId, 1)).video).toBeUndefined();
    expect((await recipient(docuId, 0)).video).toBeUndefined();
    // A bad link is the signer flow's one 404.
    const bad = await complete(docuId, 'x'.repeat(43), session.body.sessionId);
    expect(bad.status).toBe(404);
  });

  it('refuses an upload completed after its window, removes it and spends the session', async () => {
    const { docuId, mailToken } = await videoContract();
    const session = await startSession(docuId, mailToken);
    await postVideo(session.body.upload, webm(2000), 'video/webm');
    const late = new Date(Date.parse(session.body.expiresAt) + 1000);
    await expect(
      completeVideoSession(
        videoDeps(),
        docuId,
        mailToken,
        session.body.sessionId,
        { ip: '::1', userAgent: UA },
        late,
      ),
    ).rejects.toMatchObject({ status: 409, code: 'video.errors.sessionExpired' });
    expect(await exists(session.body.upload.key)).toBe(false);
    const me = await recipient(docuId, 0);
    expect(me.video).toBeUndefined();
    expect(me.videoSession).toBeUndefined();
    expect((await complete(docuId, mailToken, session.body.sessionId)).body.error.code).toBe(
      'video.errors.noSession',
    );
  });

  it.each([
    [
      'a PDF posted as webm',
      () => new TextEncoder().encode('%PDF-1.7\n'.padEnd(3000, 'x')),
      'video.errors.notVideo',
    ],
    ['an mp4 posted as webm', () => mp4(3000), 'video.errors.notVideo'],
    ['a recording under 1,000 bytes', () => webm(999), 'video.errors.tooShort'],
  ] as const)('refuses %s with a translated 400 and stores nothing', async (_name, make, code) => {
    const { docuId, mailToken } = await videoContract();
    const { session, done } = await record(docuId, mailToken, make());
    expect(done.status).toBe(400);
    expect(done.body.error.code).toBe(code);
    expect(await exists(session.upload.key)).toBe(false);
    const me = await recipient(docuId, 0);
    expect(me.video).toBeUndefined();
    expect(me.videoSession).toBeUndefined();
  });

  it('refuses a recording over the size cap', async () => {
    const { docuId, mailToken } = await videoContract();
    const session = await startSession(docuId, mailToken);
    await postVideo(session.body.upload, webm(6000), 'video/webm');
    const deps = { ...videoDeps(), video: { ...videoDeps().video, maxBytes: 5000 } };
    await expect(
      completeVideoSession(deps, docuId, mailToken, session.body.sessionId, { ip: '::1', userAgent: UA }),
    ).rejects.toMatchObject({ status: 400, code: 'video.errors.tooLarge', details: { limitMb: 0 } });
    expect(await exists(session.body.upload.key)).toBe(false);
    expect((await recipient(docuId, 0)).video).toBeUndefined();
  });

  it('says nothing arrived when the form was not posted, and keeps the session open', async () => {
    const { docuId, mailToken } = await videoContract();
    const session = await startSession(docuId, mailToken);
    const early = await complete(docuId, mailToken, session.body.sessionId);
    expect(early.status).toBe(400);
    expect(early.body.error.code).toBe('video.errors.missing');
    await postVideo(session.body.upload, webm(2000), 'video/webm');
    expect((await complete(docuId, mailToken, session.body.sessionId)).status).toBe(200);
  });

  it('needs the video before agreeing, and never changes it after', async () => {
    const { docuId, mailToken } = await videoContract();
    const early = await signAndAgree(docuId, mailToken, [0, 1]);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('video.errors.required');

    const bytes = webm(2500);
    expect((await record(docuId, mailToken, bytes)).done.status).toBe(200);
    const open = await startSession(docuId, mailToken);
    expect(open.status).toBe(201);
    await postVideo(open.body.upload, webm(2600), 'video/webm');
    const agreed = await api(signPath(docuId, mailToken, '/agree'), { method: 'POST', body: { lang: 'en' } });
    expect(agreed.status).toBe(200);

    const after = await startSession(docuId, mailToken);
    expect(after.status).toBe(409);
    expect(after.body.error.code).toBe('video.errors.locked');
    const late = await complete(docuId, mailToken, open.body.sessionId);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('video.errors.locked');
    expect((await recipient(docuId, 0)).video!.sha256).toBe(sha256(bytes));
  });

  it('refuses sessions on an e-sign contract and for anything but webm or mp4', async () => {
    const sent = await sendTwoContractorDocument();
    const esign = await startSession(sent.docuId, sent.mailToken);
    expect(esign.status).toBe(409);
    expect(esign.body.error.code).toBe('video.errors.notVideoSign');

    const { docuId, mailToken } = await videoContract();
    for (const type of ['video/quicktime', 'application/pdf', 'image/png']) {
      const res = await startSession(docuId, mailToken, type);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('video.errors.badType');
    }
    expect((await recipient(docuId, 0)).videoSession).toBeUndefined();
  });

  it('limits the recording sessions of one contractor an hour (429), each a new one-time session', async () => {
    const { docuId, smsToken } = await videoContract();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await startSession(docuId, smsToken);
      expect(res.status).toBe(201);
      ids.add(res.body.sessionId);
    }
    expect(ids.size).toBe(20);
    const over = await startSession(docuId, smsToken);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('errors.tooManyRequests');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
