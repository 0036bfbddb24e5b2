// Routing (issue #28) through the local gateway, against the real emulators: roles and signing groups
// saved with the contractors, the turn enforced on every signer call, the next group's requests sent
// exactly once, viewers and approvers, delegation, the owner's remind now / change contact / void /
// expiry, and the scheduled jobs (reminders and expiry) run on a clock the test sets — the Clock port
// the local test clock also drives.
import { randomUUID } from 'node:crypto';
import { documentDeps, routingDeps } from '../../lambdas/deps';
import { processScheduledJob } from '../../lambdas/usecases/routing-jobs';
import { issueSignerToken } from '../../lambdas/usecases/signer-tokens';
import { api, eventually, mailbox } from '../support/cloud-client';
import { makePng } from '../support/png';
import { createDocument, mailsTo, newOwner, signerLinkTo, uploadPdf, type Owner } from '../support/documents';

interface Row {
  name: string;
  role?: 'signer' | 'approver' | 'viewer';
  group?: number;
}

interface Routed {
  owner: Owner;
  docuId: string;
  /** The contractors' e-mail addresses, in row order. */
  emails: string[];
}

const BOX = { pageIndex: 0, x: 50, y: 60, width: 120, height: 40 };
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

/** A contract of `rows` (one area per signer), with `routing`, sent by a new owner. */
async function routedContract(
  rows: readonly Row[],
  routing: Record<string, unknown> = {},
  title = 'Routed contract',
): Promise<Routed> {
  const owner = await newOwner('en');
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const emails = rows.map(() => `routing-${randomUUID()}@example.com`);
  const saved = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: {
      recipients: rows.map((r, i) => ({ name: r.name, contact: emails[i], role: r.role, group: r.group })),
      finalRecipients: [],
      lang: 'en',
      routing: {
        order: 'sequential',
        reminders: null,
        expiresAt: null,
        allowDelegation: false,
        ...routing,
      },
    },
  });
  expect(saved.status).toBe(200);
  const areas = rows.flatMap((r, i) =>
    (r.role ?? 'signer') === 'signer' ? [{ recipientIndex: i, ...BOX, y: 60 + 50 * i }] : [],
  );
  expect(
    (await api(`/api/documents/${docuId}/areas`, { method: 'PUT', token: owner.token, body: { areas } }))
      .status,
  ).toBe(200);
  expect(
    (
      await api(`/api/documents/${docuId}`, {
        method: 'PATCH',
        token: owner.token,
        body: { title, privateinfoAgree: true },
      })
    ).status,
  ).toBe(200);
  const sent = await api(`/api/documents/${docuId}/send`, {
    method: 'POST',
    token: owner.token,
    body: { lang: 'en' },
  });
  expect(sent.status).toBe(200);
  return { owner, docuId, emails };
}

/** Signs every area of the link holder (a fresh sign image) and agrees. */
async function signAndAgree(docuId: string, token: string) {
  const view = await api(signPath(docuId, token));
  expect(view.status).toBe(200);
  const mine = (view.body.recipients as { mine: boolean; areas: { areaIndex: number }[] }[]).find(
    (r) => r.mine,
  )!;
  if (mine.areas.length > 0) {
    const sign = await api(signPath(docuId, token, '/signs'), {
      method: 'POST',
      body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
    });
    expect(sign.status).toBe(201);
    const applied = await api(signPath(docuId, token, '/areas'), {
      method: 'PUT',
      body: { signs: mine.areas.map((a) => ({ areaIndex: a.areaIndex, signId: sign.body.signId })) },
    });
    expect(applied.status).toBe(200);
  }
  return api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
}

const countMails = async (address: string) => mailsTo(await mailbox(), address).length;

/** A link of `index` that exists before its turn (as one made for an earlier contact would). */
async function linkBeforeTurn(docuId: string, index: number): Promise<string> {
  const { token, record } = issueSignerToken(docuId, index, new Date());
  await routingDeps().signers.putToken(record);
  return token;
}

