// Video Sign in the contract lists (issue #15 item 6) through the local gateway, against the real
// emulators: the cards carry each contractor's video and video confirmation (the Video / Video Confirm
// badges); the owner's details list each video (recorded at, duration, size) and play it through a
// short-lived presigned GET of an owner-only route (another owner: 404); Continue gives the owner their
// own /video_confirm page; Resend sends a pending party's confirmation link again (same limits, 429);
// Delete removes the videos and their thumbnails from storage; a Video Sign contract whose only
// contractor is the owner goes straight to Generating (nobody else to confirm).
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '../../lambdas/adapters/aws';
import { getConfig } from '../../lambdas/config';
import { documentDeps } from '../../lambdas/deps';
import { verifiedUser } from '../support/accounts';
import { api, eventually, mailbox } from '../support/cloud-client';
import { makePng } from '../support/png';
import {
  postVideo,
  signPath,
  signRecordAgree as signVideoAgree,
  switchToVideoSign,
  webm,
} from '../support/video';
import {
  giveOwnerSign,
  mailsTo,
  newOwner,
  sendTwoContractorDocument,
  uploadPdf,
  type Owner,
} from '../support/documents';

const CONFIRM_LINK = /\/(en|jp|ko)\/video_confirm\/([0-9a-z]+)\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;

/** A small "JPEG": start and end markers around filler (the server checks the markers and the size). */
function jpeg(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x22);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}
const THUMB = jpeg(3000);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** Records a contractor's video with a thumbnail and the recorder's duration; the first completion
 *  carries a PNG as its still and is refused (400, the session stays open). */
async function record(docuId: string, token: string, { badFirst = false } = {}) {
  const session = await api(signPath(docuId, token, '/video-session'), {
    method: 'POST',
    body: { contentType: 'video/webm' },
  });
  expect(session.status).toBe(201);
  expect((await postVideo(session.body.upload, webm(4096), 'video/webm')).status).toBeLessThan(300);
  const complete = (body: unknown) =>
    api(signPath(docuId, token, `/video-session/${session.body.sessionId}/complete`), {
      method: 'POST',
      body,
    });
  if (badFirst) {
    const png = await complete({ durationMs: 4200, thumbnail: b64(makePng(20, 20)) });
    expect(png.status).toBe(400);
    expect(png.body.error.code).toBe('video.errors.badThumbnail');
    expect(png.body.error.message).toBeTruthy();
    const big = await complete({ thumbnail: b64(jpeg(20_001)) });
    expect(big.status).toBe(400);
    expect(big.body.error.code).toBe('video.errors.badThumbnail');
    const notNumber = await complete({ durationMs: 'long' });
    expect(notNumber.status).toBe(400);
  }
  const done = await complete({ durationMs: 4200, thumbnail: b64(THUMB) });
  expect(done.status).toBe(200);
}

/** Sign → video (with a thumbnail and the recorder's duration; `badFirst`: a refused still first) → Agree. */
const signRecordAgree = (docuId: string, token: string, areaIndexes: number[], badFirst = false) =>
  signVideoAgree(docuId, token, areaIndexes, (d, t) => record(d, t, { badFirst }));

/** The confirmation links mailed to `address` so far (their tokens). */
async function confirmTokensTo(address: string): Promise<string[]> {
  return mailsTo(await mailbox(), address).flatMap((m) =>
    [...(m.body.text ?? '').matchAll(CONFIRM_LINK)].map((x) => x[3]!),
  );
}

