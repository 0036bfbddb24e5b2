// Issue #18: a standard plan's company members (DynamoDB Local, the real handlers). The buyer names
// one e-mail per further seat (bad, repeated, too many or taken addresses refused with the row); a
// person signed in with a listed, verified address shares the plan — /api/me, My Plan — and sends on
// the buyer's allowance, atomically with the buyer's own sends; removing them or the plan ending ends it.
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import { usageMonthOf } from '../../shared/domain/entitlements';
import { signUpConfirmed } from '../support/accounts';
import { api } from '../support/cloud-client';
import {
  newOwner,
  PASSWORD,
  putMembers,
  readyToSend,
  sendDocument,
  userIdOf,
  type Owner,
} from '../support/documents';

const errorOf = (res: { status: number; body: { error?: { code: string; details?: unknown } } }) => ({
  status: res.status,
  code: res.body.error?.code,
  details: res.body.error?.details,
});

/** A buyer on the standard plan (as the webhook writes it) with no tickets of their own. */
async function standardBuyer(seats: number): Promise<{ owner: Owner; id: string }> {
  const owner = await newOwner('en', 'Company Buyer');
  const id = await userIdOf(owner);
  await getDeps().repo.update(id, {
    plan: 'month_standard',
    seats,
    validDate: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    subscriptionStatus: 'active',
    ticketLots: [],
    availableTickets: 0,
  });
  return { owner, id };
}

describe('company seat members', () => {
  it('the buyer lists members; bad, repeated, too many and taken e-mails are refused with the row', async () => {
    const { owner } = await standardBuyer(3);
    expect(errorOf(await putMembers(owner, ['not-an-address']))).toEqual({
      status: 400,
      code: 'billing.members.errors.invalidEmail',
      details: { row: 2 },
    });
    const a = `member-${randomUUID()}@example.com`;
    expect(errorOf(await putMembers(owner, [a, a.toUpperCase()]))).toMatchObject({
      status: 400,
      code: 'billing.members.errors.duplicate',
      details: { row: 3 },
    });
    expect(errorOf(await putMembers(owner, [owner.email]))).toMatchObject({
      code: 'billing.members.errors.duplicate',
    });
    const three = [a, `b-${randomUUID()}@example.com`, `c-${randomUUID()}@example.com`];
    expect(errorOf(await putMembers(owner, three))).toEqual({
      status: 400,
      code: 'billing.members.errors.tooMany',
      details: { max: 2 },
    });
    const saved = await putMembers(owner, [` ${a.toUpperCase()} `, '']);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ role: 'buyer', seats: 3, ownerEmail: owner.email, members: [a] });
    expect((await api('/api/billing/members', { token: owner.token })).body.members).toEqual([a]);

    // Another company cannot take the same person; a trial owner has no members.
    const other = await standardBuyer(2);
    expect(errorOf(await putMembers(other.owner, [a]))).toEqual({
      status: 409,
      code: 'billing.members.errors.taken',
      details: { row: 2 },
    });
    const trial = await newOwner();
    expect(errorOf(await putMembers(trial, []))).toMatchObject({
      status: 409,
      code: 'billing.members.errors.notStandard',
    });
    // Once the first buyer lets them go, the other company may list them.
    expect((await putMembers(owner, [])).body.members).toEqual([]);
    expect((await putMembers(other.owner, [a])).status).toBe(200);
  });

  it('a member shares the plan and sends on the buyer’s allowance; removal or the plan’s end stops it', async () => {
    const { owner: buyer, id: buyerId } = await standardBuyer(2);
    const email = `member-${randomUUID()}@example.com`;
    expect((await putMembers(buyer, [email])).status).toBe(200);
    // The member signs up afterwards with that address (verified by the sign-up code).
    const signed = await signUpConfirmed(email, { name: 'Mia Member', password: PASSWORD });
    const member: Owner = { token: signed.token, email, name: signed.name };
    const memberId = await userIdOf(member);
    const repo = getDeps().repo;
    await repo.update(memberId, { ticketLots: [], availableTickets: 0 });

    const me = (await api('/api/me', { token: member.token })).body;
    const buyerRecord = (await repo.getById(buyerId))!;
    expect(me).toMatchObject({
      plan: 'month_standard',
      validDate: buyerRecord.validDate,
      companyOwnerEmail: buyer.email,
      sendsLeftThisMonth: 10,
      availableTickets: 0,
    });
    expect((await api('/api/billing/plan', { token: member.token })).body).toMatchObject({
      plan: 'month_standard',
      companyOwnerEmail: buyer.email,
      subscription: null,
      remaining: { subscription: 10, tickets: 0 },
    });
    expect((await api('/api/billing/members', { token: member.token })).body).toMatchObject({
      role: 'member',
      ownerEmail: buyer.email,
    });
    expect(errorOf(await putMembers(member, []))).toMatchObject({
      code: 'billing.members.errors.notStandard',
    });

    // The member's send uses the buyer's month.
    expect((await sendDocument(member, (await readyToSend(member)).docuId)).status).toBe(200);
    expect(await repo.getById(buyerId)).toMatchObject({
      usageMonth: usageMonthOf(new Date()),
      usageCount: 1,
    });
    expect((await repo.getById(memberId))!.usageCount).toBeUndefined();

    // The buyer and the member racing for the company's last send: exactly one is sent.
    await repo.update(buyerId, { usageCount: 9 });
    const [x, y] = await Promise.all([readyToSend(buyer), readyToSend(member)]);
    const raced = await Promise.all([sendDocument(buyer, x.docuId), sendDocument(member, y.docuId)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 402]);
    expect(raced.find((r) => r.status === 402)!.body.error.code).toBe('billing.errors.monthlyLimit');
    expect((await repo.getById(buyerId))!.usageCount).toBe(10);

    // Removed: the member is back on their own (trial) plan and has nothing to send.
    await repo.update(buyerId, { usageCount: 0 });
    expect((await putMembers(buyer, [])).status).toBe(200);
    const alone = (await api('/api/me', { token: member.token })).body;
    expect(alone).toMatchObject({ plan: 'trial', companyOwnerEmail: null });
    const refused = await sendDocument(member, (await readyToSend(member)).docuId);
    expect(refused.status).toBe(402);
    expect(refused.body.error.code).toBe('billing.errors.noneLeft');

    // Listed again, then the buyer's plan ends: the sharing ends with it.
    expect((await putMembers(buyer, [email])).status).toBe(200);
    expect((await api('/api/me', { token: member.token })).body.plan).toBe('month_standard');
    // A member who pays for a plan of their own uses theirs.
    const ownEnd = new Date(Date.now() + 100 * 86_400_000).toISOString();
    await repo.update(memberId, { plan: 'year_personal', validDate: ownEnd });
    expect((await api('/api/me', { token: member.token })).body).toMatchObject({
      plan: 'year_personal',
      companyOwnerEmail: null,
    });
    const trialEnd = new Date(Date.now() + 20 * 86_400_000).toISOString();
    await repo.update(memberId, { plan: 'trial', validDate: trialEnd });
    expect((await api('/api/me', { token: member.token })).body.plan).toBe('month_standard');
    await repo.update(buyerId, { validDate: new Date(Date.now() - 60_000).toISOString() });
    expect((await api('/api/me', { token: member.token })).body).toMatchObject({
      plan: 'trial',
      companyOwnerEmail: null,
    });
  });
});