const historyOf = (docuId: string) => documentDeps().docs.listHistory(docuId);
const recipientsOf = (docuId: string) => documentDeps().docs.listRecipients(docuId);
const at = (ms: number) => ({ now: () => new Date(Date.now() + ms) });

describe('roles and groups saved with the contractors', () => {
  it('refuses a non-signer owner, only viewers, fields for a viewer and an expiry in the past', async () => {
    const owner = await newOwner('en');
    const docuId = await createDocument(owner);
    expect((await uploadPdf(owner, docuId)).status).toBe(200);
    const save = (recipients: unknown[], routing?: unknown) =>
      api(`/api/documents/${docuId}/recipients`, {
        method: 'PUT',
        token: owner.token,
        body: { recipients, finalRecipients: [], lang: 'en', ...(routing ? { routing } : {}) },
      });
    const viewerOnly = await save([{ name: 'V', contact: 'v@example.com', role: 'viewer' }]);
    expect(viewerOnly.status).toBe(400);
    expect(viewerOnly.body.error.code).toBe('routing.errors.noBlocker');
    const ownerApprover = await save([
      { name: 'Me', contact: owner.email, role: 'approver' },
      { name: 'S', contact: 's@example.com' },
    ]);
    expect(ownerApprover.status).toBe(400);
    expect(ownerApprover.body.error.code).toBe('routing.errors.ownerRole');
    const badGroup = await save([{ name: 'S', contact: 's@example.com', group: 0 }]);
    expect(badGroup.status).toBe(400);
    const past = await save([{ name: 'S', contact: 's@example.com' }], {
      order: 'parallel',
      reminders: null,
      expiresAt: new Date(Date.now() - DAY).toISOString(),
      allowDelegation: false,
    });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('routing.errors.expiryInPast');
    const badReminders = await save([{ name: 'S', contact: 's@example.com' }], {
      order: 'parallel',
      reminders: { firstAfterDays: 0, everyDays: 3, max: 2 },
      expiresAt: null,
      allowDelegation: false,
    });
    expect(badReminders.status).toBe(400);

    const ok = await save(
      [
        { name: 'S', contact: 's@example.com', group: 5 },
        { name: 'A', contact: 'a@example.com', role: 'approver', group: 9 },
        { name: 'V', contact: 'v@example.com', role: 'viewer', group: 5 },
      ],
      {
        order: 'sequential',
        reminders: { firstAfterDays: 2, everyDays: 3, max: 2 },
        expiresAt: null,
        allowDelegation: true,
      },
    );
    expect(ok.status).toBe(200);
    // Groups made contiguous; settings kept.
    expect(ok.body.recipients.map((r: { role: string; group: number }) => [r.role, r.group])).toEqual([
      ['signer', 1],
      ['approver', 2],
      ['viewer', 1],
    ]);
    expect(ok.body.routing).toEqual({
      order: 'sequential',
      reminders: { firstAfterDays: 2, everyDays: 3, max: 2 },
      expiresAt: null,
      allowDelegation: true,
    });
    const viewerArea = await api(`/api/documents/${docuId}/areas`, {
      method: 'PUT',
      token: owner.token,
      body: {
        areas: [
          { recipientIndex: 0, ...BOX },
          { recipientIndex: 2, ...BOX, y: 200 },
        ],
      },
    });
    expect(viewerArea.status).toBe(400);
    expect(viewerArea.body.error).toMatchObject({
      code: 'routing.errors.roleHasNoFields',
      details: { name: 'V' },
    });
    // The approver and the viewer need no area: the signer's one is enough.
    const areas = await api(`/api/documents/${docuId}/areas`, {
      method: 'PUT',
      token: owner.token,
      body: { areas: [{ recipientIndex: 0, ...BOX }] },
    });
    expect(areas.status).toBe(200);
  });
});

