// The owner's own agreement video in the Video Sign funnel (issue #15 item 1) through the local gateway,
// against the real emulators: when the owner is one of the contractors, the funnel's Video Sign step
// opens a recording session with the owner's sign-in (POST /api/documents/{docuId}/video-session),
// posts the recording to its presigned form and completes it. Only the document's owner, only for a
// Video Sign contract whose positions are set and not yet sent; sending requires the owner's video, and
// after sending it is evidence that never changes. The files are generated (an EBML header + padding).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { documentDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import {
  createDocument,
  giveOwnerSign,
  newOwner,
  signerLinkTo,
  uploadPdf,
  type Owner,
} from '../support/documents';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const UA = 'Mozilla/5.0 (X11; Linux x86_64) OwnerVideoTest/1.0';

function webm(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
  return bytes;
}

const BOX = { pageIndex: 0, x: 50, y: 60, width: 120, height: 40 };

/** A Video Sign draft of `owner`: a PDF and two contractors, the owner first (unless `ownerSigns` is
 *  false), and their positions when `positions` (status SetPos) — else status AddRcpt. */
async function videoDraft(
  owner: Owner,
  { ownerSigns = true, positions = true, kind = 'vsign' } = {},
): Promise<{ docuId: string; other: string }> {
  const created = await api('/api/documents', { method: 'POST', token: owner.token, body: { kind } });
  expect(created.status).toBe(201);
  expect(created.body.kind).toBe(kind);
  const docuId = created.body.docuId as string;
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const other = `signer-${randomUUID()}@example.com`;
  const recipients = [
    ...(ownerSigns ? [{ name: owner.name, contact: owner.email }] : []),
    { name: 'Other Signer', contact: other },
  ];
  const saved = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: { recipients, finalRecipients: [], lang: 'en' },
  });
  expect(saved.status).toBe(200);
  if (positions) {
    const areas = recipients.map((_, i) => ({ recipientIndex: i, ...BOX, y: 60 + i * 100 }));
    const placed = await api(`/api/documents/${docuId}/areas`, {
      method: 'PUT',
      token: owner.token,
      body: { areas },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe('SetPos');
  }
  return { docuId, other };
}

const startSession = (owner: Owner, docuId: string) =>
  api(`/api/documents/${docuId}/video-session`, {
    method: 'POST',
    token: owner.token,
    body: { contentType: 'video/webm;codecs=vp8,opus' },
    headers: { 'user-agent': UA },
  });

const complete = (owner: Owner, docuId: string, sessionId: string) =>
  api(`/api/documents/${docuId}/video-session/${sessionId}/complete`, {
    method: 'POST',
    token: owner.token,
    headers: { 'user-agent': UA },
  });

async function postVideo(upload: { url: string; fields: Record<string, string> }, bytes: Uint8Array) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type: 'video/webm' }), 'recording');
  return fetch(upload.url, { method: 'POST', body: form });
}

async function send(owner: Owner, docuId: string) {
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: 'Video lease', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  return api(`/api/documents/${docuId}/send`, { method: 'POST', token: owner.token, body: { lang: 'en' } });
}

const ownerRow = async (docuId: string) =>
  (await documentDeps().docs.listRecipients(docuId)).find((r) => r.isOwner)!;

