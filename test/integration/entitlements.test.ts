// Issue #18 item 2: sending a contract uses one of the owner's entitlements, atomically with the
// send (DynamoDB Local, the real handlers): two sends racing for the last one, exactly one succeeds;
// with none left sending is refused (402, translated key, the plans' link) and nothing else stops.
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import { api } from '../support/cloud-client';
import { createDocument, newOwner, signerLinkTo, uploadPdf, type Owner } from '../support/documents';

async function userId(owner: Owner): Promise<string> {
  const me = await api('/api/me', { token: owner.token });
  expect(me.status).toBe(200);
  return me.body.userId as string;
}

/** A document ready to send to one contractor by e-mail; answers its id and the contractor's address. */
async function readyToSend(owner: Owner): Promise<{ docuId: string; email: string }> {
  const docuId = await createDocument(owner);
  expect((await uploadPdf(owner, docuId)).status).toBe(200);
  const email = `signer-${randomUUID()}@example.com`;
  const rcpt = await api(`/api/documents/${docuId}/recipients`, {
    method: 'PUT',
    token: owner.token,
    body: { recipients: [{ name: 'Mail Signer', contact: email }], finalRecipients: [], lang: 'en' },
  });
  expect(rcpt.status).toBe(200);
  const areas = [{ recipientIndex: 0, pageIndex: 0, x: 50, y: 60, width: 120, height: 40 }];
  const put = await api(`/api/documents/${docuId}/areas`, {
    method: 'PUT',
    token: owner.token,
    body: { areas },
  });
  expect(put.status).toBe(200);
  const patched = await api(`/api/documents/${docuId}`, {
    method: 'PATCH',
    token: owner.token,
    body: { title: 'Service agreement', privateinfoAgree: true },
  });
  expect(patched.status).toBe(200);
  return { docuId, email };
}

const send = (owner: Owner, docuId: string) =>
  api(`/api/documents/${docuId}/send`, { method: 'POST', token: owner.token, body: { lang: 'en' } });

describe('entitlements on send', () => {
  it('two sends racing for the last contract: exactly one is sent, the other refused with the plans link', async () => {
    const owner = await newOwner();
    const id = await userId(owner);
    const repo = getDeps().repo;
    const now = new Date();
    const trialEnd = new Date(now.getTime() + 10 * 86_400_000).toISOString();
    await repo.update(id, {
      plan: 'trial',
      validDate: trialEnd,
      availableTickets: 1,
      ticketLots: [{ source: 'trial', count: 1, addedAt: now.toISOString(), expiresAt: trialEnd }],
    });
    const [a, b] = await Promise.all([readyToSend(owner), readyToSend(owner)]);
    const draft = await readyToSend(owner);

    const results = await Promise.all([send(owner, a.docuId), send(owner, b.docuId)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 402]);
    const refused = results.find((r) => r.status === 402)!;
    expect(refused.body.error).toMatchObject({
      code: 'billing.errors.noneLeft',
      details: { plansPath: '/home/select_plan' },
    });
    const record = await repo.getById(id);
    expect(record).toMatchObject({ availableTickets: 0, ticketLots: [] });

    // The refused document is still ready to send; the sent one is with its contractor.
    const sentDoc = results[0]!.status === 200 ? a : b;
    const keptDoc = results[0]!.status === 200 ? b : a;
    const kept = await api(`/api/documents/${keptDoc.docuId}`, { token: owner.token });
    expect(kept.body.status).not.toBe('Agree');
    // Drafts stay editable, the sent document can be read and downloaded by the owner, and its
    // contractor opens it.
    const edit = await api(`/api/documents/${draft.docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: 'Edited without contracts left' },
    });
    expect(edit.status).toBe(200);
    const sent = await api(`/api/documents/${sentDoc.docuId}`, { token: owner.token });
    expect(sent.body.status).toBe('Agree');
    const link = await signerLinkTo(sentDoc.email);
    const view = await api(`/api/sign/${sentDoc.docuId}/${link.token}`);
    expect(view.status).toBe(200);
    // A third try is refused the same way.
    expect((await send(owner, draft.docuId)).status).toBe(402);
  });

  it('a trial that has ended refuses sending with its own message; bought tickets are used after it', async () => {
    const owner = await newOwner();
    const id = await userId(owner);
    const repo = getDeps().repo;
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await repo.update(id, {
      plan: 'trial',
      validDate: past,
      availableTickets: 3,
      ticketLots: [{ source: 'trial', count: 3, addedAt: past, expiresAt: past }],
    });
    const doc = await readyToSend(owner);
    const refused = await send(owner, doc.docuId);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({
      code: 'billing.errors.trialEnded',
      details: { plansPath: '/home/select_plan' },
    });
    // The draft stays editable after the trial.
    const edit = await api(`/api/documents/${doc.docuId}`, {
      method: 'PATCH',
      token: owner.token,
      body: { title: 'Edited after the trial' },
    });
    expect(edit.status).toBe(200);

    await repo.update(id, {
      availableTickets: 2,
      ticketLots: [{ source: 'onetime', count: 2, addedAt: new Date().toISOString() }],
    });
    expect((await send(owner, doc.docuId)).status).toBe(200);
    expect(await repo.getById(id)).toMatchObject({
      availableTickets: 1,
      ticketLots: [{ source: 'onetime', count: 1 }],
    });
  });

  it("remaining contracts: one number for /api/me and My Plan, this month's sends left + bought ones (issue #34 item 5)", async () => {
    const owner = await newOwner('en', 'Rem Owner');
    const id = await userId(owner);
    const now = new Date();
    await getDeps().repo.update(id, {
      plan: 'month_personal',
      validDate: new Date(now.getTime() + 20 * 86_400_000).toISOString(),
      usageMonth: now.toISOString().slice(0, 7),
      usageCount: 1,
      availableTickets: 5,
      ticketLots: [{ source: 'onetime', count: 5, addedAt: now.toISOString() }],
    });
    const both = async () => {
      const [me, plan] = await Promise.all([
        api('/api/me', { token: owner.token }),
        api('/api/billing/plan', { token: owner.token }),
      ]);
      expect(me.status).toBe(200);
      expect(plan.status).toBe(200);
      // One definition: the same three numbers on both routes, the total their sum.
      expect(me.body.remaining).toEqual(plan.body.remaining);
      expect(me.body.remaining.total).toBe(me.body.remaining.subscription + me.body.remaining.tickets);
      expect(me.body.sendsLeftThisMonth).toBe(me.body.remaining.subscription);
      expect(me.body.availableTickets).toBe(me.body.remaining.tickets);
      return me.body.remaining as { subscription: number; tickets: number; total: number };
    };
    const before = await both();
    expect(before.tickets).toBe(5);
    expect(before.subscription).toBeGreaterThan(0);
    // A send uses this month's allowance first: the total drops by one, the bought ones stay.
    const { docuId } = await readyToSend(owner);
    expect((await send(owner, docuId)).status).toBe(200);
    const after = await both();
    expect(after).toEqual({ subscription: before.subscription - 1, tickets: 5, total: before.total - 1 });
  });
});
