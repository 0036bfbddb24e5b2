// The owner as a contractor (issue #4) through the local gateway, against the real emulators: the
// owner's sign list (GET/POST /api/me/signs, PUT /api/me/signs/default) and sending a contract in
// which the owner is one of the contractors — refused without a sign, signed with the default one.
//
// Counting seal jobs: as in signing.test.ts, the local pollers consume the seal queue, so it cannot
// be counted; the use case enqueues the seal job on the one path that committed Agree → Generating,
// right after the one 'all_agree' history item: one such item and status Generating mean one job.
import { randomUUID } from 'node:crypto';
import { documentDeps } from '../../lambdas/deps';
import { api, eventually, mailbox } from '../support/cloud-client';
import {
  createDocument,
  giveOwnerSign,
  makePdf,
  mailsTo,
  newOwner,
  uploadPdf,
  type Owner,
} from '../support/documents';
import { makePng } from '../support/png';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const listSigns = (owner: Owner) => api('/api/me/signs', { token: owner.token });
const postSign = (owner: Owner, body: Record<string, unknown>) =>
  api('/api/me/signs', { method: 'POST', token: owner.token, body });

/** A document at SetPos, ready to send: the given contractors, one area each on page 1, terms ticked. */
async function readyToSend(owner: Owner, contacts: { name: string; contact: string }[]): Promise<string> {
  const docuId = await createDocument(owner);
  await uploadPdf(owner, docuId, await makePdf());
  const saved = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: { recipients: contacts, finalRecipients: [], lang: 'en' },
  });
  expect(saved.status).toBe(200);
  const areas = contacts.map((_, i) => ({
    recipientIndex: i,
    pageIndex: 0,
    x: 50 + i * 150,
    y: 60,
    width: 120,
    height: 40,
  }));
  const placed = await api(`/api/documents/${docuId}/areas`, {
    method: 'PUT',
    token: owner.token,
    body: { areas },
  });
  expect(placed.status).toBe(200);
  const terms = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { privateinfoAgree: true },
  });
  expect(terms.status).toBe(200);
  return docuId;
}

const send = (owner: Owner, docuId: string) =>
  api(`/api/documents/${docuId}/send`, { method: 'POST', token: owner.token, body: { lang: 'en' } });