describe('signing order', () => {
  it('runs signer → approver + signer → signer with a viewer, refuses an early link, and opens each group once', async () => {
    const c = await routedContract([
      { name: 'First Signer', group: 1 },
      { name: 'Second Approver', role: 'approver', group: 2 },
      { name: 'Second Signer', group: 2 },
      { name: 'Third Signer', group: 3 },
      { name: 'The Viewer', role: 'viewer', group: 1 },
    ]);
    const [first, approver, second, third, viewer] = c.emails as [string, string, string, string, string];
    const firstLink = await signerLinkTo(first);
    const viewerLink = await signerLinkTo(viewer);
    // Only the first group and the viewer were sent requests.
    expect(await countMails(approver)).toBe(0);
    expect(await countMails(second)).toBe(0);
    expect(await countMails(third)).toBe(0);

    // The viewer reads, and cannot act.
    const viewed = await api(signPath(c.docuId, viewerLink.token));
    expect(viewed.status).toBe(200);
    expect(viewed.body.me).toMatchObject({ role: 'viewer' });
    const viewerAgree = await api(signPath(c.docuId, viewerLink.token, '/agree'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(viewerAgree.status).toBe(409);
    expect(viewerAgree.body.error.code).toBe('signing.errors.viewerOnly');

    // The third group's link used early: the view and every action answer 409 with whom it waits for.
    const early = await linkBeforeTurn(c.docuId, 3);
    const earlyView = await api(signPath(c.docuId, early));
    expect(earlyView.status).toBe(409);
    expect(earlyView.body.error).toMatchObject({
      code: 'signing.errors.notYourTurn',
      details: { waitingFor: ['First Signer'] },
    });
    for (const [path, body] of [
      ['/agree', { lang: 'en' }],
      ['/deny', { reason: 'no', lang: 'en' }],
      ['/signs', { image: Buffer.from(makePng(60, 30)).toString('base64') }],
    ] as const) {
      const res = await api(signPath(c.docuId, early, path), { method: 'POST', body });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('signing.errors.notYourTurn');
    }

    // The first group agrees: the second group's requests go (the approver's as an approval).
    expect((await signAndAgree(c.docuId, firstLink.token)).status).toBe(200);
    const approverLink = await signerLinkTo(approver);
    const secondLink = await signerLinkTo(second);
    const approvalMail = mailsTo(await mailbox(), approver)[0]!;
    expect(approvalMail.subject).toContain('approval');
    expect(await countMails(third)).toBe(0);
    const earlyAgain = await api(signPath(c.docuId, early));
    expect(earlyAgain.body.error.details.waitingFor.sort()).toEqual(['Second Approver', 'Second Signer']);

    // The approver approves with no fields while the second signer signs: the two last agreements
    // of the group race, and the third group is opened once.
    const secondView = await api(signPath(c.docuId, secondLink.token));
    const secondAreas = (
      secondView.body.recipients as { mine: boolean; areas: { areaIndex: number }[] }[]
    ).find((r) => r.mine)!.areas;
    const sign = await api(signPath(c.docuId, secondLink.token, '/signs'), {
      method: 'POST',
      body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
    });
    await api(signPath(c.docuId, secondLink.token, '/areas'), {
      method: 'PUT',
      body: { signs: secondAreas.map((a) => ({ areaIndex: a.areaIndex, signId: sign.body.signId })) },
    });
    const [a, b] = await Promise.all([
      api(signPath(c.docuId, approverLink.token, '/agree'), { method: 'POST', body: { lang: 'en' } }),
      api(signPath(c.docuId, secondLink.token, '/agree'), { method: 'POST', body: { lang: 'en' } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const thirdLink = await signerLinkTo(third);
    // Settled: exactly one request and one 'transfer' item for the third signer.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await countMails(third)).toBe(1);
    const transfers = (await historyOf(c.docuId)).filter(
      (h) => h.action === 'transfer' && h.targetContact === third,
    );
    expect(transfers).toHaveLength(1);
    // The early link of the third contractor was never theirs to keep: the request's link works.
    expect((await signAndAgree(c.docuId, thirdLink.token)).status).toBe(200);
    const details = await eventually(
      async () => {
        const d = await api(`/api/documents/${c.docuId}/details`, { token: c.owner.token });
        return d.body.status === 'Completed' ? d : null;
      },
      90000,
      'the routed contract to complete',
    );
    expect(details.body.recipients.map((r: { role: string; group: number }) => [r.role, r.group])).toEqual([
      ['signer', 1],
      ['approver', 2],
      ['signer', 2],
      ['signer', 3],
      ['viewer', 1],
    ]);
    // The viewer receives the final document like every party.
    await eventually(async () => (await countMails(viewer)) >= 2, 60000, 'the completion mail to the viewer');
  });

  it('keeps parallel order: everyone gets the request at sending', async () => {
    const c = await routedContract(
      [
        { name: 'P1', group: 1 },
        { name: 'P2', group: 2 },
      ],
      { order: 'parallel' },
    );
    await signerLinkTo(c.emails[0]!);
    const second = await signerLinkTo(c.emails[1]!);
    expect((await api(signPath(c.docuId, second.token))).status).toBe(200);
  });
});

describe('reminders', () => {
  it('reminds on schedule those whose turn it is, once per reminder, with a fresh link, and stops when they sign', async () => {
    const c = await routedContract([{ name: 'Slow Signer' }, { name: 'Later Signer', group: 2 }], {
      reminders: { firstAfterDays: 2, everyDays: 3, max: 2 },
    });
    const [slow, later] = c.emails as [string, string];
    const original = await signerLinkTo(slow);
    const row = (await recipientsOf(c.docuId)).find((r) => r.index === 0)!;
    expect(row.turnOpenedAt).toBeDefined();
    const job = {
      kind: 'reminder' as const,
      docuId: c.docuId,
      index: 0,
      n: 1,
      turnOpenedAt: row.turnOpenedAt!,
    };
    await processScheduledJob({ ...routingDeps(), clock: at(2 * DAY + HOUR) }, job);
    // Delivered twice: reminded once.
    await processScheduledJob({ ...routingDeps(), clock: at(2 * DAY + HOUR) }, job);
    const reminders = await eventually(
      async () => {
        const m = mailsTo(await mailbox(), slow).filter((x) => x.subject.includes('Reminder'));
        return m.length > 0 ? m : null;
      },
      30000,
      'the reminder',
    );
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(await mailbox(), slow).filter((x) => x.subject.includes('Reminder'))).toHaveLength(1);
    expect(reminders[0]!.body.text).toContain('/outsign/');
    // The reminder's link replaces the first one (as a resend does).
    expect((await api(signPath(c.docuId, original.token))).status).toBe(404);
    const fresh = /\/outsign\/[0-9a-z]+\/([A-Za-z0-9_-]{43})/.exec(reminders[0]!.body.text!)![1]!;
    const after = (await recipientsOf(c.docuId)).find((r) => r.index === 0)!;
    expect(after.remindersSent).toBe(1);
    expect(after.lastRemindedAt).toBeDefined();
    const history = await historyOf(c.docuId);
    expect(history.filter((h) => h.action === 'remind' && h.targetContact === slow)).toHaveLength(1);
    // Details show who was reminded and what is scheduled next.
    const details = await api(`/api/documents/${c.docuId}/details`, { token: c.owner.token });
    expect(details.body.recipients[0]).toMatchObject({ turn: true, remindersSent: 1, role: 'signer' });
    expect(details.body.flow.scheduled[0]).toMatchObject({ kind: 'reminder', index: 0, name: 'Slow Signer' });
    expect(Date.parse(details.body.flow.scheduled[0].at) - Date.parse(row.turnOpenedAt!)).toBe(5 * DAY);
    // The second group is never reminded before its turn.
    await processScheduledJob(
      { ...routingDeps(), clock: at(3 * DAY) },
      { kind: 'reminder', docuId: c.docuId, index: 1, n: 1, turnOpenedAt: row.turnOpenedAt! },
    );
    expect(await countMails(later)).toBe(0);
    // Signed: the next reminder finds nothing to do.
    expect((await signAndAgree(c.docuId, fresh)).status).toBe(200);
    await processScheduledJob({ ...routingDeps(), clock: at(5 * DAY + HOUR) }, { ...job, n: 2 });
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(await mailbox(), slow).filter((x) => x.subject.includes('Reminder'))).toHaveLength(1);
  });

  it('lets the owner remind now whose turn it is, and refuses the others', async () => {
    const c = await routedContract([{ name: 'Now' }, { name: 'Later', group: 2 }]);
    await signerLinkTo(c.emails[0]!);
    const now = await api(`/api/documents/${c.docuId}/recipients/0/remind`, {
      method: 'POST',
      token: c.owner.token,
      body: { lang: 'en' },
    });
    expect(now.status).toBe(200);
    await eventually(
      async () => mailsTo(await mailbox(), c.emails[0]!).some((m) => m.subject.includes('Reminder')),
      30000,
      'the reminder sent now',
    );
    const later = await api(`/api/documents/${c.docuId}/recipients/1/remind`, {
      method: 'POST',
      token: c.owner.token,
      body: { lang: 'en' },
    });
    expect(later.status).toBe(409);
    expect(later.body.error.code).toBe('routing.errors.notTheirTurn');
  });
});

describe('expiry', () => {
  it('expires, refuses the links with the date, tells the owner, is extended, and completes', async () => {
    const expiresAt = new Date(Date.now() + 2 * HOUR).toISOString();
    const c = await routedContract([{ name: 'Expiring Signer' }], { expiresAt });
    const link = await signerLinkTo(c.emails[0]!);
    const job = { kind: 'expire' as const, docuId: c.docuId, expiresAt };
    // Delivered early: nothing changes.
    await processScheduledJob(routingDeps(), job);
    expect((await documentDeps().docs.getDocument(c.docuId))!.status).toBe('Agree');
    await processScheduledJob({ ...routingDeps(), clock: at(3 * HOUR) }, job);
    const doc = (await documentDeps().docs.getDocument(c.docuId))!;
    expect(doc.status).toBe('Expired');
    const refused = await api(signPath(c.docuId, link.token));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'signing.errors.expired',
      details: { expiredAt: expiresAt },
    });
    await eventually(
      async () => mailsTo(await mailbox(), c.owner.email).some((m) => m.subject.includes('expired')),
      30000,
      "the owner's expiry notice",
    );
    const list = await api('/api/documents?tab=expired', { token: c.owner.token });
    expect(list.body.items.map((i: { docuId: string }) => i.docuId)).toContain(c.docuId);
    // A bad new date is refused; a good one reopens the contract.
    const past = await api(`/api/documents/${c.docuId}/expiry`, {
      method: 'PUT',
      token: c.owner.token,
      body: { expiresAt: new Date(Date.now() - HOUR).toISOString(), lang: 'en' },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('routing.errors.expiryInPast');
    const extended = await api(`/api/documents/${c.docuId}/expiry`, {
      method: 'PUT',
      token: c.owner.token,
      body: { expiresAt: new Date(Date.now() + 2 * DAY).toISOString(), lang: 'en' },
    });
    expect(extended.status).toBe(200);
    expect(extended.body.status).toBe('Agree');
    // The old expiry job, delivered late, changes nothing (the date moved).
    await processScheduledJob({ ...routingDeps(), clock: at(3 * HOUR) }, job);
    expect((await signAndAgree(c.docuId, link.token)).status).toBe(200);
    await eventually(
      async () => (await documentDeps().docs.getDocument(c.docuId))!.status === 'Completed',
      90000,
      'the extended contract to complete',
    );
    const extendAfter = await api(`/api/documents/${c.docuId}/expiry`, {
      method: 'PUT',
      token: c.owner.token,
      body: { expiresAt: new Date(Date.now() + 2 * DAY).toISOString(), lang: 'en' },
    });
    expect(extendAfter.status).toBe(409);
    expect(extendAfter.body.error.code).toBe('routing.errors.cannotExtend');
  });

  it('ends an expiry racing the last agreement in one state', async () => {
    for (let round = 0; round < 3; round++) {
      const expiresAt = new Date(Date.now() + 2 * HOUR).toISOString();
      const c = await routedContract([{ name: 'Racer' }], { expiresAt });
      const link = await signerLinkTo(c.emails[0]!);
      const view = await api(signPath(c.docuId, link.token));
      const areas = (view.body.recipients as { mine: boolean; areas: { areaIndex: number }[] }[]).find(
        (r) => r.mine,
      )!.areas;
      const sign = await api(signPath(c.docuId, link.token, '/signs'), {
        method: 'POST',
        body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
      });
      await api(signPath(c.docuId, link.token, '/areas'), {
        method: 'PUT',
        body: { signs: areas.map((a) => ({ areaIndex: a.areaIndex, signId: sign.body.signId })) },
      });
      const [agreed] = await Promise.all([
        api(signPath(c.docuId, link.token, '/agree'), { method: 'POST', body: { lang: 'en' } }),
        processScheduledJob(
          { ...routingDeps(), clock: at(3 * HOUR) },
          { kind: 'expire', docuId: c.docuId, expiresAt },
        ),
      ]);
      const status = (await documentDeps().docs.getDocument(c.docuId))!.status;
      if (agreed.status === 200) {
        expect(status).not.toBe('Expired');
      } else {
        expect(agreed.body.error.code).toBe('signing.errors.expired');
        expect(status).toBe('Expired');
      }
    }
  });
});

describe('delegation, contact change and void', () => {
  it('forwards a request when allowed: the new person signs, the old link stops, the history names both', async () => {
    const c = await routedContract([{ name: 'Busy Manager' }], { allowDelegation: true });
    const link = await signerLinkTo(c.emails[0]!);
    const delegateTo = `colleague-${randomUUID()}@example.com`;
    const missingReason = await api(signPath(c.docuId, link.token, '/delegate'), {
      method: 'POST',
      body: { name: 'Colleague', contact: delegateTo, reason: '  ', lang: 'en' },
    });
    expect(missingReason.status).toBe(400);
    expect(missingReason.body.error.code).toBe('signing.errors.delegateReasonRequired');
    const self = await api(signPath(c.docuId, link.token, '/delegate'), {
      method: 'POST',
      body: { name: 'Me again', contact: c.emails[0], reason: 'away', lang: 'en' },
    });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('signing.errors.delegateToSelf');
    const badContact = await api(signPath(c.docuId, link.token, '/delegate'), {
      method: 'POST',
      body: { name: 'Colleague', contact: 'not a contact', reason: 'away', lang: 'en' },
    });
    expect(badContact.status).toBe(400);
    const ok = await api(signPath(c.docuId, link.token, '/delegate'), {
      method: 'POST',
      body: { name: 'Colleague', contact: delegateTo, reason: 'On leave this month', lang: 'en' },
    });
    expect(ok.status).toBe(200);
    expect((await api(signPath(c.docuId, link.token))).status).toBe(404);
    const fresh = await signerLinkTo(delegateTo);
    const forwarded = mailsTo(await mailbox(), delegateTo)[0]!;
    expect(forwarded.body.text).toContain('Busy Manager');
    expect(forwarded.body.text).toContain('On leave this month');
    expect((await signAndAgree(c.docuId, fresh.token)).status).toBe(200);
    const history = await historyOf(c.docuId);
    const item = history.find((h) => h.action === 'delegate')!;
    expect(item).toMatchObject({
      actorName: 'Busy Manager',
      targetName: 'Colleague',
      targetContact: delegateTo,
      reason: 'On leave this month',
    });
    const details = await api(`/api/documents/${c.docuId}/details`, { token: c.owner.token });
    expect(details.body.recipients[0]).toMatchObject({
      name: 'Colleague',
      delegatedFrom: { name: 'Busy Manager', reason: 'On leave this month' },
    });
  });

  it('refuses forwarding when the owner does not allow it', async () => {
    const c = await routedContract([{ name: 'Not Allowed' }]);
    const link = await signerLinkTo(c.emails[0]!);
    const res = await api(signPath(c.docuId, link.token, '/delegate'), {
      method: 'POST',
      body: { name: 'X', contact: `x-${randomUUID()}@example.com`, reason: 'away', lang: 'en' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('signing.errors.delegationNotAllowed');
  });

  it("changes a contractor's contact before they answer (old link revoked) and refuses it after", async () => {
    const c = await routedContract([{ name: 'Typo Person' }, { name: 'Other', group: 2 }]);
    const old = await signerLinkTo(c.emails[0]!);
    const fixed = `fixed-${randomUUID()}@example.com`;
    const taken = await api(`/api/documents/${c.docuId}/recipients/0/contact`, {
      method: 'PUT',
      token: c.owner.token,
      body: { name: 'Right Person', contact: c.emails[1], lang: 'en' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('routing.errors.contactTaken');
    const changed = await api(`/api/documents/${c.docuId}/recipients/0/contact`, {
      method: 'PUT',
      token: c.owner.token,
      body: { name: 'Right Person', contact: fixed, lang: 'en' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ changed: true, index: 0, requestSent: true });
    expect((await api(signPath(c.docuId, old.token))).status).toBe(404);
    const fresh = await signerLinkTo(fixed);
    expect((await signAndAgree(c.docuId, fresh.token)).status).toBe(200);
    const after = await api(`/api/documents/${c.docuId}/recipients/0/contact`, {
      method: 'PUT',
      token: c.owner.token,
      body: { name: 'Someone', contact: `late-${randomUUID()}@example.com`, lang: 'en' },
    });
    expect(after.status).toBe(409);
    expect(after.body.error.code).toBe('routing.errors.alreadyActed');
  });

  it('voids a sent contract with a reason: every party is told, links answer voided, it never seals', async () => {
    const c = await routedContract([{ name: 'Party One' }, { name: 'Party Two', role: 'viewer' }]);
    const link = await signerLinkTo(c.emails[0]!);
    const noReason = await api(`/api/documents/${c.docuId}/void`, {
      method: 'POST',
      token: c.owner.token,
      body: { reason: ' ', lang: 'en' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe('routing.errors.voidReasonRequired');
    const voided = await api(`/api/documents/${c.docuId}/void`, {
      method: 'POST',
      token: c.owner.token,
      body: { reason: 'Terms changed', lang: 'en' },
    });
    expect(voided.status).toBe(200);
    expect(voided.body.status).toBe('Voided');
    const refused = await api(signPath(c.docuId, link.token, '/agree'), {
      method: 'POST',
      body: { lang: 'en' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'signing.errors.voided',
      details: { reason: 'Terms changed' },
    });
    for (const address of [...c.emails, c.owner.email]) {
      await eventually(
        async () => mailsTo(await mailbox(), address).some((m) => m.subject.includes('voided')),
        30000,
        `the void notice to ${address}`,
      );
    }
    const again = await api(`/api/documents/${c.docuId}/void`, {
      method: 'POST',
      token: c.owner.token,
      body: { reason: 'Again', lang: 'en' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('routing.errors.cannotVoid');
    expect((await historyOf(c.docuId)).some((h) => h.action === 'void' && h.reason === 'Terms changed')).toBe(
      true,
    );
  });
});