describe("the owner's video in the Video Sign funnel", () => {
  it('records the owner’s video on their own contractor row, requires it to send, and locks it once sent', async () => {
    const owner = await newOwner('en', 'Vera Owner');
    await giveOwnerSign(owner);
    const { docuId, other } = await videoDraft(owner);

    // Without the owner's video nothing is sent.
    const early = await send(owner, docuId);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('video.errors.ownerVideoRequired');
    expect(early.body.error.message).toBeTruthy();

    const session = await startSession(owner, docuId);
    expect(session.status).toBe(201);
    expect(session.body.challenge).toMatch(/^\d{4}$/);
    expect(session.body.upload.key).toBe(`uploads/${docuId}/videos/0/${session.body.sessionId}.webm`);
    const bytes = webm(3000);
    expect((await postVideo(session.body.upload, bytes)).status).toBeLessThan(300);
    const done = await complete(owner, docuId, session.body.sessionId);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ contentType: 'video/webm', sizeBytes: 3000, sha256: sha256(bytes) });

    const me = await ownerRow(docuId);
    expect(me.index).toBe(0);
    expect(me.video).toMatchObject({
      key: expect.stringMatching(new RegExp(`^documents/${docuId}/videos/0/[0-9a-f]{32}\\.webm$`)),
      sha256: sha256(bytes),
      challenge: session.body.challenge,
      userAgent: UA,
    });
    expect(sha256(await documentDeps().storage.getBytes(me.video!.key))).toBe(sha256(bytes));
    const view = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(view.body.recipients.map((r: { hasVideo?: boolean }) => r.hasVideo ?? false)).toEqual([
      true,
      false,
    ]);

    // Sent: the other contractor gets the request; the owner's video is kept and can no longer change.
    const sent = await send(owner, docuId);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Agree');
    expect((await signerLinkTo(other)).token).toHaveLength(43);
    expect((await ownerRow(docuId)).video!.sha256).toBe(sha256(bytes));
    const late = await startSession(owner, docuId);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('video.errors.locked');
  });

  it('keeps the owner’s video when the contractors are saved again, and a retake in SetPos replaces it', async () => {
    const owner = await newOwner();
    const { docuId, other } = await videoDraft(owner);
    const record = async (size: number) => {
      const session = await startSession(owner, docuId);
      expect(session.status).toBe(201);
      expect((await postVideo(session.body.upload, webm(size))).status).toBeLessThan(300);
      expect((await complete(owner, docuId, session.body.sessionId)).status).toBe(200);
      return (await ownerRow(docuId)).video!;
    };
    const first = await record(2000);

    // Back to the contractors (status AddRcpt): the owner stays the first contractor, the video stays.
    const again = await api(`/api/documents/${docuId}/recipients`, {
      method: 'PUT',
      token: owner.token,
      body: {
        recipients: [
          { name: owner.name, contact: owner.email },
          { name: 'Other Signer', contact: other },
        ],
        finalRecipients: [],
        lang: 'en',
      },
    });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('AddRcpt');
    expect(again.body.recipients[0].hasVideo).toBe(true);
    expect((await ownerRow(docuId)).video).toEqual(first);
    // No recording until the positions are set again.
    expect((await startSession(owner, docuId)).body.error.code).toBe('errors.invalidTransition');
    const areas = [0, 1].map((i) => ({ recipientIndex: i, ...BOX, y: 60 + i * 100 }));
    expect(
      (await api(`/api/documents/${docuId}/areas`, { method: 'PUT', token: owner.token, body: { areas } }))
        .status,
    ).toBe(200);

    const second = await record(2500);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.sizeBytes).toBe(2500);
    expect(await documentDeps().storage.head(first.key)).toBeNull();
  });

  it("answers 404 for another user's document, on both routes, and stores nothing", async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    const { docuId } = await videoDraft(owner);
    const foreign = await startSession(stranger, docuId);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('errors.notFound');

    const session = await startSession(owner, docuId);
    expect(session.status).toBe(201);
    expect((await postVideo(session.body.upload, webm(2000))).status).toBeLessThan(300);
    const crossed = await complete(stranger, docuId, session.body.sessionId);
    expect(crossed.status).toBe(404);
    expect((await ownerRow(docuId)).video).toBeUndefined();
    expect(await api(`/api/documents/${docuId}/video-session`, { method: 'POST', body: {} })).toMatchObject({
      status: 401,
    });
  });

  it('answers 409 with a translated message outside SetPos, on an E-Sign contract and when the owner is not a contractor', async () => {
    const owner = await newOwner('jp');
    const noPositions = await videoDraft(owner, { positions: false });
    const before = await startSession(owner, noPositions.docuId);
    expect(before.status).toBe(409);
    expect(before.body.error.code).toBe('errors.invalidTransition');

    const esign = await videoDraft(owner, { kind: 'esign' });
    const notVideo = await startSession(owner, esign.docuId);
    expect(notVideo.status).toBe(409);
    expect(notVideo.body.error.code).toBe('video.errors.notVideoSign');

    const notMine = await videoDraft(owner, { ownerSigns: false });
    const absent = await startSession(owner, notMine.docuId);
    expect(absent.status).toBe(409);
    expect(absent.body.error.code).toBe('video.errors.ownerNotContractor');
    expect(absent.body.error.message).toBeTruthy();
    // Without the owner among the contractors, a Video Sign contract is sent as it is.
    expect((await send(owner, notMine.docuId)).status).toBe(200);
  });

  it('creates documents of the three kinds only', async () => {
    const owner = await newOwner();
    const bad = await api('/api/documents', {
      method: 'POST',
      token: owner.token,
      body: { kind: 'vfilm' },
    });
    expect(bad.status).toBe(400);
    expect(await createDocument(owner)).toMatch(/^[0-9a-f]{32}$/);
  });
});
