// Video Contract (issue #16) through the local gateway, against the real emulators: the owner creates
// a video contract (the owner is party 0), records its terms with the owner's recording routes (Ready →
// Upload; no PDF may be uploaded), adds zero or more contractors (indices from 1; the owner's own
// e-mail is refused as a row), and sends. Each contractor's signer view plays the owner's video; they
// record their own agreement with the Video Sign routes and agree (a video is required), or deny. The
// last agreement — or sending with no contractors — moves the contract to Generating exactly once.
// The cards carry the still of the owner's recording (vc_thumbnail).
import { randomUUID } from 'node:crypto';
import { documentDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import { newOwner, signerLinkTo, type Owner } from '../support/documents';
import { postVideo, recordVideo, signPath, webm } from '../support/video';

/** A small "JPEG": start and end markers around filler (the server checks the markers and the size). */
function jpeg(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x22);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}

async function createVideoContract(owner: Owner): Promise<string> {
  const created = await api('/api/documents', {
    method: 'POST',
    token: owner.token,
    body: { kind: 'vcontract' },
  });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ kind: 'vcontract', status: 'Ready' });
  expect(created.body.recipients).toEqual([
    expect.objectContaining({ index: 0, isOwner: true, name: owner.name, contact: owner.email }),
  ]);
  return created.body.docuId as string;
}

/** The owner records the terms: a session, the file posted to its form, the completion. */
async function recordTerms(owner: Owner, docuId: string, bytes = webm(5000)) {
  const session = await api(`/api/documents/${docuId}/video-session`, {
    method: 'POST',
    token: owner.token,
    body: { contentType: 'video/webm' },
  });
  expect(session.status).toBe(201);
  expect(session.body.upload.key).toBe(`uploads/${docuId}/videos/0/${session.body.sessionId}.webm`);
  expect((await postVideo(session.body.upload, bytes, 'video/webm')).status).toBeLessThan(300);
  return api(`/api/documents/${docuId}/video-session/${session.body.sessionId}/complete`, {
    method: 'POST',
    token: owner.token,
    body: { durationMs: 5200, thumbnail: Buffer.from(jpeg(2500)).toString('base64') },
  });
}

const saveContractors = (owner: Owner, docuId: string, recipients: { name: string; contact: string }[]) =>
  api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: { recipients, finalRecipients: [], lang: 'en' },
  });

async function send(owner: Owner, docuId: string) {
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: 'Filmed agreement', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  return api(`/api/documents/${docuId}/send`, { method: 'POST', token: owner.token, body: { lang: 'en' } });
}

const statusOf = async (docuId: string) => (await documentDeps().docs.getDocument(docuId))!.status;