/** A Video Sign contract whose two contractors (e-mail, SMS) recorded and agreed: NeedVConfirm. */
async function waitingForConfirmation() {
  const sent = await sendTwoContractorDocument({ title: 'Video lease' });
  await switchToVideoSign(sent.docuId);
  expect((await signRecordAgree(sent.docuId, sent.mailToken, [0, 1], true)).body.status).toBe('Agree');
  expect((await signRecordAgree(sent.docuId, sent.smsToken, [2])).body.status).toBe('NeedVConfirm');
  await eventually(
    async () => ((await confirmTokensTo(sent.email)).length > 0 ? true : null),
    30000,
    'the confirmation link of the e-mail contractor',
  );
  return sent;
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const listed = await s3().send(
    new ListObjectsV2Command({ Bucket: getConfig().DOCUMENTS_BUCKET, Prefix: prefix }),
  );
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

type Card = {
  docuId: string;
  viewerVideoConfirm: number | null;
  recipients: { index: number; hasVideo: boolean; videoConfirmation: number }[];
};
async function ownerCard(owner: Owner, docuId: string): Promise<Card> {
  const list = await api('/api/documents?tab=pending&role=owner', { token: owner.token });
  expect(list.status).toBe(200);
  const card = (list.body.items as Card[]).find((c) => c.docuId === docuId);
  expect(card).toBeDefined();
  return card!;
}

describe('Video Sign in the contract lists', () => {
  it('shows the videos and confirmations, plays each video to its owner only, and sends the owner to their confirmation page', async () => {
    const w = await waitingForConfirmation();
    const owner = w.owner;
    const card = await ownerCard(owner, w.docuId);
    expect(card.recipients.map((r) => [r.hasVideo, r.videoConfirmation])).toEqual([
      [true, 0],
      [true, 0],
    ]);
    // The owner is not a contractor and still confirms.
    expect(card.viewerVideoConfirm).toBe(0);

    const details = await api(`/api/documents/${w.docuId}/details`, { token: owner.token });
    expect(details.status).toBe(200);
    expect(details.body.videos).toHaveLength(2);
    const first = details.body.videos[0];
    expect(first).toMatchObject({ index: 0, contentType: 'video/webm', sizeBytes: 4096, hasThumbnail: true });
    // The recorder said 4.2 s; the session had been open less long than that or about as long.
    expect(first.durationSeconds).toBeGreaterThan(0);
    expect(first.durationSeconds).toBeLessThanOrEqual(4.2);
    const stored = (await documentDeps().docs.listRecipients(w.docuId))[0]!.video!;
    expect(stored.durationSource).toBe('client');
    expect(stored.thumbnailKey).toBe(stored.key.replace(/\.webm$/, '.jpg'));

    // Playback: short-lived presigned GETs of the video and its thumbnail.
    const play = await api(`/api/documents/${w.docuId}/videos/0`, { token: owner.token });
    expect(play.status).toBe(200);
    expect(Date.parse(play.body.expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    const video = await fetch(play.body.url);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/webm');
    expect(new Uint8Array(await video.arrayBuffer()).subarray(0, 4)).toEqual(
      new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]),
    );
    const thumb = await fetch(play.body.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(THUMB);
    // Owner only: another owner gets the 404 of a missing document; bad or video-less indexes too.
    const stranger = await newOwner('en', 'Other Owner');
    const refused = await api(`/api/documents/${w.docuId}/videos/0`, { token: stranger.token });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('errors.notFound');
    const none = await api(`/api/documents/${w.docuId}/videos/7`, { token: owner.token });
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('contracts.errors.noVideo');
    expect(none.body.error.message).toBeTruthy();
    expect((await api(`/api/documents/${w.docuId}/videos/x`, { token: owner.token })).status).toBe(400);
    expect((await api(`/api/documents/${w.docuId}/videos/0`)).status).toBe(401);

    // Continue: the owner's own confirmation page, a working link of their own.
    const link = await api(`/api/documents/${w.docuId}/signer-link`, {
      method: 'POST',
      token: owner.token,
      body: { lang: 'en' },
    });
    expect(link.status).toBe(200);
    const [, lang, docuId, token] = new RegExp(CONFIRM_LINK.source).exec(link.body.path)!;
    expect([lang, docuId]).toEqual(['en', w.docuId]);
    const view = await api(`/api/video-confirm/${w.docuId}/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.me.videoConfirm).toBe(0);
    expect(view.body.cards[0].thumbnailUrl).toBeTruthy();
    const confirmed = await api(`/api/video-confirm/${w.docuId}/${token}/confirm`, {
      method: 'POST',
      body: { allChecked: true, lang: 'en' },
    });
    expect(confirmed.status).toBe(200);
    expect((await ownerCard(owner, w.docuId)).viewerVideoConfirm).toBe(1);
    // Confirmed: nothing left to continue.
    const again = await api(`/api/documents/${w.docuId}/signer-link`, {
      method: 'POST',
      token: owner.token,
      body: { lang: 'en' },
    });
    expect(again.status).toBe(404);
  });

  it('gives a contractor Continue to sign and record first, then to confirm the videos', async () => {
    const sent = await sendTwoContractorDocument({ title: 'Video lease' });
    await switchToVideoSign(sent.docuId);
    const mia = await verifiedUser(sent.email);
    const contractorCard = async () => {
      const list = await api('/api/documents?tab=pending&role=contractor', { token: mia.token });
      expect(list.status).toBe(200);
      return (list.body.items as Card[]).find((c) => c.docuId === sent.docuId)!;
    };
    const next = () =>
      api(`/api/documents/${sent.docuId}/signer-link`, {
        method: 'POST',
        token: mia.token,
        body: { lang: 'ko' },
      });
    // need_sign / need_video: the signer page (its video step follows Sign All).
    expect((await contractorCard()).recipients[0]).toMatchObject({ hasVideo: false, videoConfirmation: 0 });
    const toSign = await next();
    expect(toSign.status).toBe(200);
    expect(toSign.body.path).toMatch(new RegExp(`^/ko/outsign/${sent.docuId}/[A-Za-z0-9_-]{43}$`));

    expect((await signRecordAgree(sent.docuId, sent.mailToken, [0, 1])).body.status).toBe('Agree');
    expect((await contractorCard()).recipients[0]).toMatchObject({ hasVideo: true, videoConfirmation: 0 });
    // Signed and recorded, the other contractor not yet: nothing to continue.
    const waiting = await next();
    expect(waiting.status).toBe(409);
    expect(waiting.body.error.code).toBe('contracts.errors.nothingToSign');

    expect((await signRecordAgree(sent.docuId, sent.smsToken, [2])).body.status).toBe('NeedVConfirm');
    const card = await contractorCard();
    expect(card.viewerVideoConfirm).toBe(0);
    // need_vconfirm: a confirmation link of Mia's own.
    const toConfirm = await next();
    expect(toConfirm.status).toBe(200);
    const [, , , token] = new RegExp(CONFIRM_LINK.source).exec(toConfirm.body.path)!;
    expect(toConfirm.body.path.startsWith(`/ko/video_confirm/${sent.docuId}/`)).toBe(true);
    const view = await api(`/api/video-confirm/${sent.docuId}/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.me).toEqual({ name: 'Mail Signer', videoConfirm: 0 });
    const denied = await api(`/api/video-confirm/${sent.docuId}/${token}/deny`, {
      method: 'POST',
      body: { reason: 'Not the person I met', lang: 'en' },
    });
    expect(denied.status).toBe(200);
    // Denied: the red Video Confirm state and the reason on the card; Continue has nothing left.
    const list = await api('/api/documents?tab=signed&role=owner', { token: sent.owner.token });
    const all = [
      ...list.body.items,
      ...(await api('/api/documents?tab=pending&role=owner', { token: sent.owner.token })).body.items,
    ];
    const owned = all.find((c: { docuId: string }) => c.docuId === sent.docuId);
    expect(owned.status).toBe('Reject');
    expect(owned.recipients[0]).toMatchObject({ videoConfirmation: 2, denyReason: 'Not the person I met' });
    expect((await next()).status).toBe(409);
  });

  it('resends a pending party’s confirmation link within the resend limits, and only that', async () => {
    const w = await waitingForConfirmation();
    const owner = w.owner;
    const before = await confirmTokensTo(w.email);
    const requests = async () =>
      (await documentDeps().docs.listHistory(w.docuId)).filter((h) => h.action === 'video_confirm_req')
        .length;
    const requestsBefore = await requests();
    const resend = (index: number, token = owner.token) =>
      api(`/api/documents/${w.docuId}/recipients/${index}/resend`, { method: 'POST', token });

    const resent = await resend(0);
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ resent: true, index: 0 });
    const after = await eventually(
      async () => {
        const tokens = await confirmTokensTo(w.email);
        return tokens.length > before.length ? tokens : null;
      },
      30000,
      'the resent confirmation link',
    );
    const fresh = after.find((t) => !before.includes(t))!;
    const view = await api(`/api/video-confirm/${w.docuId}/${fresh}`);
    expect(view.status).toBe(200);
    expect(view.body.me.name).toBe('Mail Signer');
    expect(await requests()).toBe(requestsBefore + 1);

    // At most one a minute per contact: 429 with a translated message, nothing sent.
    const soon = await resend(0);
    expect(soon.status).toBe(429);
    expect(soon.body.error.message).toBeTruthy();
    expect(await requests()).toBe(requestsBefore + 1);
    // Not a contractor, another owner: 404; an answered party: 409.
    expect((await resend(9)).status).toBe(404);
    expect((await resend(1, (await newOwner('en', 'Stranger')).token)).status).toBe(404);
    const confirmed = await api(`/api/video-confirm/${w.docuId}/${fresh}/confirm`, {
      method: 'POST',
      body: { allChecked: true, lang: 'en' },
    });
    expect(confirmed.status).toBe(200);
    expect((await ownerCard(owner, w.docuId)).recipients[0]!.videoConfirmation).toBe(1);
    const answered = await resend(0);
    expect(answered.status).toBe(409);
    expect(answered.body.error.message).toBeTruthy();
  });

  it('deletes the videos and their thumbnails with the document', async () => {
    const w = await waitingForConfirmation();
    const objects = await objectsUnder(`documents/${w.docuId}/`);
    const media = objects.filter((k) => k.includes('/videos/'));
    expect(media.filter((k) => k.endsWith('.webm'))).toHaveLength(2);
    expect(media.filter((k) => k.endsWith('.jpg'))).toHaveLength(2);
    const deleted = await api(`/api/documents/${w.docuId}`, { method: 'DELETE', token: w.owner.token });
    expect(deleted.status).toBe(200);
    expect(await objectsUnder(`documents/${w.docuId}/`)).toEqual([]);
    expect(await objectsUnder(`uploads/${w.docuId}/`)).toEqual([]);
  });

  it('goes straight to Generating when the owner is the only contractor of a Video Sign contract', async () => {
    const owner = await newOwner('en', 'Solo Owner');
    await giveOwnerSign(owner);
    const created = await api('/api/documents', {
      method: 'POST',
      token: owner.token,
      body: { kind: 'vsign' },
    });
    expect(created.status).toBe(201);
    const docuId = created.body.docuId as string;
    expect((await uploadPdf(owner, docuId)).status).toBe(200);
    const saved = await api(`/api/documents/${docuId}/recipients`, {
      method: 'PUT',
      token: owner.token,
      body: { recipients: [{ name: owner.name, contact: owner.email }], finalRecipients: [], lang: 'en' },
    });
    expect(saved.status).toBe(200);
    const placed = await api(`/api/documents/${docuId}/areas`, {
      method: 'PUT',
      token: owner.token,
      body: { areas: [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }] },
    });
    expect(placed.status).toBe(200);
    const session = await api(`/api/documents/${docuId}/video-session`, {
      method: 'POST',
      token: owner.token,
      body: { contentType: 'video/webm' },
    });
    expect(session.status).toBe(201);
    expect((await postVideo(session.body.upload, webm(3000), 'video/webm')).status).toBeLessThan(300);
    const done = await api(`/api/documents/${docuId}/video-session/${session.body.sessionId}/complete`, {
      method: 'POST',
      token: owner.token,
      body: { durationMs: 1500, thumbnail: b64(THUMB) },
    });
    expect(done.status).toBe(200);
    expect(
      (
        await api(`/api/documents/${docuId}`, {
          method: 'PATCH',
          token: owner.token,
          body: { title: `Solo ${randomUUID().slice(0, 6)}`, privateinfoAgree: true },
        })
      ).status,
    ).toBe(200);
    const sent = await api(`/api/documents/${docuId}/send`, {
      method: 'POST',
      token: owner.token,
      body: { lang: 'en' },
    });
    expect(sent.status).toBe(200);
    // Nobody else to confirm: no NeedVConfirm, no confirmation request; sealing follows.
    const doc = await documentDeps().docs.getDocument(docuId);
    expect(['Generating', 'Completed']).toContain(doc!.status);
    const history = await documentDeps().docs.listHistory(docuId);
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['agree', 'all_agree']));
    expect(history.filter((h) => h.action === 'video_confirm_req')).toEqual([]);
    const me = (await documentDeps().docs.listRecipients(docuId))[0]!;
    expect(me.video?.thumbnailKey).toMatch(/\.jpg$/);
    expect(me.video?.durationSeconds).toBeGreaterThan(0);
  });
});
