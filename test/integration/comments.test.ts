// Collaborative commenting (issue #29 item 3) through the local gateway, against the real emulators:
// a three-party thread — the owner (a standard plan's buyer), a member of the owner's company and
// each contractor through their own signer link — read and written; a stranger, another contract's
// link and a plan without comments refused; the text rules (empty, 2,001 code points, control
// characters); edits within 5 minutes only (the use case's clock set by the test), deletion by the
// author only; the thread closed once the contract is completed; mention e-mails in the local mailbox
// with the comment escaped; a mention over the send limit saved but not sent; and the history.
import { randomUUID } from 'node:crypto';
import { documentClient } from '../../lambdas/adapters/aws';
import { createEntities } from '../../lambdas/adapters/dynamo/entities';
import { getConfig } from '../../lambdas/config';
import { commentDeps, documentDeps, getDeps } from '../../lambdas/deps';
import { editComment } from '../../lambdas/usecases/comments';
import { counterId, DEFAULT_LIMITS } from '../../lambdas/usecases/limits';
import { signUpConfirmed } from '../support/accounts';
import { api, eventually, mailbox } from '../support/cloud-client';
import { makePng } from '../support/png';
import {
  createDocument,
  mailsTo,
  newOwner,
  signerLinkTo,
  uploadPdf,
  userIdOf,
  type Owner,
} from '../support/documents';

const XSS = '<img src=x onerror=alert(1)><script>alert("x")</script>';
const FACTS = { ip: '127.0.0.1', userAgent: 'jest' };

const ownerPath = (docuId: string, rest = '') => `/api/documents/${docuId}/comments${rest}`;
const signerPath = (docuId: string, token: string, rest = '') =>
  `/api/sign/${docuId}/${token}/comments${rest}`;

/** A buyer on the standard plan (as the webhook writes it), with one company member signed up. */
async function company(): Promise<{ owner: Owner; ownerId: string; member: Owner }> {
  const owner = await newOwner('en', 'Olivia Owner');
  const ownerId = await userIdOf(owner);
  await getDeps().repo.update(ownerId, {
    plan: 'month_standard',
    seats: 3,
    validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    subscriptionStatus: 'active',
    ticketLots: [],
    availableTickets: 0,
  });
  const memberEmail = `member-${randomUUID()}@example.com`;
  const member = await signUpConfirmed(memberEmail, { name: 'Mel Member' });
  const saved = await api('/api/billing/members', {
    method: 'PUT',
    token: owner.token,
    body: { members: [memberEmail] },
  });
  expect(saved.status).toBe(200);
  return { owner, ownerId, member };
}

/** A contract sent to `names` (e-mail contractors, in parallel, one area each). */
async function sent(owner: Owner, names: readonly string[], title = 'Comment thread contract') {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const emails = names.map(() => `contractor-${randomUUID()}@example.com`);
  const put = (path: string, body: unknown) => api(path, { method: 'PUT', token: owner.token, body });
  expect(
    (
      await put(`/api/documents/${docuId}/recipients`, {
        recipients: names.map((name, i) => ({ name, contact: emails[i] })),
        finalRecipients: [],
        lang: 'en',
      })
    ).status,
  ).toBe(200);
  const areas = names.map((_, i) => ({
    recipientIndex: i,
    pageIndex: 0,
    x: 50,
    y: 60 + 50 * i,
    width: 120,
    height: 40,
  }));
  expect((await put(`/api/documents/${docuId}/areas`, { areas })).status).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title, privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  const send = await api(`/api/documents/${docuId}/send`, {
    method: 'POST',
    token: owner.token,
    body: { lang: 'en' },
  });
  expect(send.status).toBe(200);
  const tokens: string[] = [];
  for (const e of emails) tokens.push((await signerLinkTo(e)).token);
  return { docuId, emails, tokens };
}