describe('a video contract', () => {
  it('the owner records the terms (no PDF), adds contractors from index 1 and sends; each contractor watches the terms, records and agrees', async () => {
    const owner = await newOwner('en', 'Vic Owner');
    const docuId = await createVideoContract(owner);

    // A video contract has no document: the PDF upload form is refused.
    const pdf = await api(`/api/documents/${docuId}/upload`, {
      method: 'POST',
      token: owner.token,
      body: { fileName: 'a.pdf', contentType: 'application/pdf', sizeBytes: 1000 },
    });
    expect(pdf.status).toBe(409);
    expect(pdf.body.error.code).toBe('errors.invalidTransition');
    // Contractors come after the terms.
    expect((await saveContractors(owner, docuId, [])).status).toBe(409);

    // Another owner cannot record on it (nothing revealed).
    const stranger = await newOwner();
    const crossed = await api(`/api/documents/${docuId}/video-session`, {
      method: 'POST',
      token: stranger.token,
      body: { contentType: 'video/webm' },
    });
    expect(crossed.status).toBe(404);

    const recorded = await recordTerms(owner, docuId);
    expect(recorded.status).toBe(200);
    expect(await statusOf(docuId)).toBe('Upload');
    const history = await documentDeps().docs.listHistory(docuId);
    expect(history.map((h) => h.action)).toEqual(['upload']);

    // The owner's own e-mail is not a contractor: they are party 0 already.
    const self = await saveContractors(owner, docuId, [
      { name: 'Cara One', contact: `c1-${randomUUID()}@example.com` },
      { name: 'Me again', contact: owner.email },
    ]);
    expect(self.status).toBe(400);
    expect(self.body.error.code).toBe('contractors.errors.ownerIsParty');
    expect(self.body.error.details).toMatchObject({ row: 1 });
    expect(self.body.error.message).toBeTruthy();

    const c1 = `c1-${randomUUID()}@example.com`;
    const c2 = `c2-${randomUUID()}@example.com`;
    const saved = await saveContractors(owner, docuId, [
      { name: 'Cara One', contact: c1 },
      { name: 'Dan Two', contact: c2 },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.status).toBe('AddRcpt');
    expect(
      saved.body.recipients.map((r: { index: number; isOwner: boolean; hasVideo?: boolean }) => r),
    ).toEqual([
      expect.objectContaining({ index: 0, isOwner: true, hasVideo: true }),
      expect.objectContaining({ index: 1, isOwner: false, contact: c1 }),
      expect.objectContaining({ index: 2, isOwner: false, contact: c2 }),
    ]);
    // Sign areas do not exist in a video contract.
    const areas = await api(`/api/documents/${docuId}/areas`, {
      method: 'PUT',
      token: owner.token,
      body: { areas: [{ recipientIndex: 1, pageIndex: 0, x: 1, y: 1, width: 50, height: 20 }] },
    });
    expect(areas.status).toBe(409);
    // Recording the terms again after Previous keeps the contractors and the step.
    expect((await recordTerms(owner, docuId)).status).toBe(200);
    expect(await statusOf(docuId)).toBe('AddRcpt');
    expect((await documentDeps().docs.listRecipients(docuId)).length).toBe(3);

    // The card shows the still of the owner's recording.
    const list = await api('/api/documents?tab=draft', { token: owner.token });
    expect(list.status).toBe(200);
    const card = list.body.items.find((i: { docuId: string }) => i.docuId === docuId);
    expect(card.kind).toBe('vcontract');
    expect(card.thumbnailUrl).toEqual(expect.any(String));
    const still = await fetch(card.thumbnailUrl);
    expect(still.status).toBe(200);
    expect(new Uint8Array(await still.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));

    const sent = await send(owner, docuId);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Agree');
    // Sending agreed for the owner; their recorded terms are evidence now.
    const locked = await api(`/api/documents/${docuId}/video-session`, {
      method: 'POST',
      token: owner.token,
      body: { contentType: 'video/webm' },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('video.errors.locked');

    const first = await signerLinkTo(c1);
    const view = await api(signPath(docuId, first.token));
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ kind: 'vcontract', fileUrl: null, me: { index: 1, ordinal: 1 } });
    expect(view.body.ownerVideo).toMatchObject({ name: 'Vic Owner', contentType: 'video/webm' });
    expect(view.body.ownerVideo.durationSeconds).toBeGreaterThan(0);
    const played = await fetch(view.body.ownerVideo.url);
    expect(played.status).toBe(200);
    expect((await played.arrayBuffer()).byteLength).toBe(5000);

    // No agreement without the contractor's own video.
    const early = await api(signPath(docuId, first.token, '/agree'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('video.errors.required');
    await recordVideo(docuId, first.token);
    const agreed = await api(signPath(docuId, first.token, '/agree'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(agreed.status).toBe(200);
    expect(await statusOf(docuId)).toBe('Agree');

    const second = await signerLinkTo(c2);
    await recordVideo(docuId, second.token);
    const last = await api(signPath(docuId, second.token, '/agree'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(last.status).toBe(200);
    // No cross confirmation in a video contract: the last agreement goes on to the seal.
    expect(['Generating', 'Completed']).toContain(await statusOf(docuId));
    const rows = await documentDeps().docs.listRecipients(docuId);
    expect(rows.map((r) => [r.index, r.agreement, !!r.video])).toEqual([
      [0, 1, true],
      [1, 1, true],
      [2, 1, true],
    ]);
  });

  it('with no contractors, sending completes it with the owner’s video alone', async () => {
    const owner = await newOwner('jp', '映像 太郎');
    const docuId = await createVideoContract(owner);
    expect((await recordTerms(owner, docuId)).status).toBe(200);
    const saved = await saveContractors(owner, docuId, []);
    expect(saved.status).toBe(200);
    expect(saved.body.recipients).toHaveLength(1);
    const sent = await send(owner, docuId);
    expect(sent.status).toBe(200);
    expect(['Generating', 'Completed']).toContain(sent.body.status);
    const history = (await documentDeps().docs.listHistory(docuId)).map((h) => h.action);
    expect(history).toEqual(expect.arrayContaining(['upload', 'agree', 'all_agree']));
    expect(history.filter((a) => a === 'all_agree')).toHaveLength(1);
  });

  it('a contractor may deny it with a reason: the contract is denied', async () => {
    const owner = await newOwner();
    const docuId = await createVideoContract(owner);
    expect((await recordTerms(owner, docuId)).status).toBe(200);
    const c1 = `deny-${randomUUID()}@example.com`;
    expect((await saveContractors(owner, docuId, [{ name: 'No Way', contact: c1 }])).status).toBe(200);
    expect((await send(owner, docuId)).status).toBe(200);
    const link = await signerLinkTo(c1);
    const denied = await api(signPath(docuId, link.token, '/deny'), {
      method: 'POST',
      body: { reason: 'The price is not what we said', lang: 'en' },
    });
    expect(denied.status).toBe(200);
    expect(await statusOf(docuId)).toBe('Reject');
    // Once answered, the contractor's video can no longer be recorded.
    const late = await api(signPath(docuId, link.token, '/video-session'), {
      method: 'POST',
      body: { contentType: 'video/webm' },
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('video.errors.locked');
  });

  it("the Record step opens on a draft (issue #34 item 2): reuseUnrecorded answers the same unrecorded draft until it is recorded, and never another owner's", async () => {
    const owner = await newOwner('en', 'Rita Reuse');
    const open = () =>
      api('/api/documents', {
        method: 'POST',
        token: owner.token,
        body: { kind: 'vcontract', reuseUnrecorded: true },
      });
    const first = await open();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'vcontract', status: 'Ready' });
    const docuId = first.body.docuId as string;
    expect(first.body.id4).toBe(docuId.slice(0, 4));
    // Opening the step again (a reload, Back and Start again) answers the same draft and number.
    const again = await open();
    expect(again.body).toMatchObject({ docuId, id4: first.body.id4 });
    // An E-Sign draft in between is not a video contract: still the same one.
    await api('/api/documents', { method: 'POST', token: owner.token, body: { kind: 'esign' } });
    expect((await open()).body.docuId).toBe(docuId);
    // Another owner gets a draft of their own.
    const other = await newOwner();
    const theirs = await api('/api/documents', {
      method: 'POST',
      token: other.token,
      body: { kind: 'vcontract', reuseUnrecorded: true },
    });
    expect(theirs.body.docuId).not.toBe(docuId);
    // Without the flag, a new draft as before.
    expect((await createVideoContract(owner)) === docuId).toBe(false);
    // Once recorded, the draft is a contract in the making: the step opens on a new one.
    expect((await recordTerms(owner, docuId)).status).toBe(200);
    const fresh = await open();
    expect(fresh.body.docuId).not.toBe(docuId);
    expect(fresh.body.status).toBe('Ready');
  });
});