describe('owner sign list', () => {
  it('starts empty; the first upload becomes the default; another can be chosen; the image is served', async () => {
    const owner = await newOwner();
    const empty = await listSigns(owner);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ signs: [], defaultSignId: null, max: 20 });

    const first = await postSign(owner, { image: b64(makePng(120, 40)), kind: 'draw' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'draw', isDefault: true });
    const second = await postSign(owner, {
      image: `data:image/png;base64,${b64(makePng(200, 60))}`,
      kind: 'autoGeneration',
    });
    expect(second.status).toBe(201);
    expect(second.body.isDefault).toBe(false);

    const listed = await listSigns(owner);
    expect(listed.body.defaultSignId).toBe(first.body.signId);
    expect(listed.body.signs.map((s: { signId: string }) => s.signId)).toEqual([
      first.body.signId,
      second.body.signId,
    ]);
    const image = await fetch(listed.body.signs[0].url);
    expect(image.status).toBe(200);
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');

    const chosen = await api('/api/me/signs/default', {
      method: 'PUT',
      token: owner.token,
      body: { signId: second.body.signId },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.defaultSignId).toBe(second.body.signId);

    // Another user's sign cannot be chosen, and is not listed.
    const other = await newOwner();
    const theirs = await giveOwnerSign(other);
    const steal = await api('/api/me/signs/default', {
      method: 'PUT',
      token: owner.token,
      body: { signId: theirs.signId },
    });
    expect(steal.status).toBe(404);
    expect(steal.body.error.code).toBe('ownerSigns.errors.unknownSign');
    expect((await listSigns(other)).body.signs).toHaveLength(1);
  });

  it('refuses a bad PNG and a malformed body with 400, and needs sign-in', async () => {
    const owner = await newOwner();
    const notPng = await postSign(owner, { image: b64(new TextEncoder().encode('GIF89a' + 'x'.repeat(60))) });
    expect(notPng.status).toBe(400);
    expect(notPng.body.error.code).toBe('ownerSigns.errors.badImage');
    const tooSmall = await postSign(owner, { image: b64(makePng(10, 10)) });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body.error.code).toBe('ownerSigns.errors.badImage');
    const badKind = await postSign(owner, { image: b64(makePng(120, 40)), kind: 'stolen' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.error.code).toBe('errors.validation');
    expect((await listSigns(owner)).body.signs).toEqual([]);
    const anonymous = await api('/api/me/signs');
    expect(anonymous.status).toBe(401);
  });

  it("deletes a stamp (the next sign becomes the default); another user's sign answers 404", async () => {
    const owner = await newOwner();
    const stamp = await postSign(owner, { image: b64(makePng(120, 120)), kind: 'generalStamp' });
    expect(stamp.status).toBe(201);
    expect(stamp.body).toMatchObject({ kind: 'generalStamp', isDefault: true });
    const sign = await postSign(owner, { image: b64(makePng(120, 40)), kind: 'upload' });
    expect(sign.status).toBe(201);

    const other = await newOwner();
    const theirs = await giveOwnerSign(other);
    const steal = await api(`/api/me/signs/${theirs.signId}`, { method: 'DELETE', token: owner.token });
    expect(steal.status).toBe(404);
    expect(steal.body.error.code).toBe('ownerSigns.errors.unknownSign');
    expect((await listSigns(other)).body.signs).toHaveLength(1);
    const anonymous = await api(`/api/me/signs/${stamp.body.signId}`, { method: 'DELETE' });
    expect(anonymous.status).toBe(401);

    const removed = await api(`/api/me/signs/${stamp.body.signId}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.signs.map((s: { signId: string }) => s.signId)).toEqual([sign.body.signId]);
    expect(removed.body.defaultSignId).toBe(sign.body.signId);
    const again = await api(`/api/me/signs/${stamp.body.signId}`, { method: 'DELETE', token: owner.token });
    expect(again.status).toBe(404);
  });
});

describe('sending with the owner as a contractor', () => {
  it('answers 409 without a sign, nothing sent; with one, the owner is agreed with the sign image', async () => {
    const owner = await newOwner();
    const email = `signer-${randomUUID()}@example.com`;
    const docuId = await readyToSend(owner, [
      { name: 'Me', contact: owner.email },
      { name: 'Pat Signer', contact: email },
    ]);

    const refused = await send(owner, docuId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('ownerSigns.errors.noSignToSend');
    const still = await api(`/api/documents/${docuId}`, { token: owner.token });
    expect(still.body.status).toBe('SetPos');

    const sign = await giveOwnerSign(owner);
    const sent = await send(owner, docuId);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Agree');
    expect(sent.body.recipients[0]).toMatchObject({
      isOwner: true,
      agreement: 1,
      areas: [expect.objectContaining({ signed: true })],
    });
    expect(sent.body.recipients[1]).toMatchObject({ isOwner: false, agreement: 0 });

    const docs = documentDeps().docs;
    const [me] = await docs.listRecipients(docuId);
    expect(me).toMatchObject({
      isOwner: true,
      agreement: 1,
      areas: [expect.objectContaining({ signed: true, signId: sign.signId })],
    });
    expect(me!.signImageKey).toMatch(new RegExp(`^signs/user/[^/]+/${sign.signId}\\.png$`));
    expect(me!.decidedAt).toEqual(expect.any(String));
    expect(me!.decidedIp).toEqual(expect.any(String));
    const history = await docs.listHistory(docuId);
    expect(history.filter((h) => h.action === 'agree').map((h) => h.actorContact)).toEqual([owner.email]);
    // One request went out, to the other contractor, credited to the owner who sent it (issue #14).
    const transfers = history.filter((h) => h.action === 'transfer');
    expect(transfers.map((h) => [h.actorContact, h.targetContact])).toEqual([[owner.email, email]]);
    // Only the other contractor is asked to sign.
    await eventually(async () => mailsTo(await mailbox(), email)[0], 30000, 'the request e-mail');
    const toOwner = mailsTo(await mailbox(), owner.email).filter((m) => (m.body.text ?? '').includes(docuId));
    expect(toOwner).toEqual([]);
  });

  it('goes to Generating with one seal job when the owner is the only contractor', async () => {
    const owner = await newOwner();
    const docuId = await readyToSend(owner, [{ name: 'Me', contact: owner.email }]);
    await giveOwnerSign(owner);
    const sent = await send(owner, docuId);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('Generating');
    expect(sent.body.recipients[0]).toMatchObject({ isOwner: true, agreement: 1 });
    const history = await documentDeps().docs.listHistory(docuId);
    expect(history.filter((h) => h.action === 'agree')).toHaveLength(1);
    expect(history.filter((h) => h.action === 'all_agree')).toHaveLength(1);
    expect(history.filter((h) => h.action === 'transfer')).toHaveLength(0);
    const again = await send(owner, docuId);
    expect(again.status).toBe(409);
  });
});