async function signAndAgree(docuId: string, token: string) {
  const base = `/api/sign/${docuId}/${token}`;
  const view = await api(base);
  expect(view.status).toBe(200);
  const mine = (view.body.recipients as { mine: boolean; areas: { areaIndex: number }[] }[]).find(
    (r) => r.mine,
  )!;
  const sign = await api(`${base}/signs`, {
    method: 'POST',
    body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(`${base}/areas`, {
    method: 'PUT',
    body: { signs: mine.areas.map((a) => ({ areaIndex: a.areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
  return api(`${base}/agree`, { method: 'POST', body: { lang: 'en' } });
}

const errorOf = (res: { status: number; body: { error?: { code?: string } } }) => ({
  status: res.status,
  code: res.body.error?.code,
});

describe('a three-party thread', () => {
  let owner: Owner;
  let ownerId: string;
  let member: Owner;
  let docuId: string;
  let emails: string[];
  let tokens: string[];

  beforeAll(async () => {
    ({ owner, ownerId, member } = await company());
    ({ docuId, emails, tokens } = await sent(owner, ['Carl Contractor', 'Dana Second']));
  }, 240000);

  it('the owner, a company member and each contractor read and post; mentions are mailed escaped', async () => {
    const first = await api(ownerPath(docuId), {
      method: 'POST',
      token: owner.token,
      body: { text: `Hello @Carl Contractor ${XSS}` },
    });
    expect(first.status).toBe(201);
    expect(first.body.comment).toMatchObject({
      author: { kind: 'owner', name: 'Olivia Owner' },
      mine: true,
      canEdit: true,
    });
    expect(first.body.mentions).toEqual([{ name: 'Carl Contractor', sent: true }]);

    const fromMember = await api(ownerPath(docuId), {
      method: 'POST',
      token: member.token,
      body: { text: `@${owner.email} please check` },
    });
    expect(fromMember.status).toBe(201);
    expect(fromMember.body.comment.author).toEqual({ kind: 'member', name: 'Mel Member' });

    const fromCarl = await api(signerPath(docuId, tokens[0]!), {
      method: 'POST',
      body: { text: `  Noted, @${member.email}\nsecond line  ` },
    });
    expect(fromCarl.status).toBe(201);
    expect(fromCarl.body.comment).toMatchObject({
      author: { kind: 'recipient', name: 'Carl Contractor' },
      text: `Noted, @${member.email}\nsecond line`,
    });
    expect(fromCarl.body.mentions).toEqual([{ name: member.email, sent: true }]);

    // Everyone reads the same thread, in order, with the payload as plain text.
    for (const read of [
      () => api(ownerPath(docuId), { token: owner.token }),
      () => api(ownerPath(docuId), { token: member.token }),
      () => api(signerPath(docuId, tokens[1]!)),
    ]) {
      const res = await read();
      expect(res.status).toBe(200);
      expect(res.body.comments.map((c: { text: string }) => c.text)).toEqual([
        `Hello @Carl Contractor ${XSS}`,
        `@${owner.email} please check`,
        `Noted, @${member.email}\nsecond line`,
      ]);
      expect(res.body.open).toBe(true);
      expect(res.body.contract.title).toBe('Comment thread contract');
    }
    // A contractor sees who may be mentioned, without the others' addresses.
    const asDana = await api(signerPath(docuId, tokens[1]!));
    expect(asDana.body.viewer).toEqual({ kind: 'recipient', name: 'Dana Second' });
    const hints = (asDana.body.participants as { hint: string; label: string }[])
      .map((p) => p.hint)
      .join(' ');
    expect(hints).not.toContain(owner.email);
    expect(hints).not.toContain(emails[0]);
    expect((asDana.body.participants as { label: string }[]).map((p) => p.label)).toContain(
      'Carl Contractor',
    );

    // The mention e-mails: the comment escaped in HTML, literal in text; links without any token.
    const carlMail = await eventually(
      async () => mailsTo(await mailbox(), emails[0]!).find((m) => m.subject.includes('mentioned you')),
      30000,
      'the mention e-mail to the contractor',
    );
    expect(carlMail.subject).toBe('[SignSeal] Olivia Owner mentioned you: Comment thread contract');
    expect(carlMail.body.html).toContain(
      '&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;',
    );
    expect(carlMail.body.html).not.toMatch(/<img|<script/i);
    expect(carlMail.body.text).toContain(XSS);
    expect(carlMail.body.text).not.toMatch(/outsign/);
    const ownerMail = await eventually(
      async () => mailsTo(await mailbox(), owner.email).find((m) => m.subject.includes('mentioned you')),
      30000,
      'the mention e-mail to the owner',
    );
    expect(ownerMail.body.html).toContain(`/en/home/comments/${docuId}`);
    const memberMail = await eventually(
      async () => mailsTo(await mailbox(), member.email).find((m) => m.subject.includes('mentioned you')),
      30000,
      'the mention e-mail to the member',
    );
    expect(memberMail.body.html).toContain(`/en/home/comments/${docuId}`);
    expect(memberMail.body.html).toContain('second line');
  }, 180000);

  it('refuses a stranger, another contract’s link and bad texts', async () => {
    const stranger = await newOwner('en', 'Sam Stranger');
    expect(errorOf(await api(ownerPath(docuId), { token: stranger.token }))).toEqual({
      status: 404,
      code: 'errors.notFound',
    });
    expect(
      errorOf(await api(ownerPath(docuId), { method: 'POST', token: stranger.token, body: { text: 'hi' } })),
    ).toEqual({ status: 404, code: 'errors.notFound' });
    expect((await api(ownerPath(docuId))).status).toBe(401);

    const other = await sent(stranger, ['Otto Other'], 'Other contract');
    expect(errorOf(await api(signerPath(docuId, other.tokens[0]!)))).toEqual({
      status: 404,
      code: 'signing.errors.invalidLink',
    });
    expect(
      errorOf(await api(signerPath(docuId, other.tokens[0]!), { method: 'POST', body: { text: 'sneak' } })),
    ).toEqual({ status: 404, code: 'signing.errors.invalidLink' });

    const post = (text: unknown) =>
      api(ownerPath(docuId), { method: 'POST', token: owner.token, body: { text } });
    expect(errorOf(await post('   '))).toEqual({ status: 400, code: 'comments.errors.empty' });
    expect(errorOf(await post('😀'.repeat(2001)))).toEqual({ status: 400, code: 'comments.errors.tooLong' });
    expect((await post('😀'.repeat(2000))).status).toBe(201);
    expect(errorOf(await post('bidi \u202e trick'))).toEqual({ status: 400, code: 'errors.validation' });
    expect(errorOf(await post(42))).toEqual({ status: 400, code: 'errors.validation' });
  }, 240000);

  it('edits within 5 minutes by the author only; deletes by the author only; keeps the history', async () => {
    const posted = await api(signerPath(docuId, tokens[1]!), {
      method: 'POST',
      body: { text: 'first draft' },
    });
    expect(posted.status).toBe(201);
    const id = posted.body.comment.commentId as string;

    // Someone else: the owner, the other contractor.
    expect(
      errorOf(
        await api(ownerPath(docuId, `/${id}`), { method: 'PATCH', token: owner.token, body: { text: 'x' } }),
      ),
    ).toEqual({ status: 403, code: 'comments.errors.notAuthor' });
    expect(errorOf(await api(signerPath(docuId, tokens[0]!, `/${id}`), { method: 'DELETE' }))).toEqual({
      status: 403,
      code: 'comments.errors.notAuthor',
    });

    const edited = await api(signerPath(docuId, tokens[1]!, `/${id}`), {
      method: 'PATCH',
      body: { text: 'final text' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ text: 'final text', deleted: false });
    expect(edited.body.editedAt).not.toBeNull();

    // Six minutes later (the use case's clock): too late to edit.
    const later = { ...commentDeps(), clock: { now: () => new Date(Date.now() + 6 * 60_000) } };
    await expect(
      editComment(later, { token: tokens[1]! }, docuId, id, { text: 'late' }, FACTS),
    ).rejects.toMatchObject({
      code: 'comments.errors.editWindow',
      status: 409,
    });

    const removed = await api(signerPath(docuId, tokens[1]!, `/${id}`), { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ deleted: true, text: null, canEdit: false, canDelete: false });
    const thread = await api(ownerPath(docuId), { token: owner.token });
    const shown = (
      thread.body.comments as { commentId: string; deleted: boolean; text: string | null }[]
    ).find((c) => c.commentId === id);
    expect(shown).toMatchObject({ deleted: true, text: null });
    expect(errorOf(await api(signerPath(docuId, tokens[1]!, `/${id}`), { method: 'DELETE' }))).toEqual({
      status: 404,
      code: 'comments.errors.notFound',
    });

    const history = await documentDeps().docs.listHistory(docuId);
    const actions = history.map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['comment', 'comment_edit', 'comment_delete']));
    const xss = history.find((h) => h.action === 'comment' && h.reason?.includes('onerror'));
    expect(xss?.actorName).toBe('Olivia Owner');
    expect(history.find((h) => h.action === 'comment_edit')?.reason).toBe('final text');
  }, 180000);

  it('over the send limit a mention is saved but not sent, and the author is told', async () => {
    // The member's address has had all the messages it may get this hour.
    const entities = createEntities(documentClient(), getConfig().TABLE_NAME);
    await entities.rateCounter
      .put({
        counterId: counterId('messagesPerRecipient', member.email),
        count: DEFAULT_LIMITS.messagesPerRecipient.limit,
        windowEnd: Date.now() + 3_600_000,
        ttl: Math.floor(Date.now() / 1000) + 3600,
      })
      .go();
    const before = mailsTo(await mailbox(), member.email).length;
    const res = await api(ownerPath(docuId), {
      method: 'POST',
      token: owner.token,
      body: { text: `@${member.email} over the limit` },
    });
    expect(res.status).toBe(201);
    expect(res.body.mentions).toEqual([{ name: member.email, sent: false }]);
    const list = await api(ownerPath(docuId), { token: owner.token });
    expect(list.body.comments.at(-1).text).toBe(`@${member.email} over the limit`);
    // A later mention to someone else still goes (the owner's own budget was not spent by the refusal).
    const ok = await api(ownerPath(docuId), {
      method: 'POST',
      token: owner.token,
      body: { text: '@Dana Second ok' },
    });
    expect(ok.body.mentions).toEqual([{ name: 'Dana Second', sent: true }]);
    await eventually(
      async () => mailsTo(await mailbox(), emails[1]!).some((m) => m.subject.includes('mentioned you')),
      30000,
      'the mention to Dana',
    );
    expect(mailsTo(await mailbox(), member.email).length).toBe(before);
    void ownerId;
  }, 120000);
});

describe('who has the thread', () => {
  it('is closed to new comments, edits and deletions once the contract is completed', async () => {
    const owner = await newOwner('en', 'Trial Owner');
    const { docuId, tokens } = await sent(owner, ['Solo Signer'], 'Closing contract');
    const posted = await api(ownerPath(docuId), {
      method: 'POST',
      token: owner.token,
      body: { text: 'before' },
    });
    expect(posted.status).toBe(201);
    expect((await signAndAgree(docuId, tokens[0]!)).status).toBe(200);
    const thread = await api(ownerPath(docuId), { token: owner.token });
    expect(thread.status).toBe(200);
    expect(thread.body.open).toBe(false);
    expect(thread.body.comments[0]).toMatchObject({ text: 'before', canEdit: false, canDelete: false });
    expect(
      errorOf(await api(ownerPath(docuId), { method: 'POST', token: owner.token, body: { text: 'after' } })),
    ).toEqual({ status: 409, code: 'comments.errors.closed' });
    const id = posted.body.comment.commentId as string;
    expect(
      errorOf(
        await api(ownerPath(docuId, `/${id}`), { method: 'PATCH', token: owner.token, body: { text: 'x' } }),
      ),
    ).toEqual({ status: 409, code: 'comments.errors.closed' });
    expect(errorOf(await api(ownerPath(docuId, `/${id}`), { method: 'DELETE', token: owner.token }))).toEqual(
      {
        status: 409,
        code: 'comments.errors.closed',
      },
    );
  }, 240000);

  it('a voided contract: the contractor’s link is refused as everywhere, the owner reads a closed thread', async () => {
    const owner = await newOwner('en', 'Void Owner');
    const { docuId, tokens } = await sent(owner, ['Vera Voided'], 'Voided contract');
    expect(
      (await api(signerPath(docuId, tokens[0]!), { method: 'POST', body: { text: 'hello' } })).status,
    ).toBe(201);
    const voided = await api(`/api/documents/${docuId}/void`, {
      method: 'POST',
      token: owner.token,
      body: { reason: 'Wrong terms', lang: 'en' },
    });
    expect(voided.status).toBe(200);
    expect(errorOf(await api(signerPath(docuId, tokens[0]!)))).toEqual({
      status: 409,
      code: 'signing.errors.voided',
    });
    expect(
      errorOf(await api(signerPath(docuId, tokens[0]!), { method: 'POST', body: { text: 'still here?' } })),
    ).toEqual({ status: 409, code: 'signing.errors.voided' });
    const thread = await api(ownerPath(docuId), { token: owner.token });
    expect(thread.body.open).toBe(false);
    expect(thread.body.comments.map((c: { text: string }) => c.text)).toEqual(['hello']);
  }, 180000);

  it('a draft takes the owner’s comments, and deleting the document deletes its thread', async () => {
    const owner = await newOwner('en', 'Draft Owner');
    const docuId = await createDocument(owner);
    const posted = await api(ownerPath(docuId), {
      method: 'POST',
      token: owner.token,
      body: { text: 'note to self' },
    });
    expect(posted.status).toBe(201);
    expect((await commentDeps().comments.listNewest(docuId, 10)).map((c) => c.text)).toEqual([
      'note to self',
    ]);
    expect((await api(`/api/documents/${docuId}`, { method: 'DELETE', token: owner.token })).status).toBe(
      200,
    );
    expect(await commentDeps().comments.listNewest(docuId, 10)).toEqual([]);
  }, 120000);

  it('refuses an author past 60 comments an hour (429, nothing stored)', async () => {
    const owner = await newOwner('en', 'Chatty Owner');
    const docuId = await createDocument(owner);
    const post = (text: string) =>
      api(ownerPath(docuId), { method: 'POST', token: owner.token, body: { text } });
    for (let i = 0; i < 60; i++) expect((await post(`note ${i}`)).status).toBe(201);
    const refused = await post('one too many');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('errors.tooManyRequests');
    const stored = await commentDeps().comments.listNewest(docuId, 100);
    expect(stored).toHaveLength(60);
    expect(stored.map((c) => c.text)).not.toContain('one too many');
  }, 180000);

  it('answers 403 when the owner’s plan has no comments (a Personal plan)', async () => {
    const owner = await newOwner('en', 'Personal Owner');
    const docuId = await createDocument(owner);
    await getDeps().repo.update(await userIdOf(owner), {
      plan: 'month_personal',
      validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      subscriptionStatus: 'active',
      ticketLots: [],
      availableTickets: 0,
    });
    expect(errorOf(await api(ownerPath(docuId), { token: owner.token }))).toEqual({
      status: 403,
      code: 'comments.errors.notIncluded',
    });
    expect(
      errorOf(await api(ownerPath(docuId), { method: 'POST', token: owner.token, body: { text: 'hi' } })),
    ).toEqual({ status: 403, code: 'comments.errors.notIncluded' });
  }, 120000);
});
