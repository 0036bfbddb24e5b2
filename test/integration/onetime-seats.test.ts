// Issue #29 item 4 (DynamoDB Local, the real handlers): one-time tickets include up to 5 seats besides
// the buyer's. The buyer of one-time contracts names up to 5 members (a 6th is refused with the limit); a member signed
// in with a listed, verified address sends from the buyer's bought tickets — the buyer's record is the
// one conditionally updated, never the buyer's trial — and sees them in /api/me and My Plan; with the
// tickets used up the sharing ends. A one-time member is told who manages the plan (role 'member').
import { randomUUID } from 'node:crypto';
import { getDeps } from '../../lambdas/deps';
import { ONETIME_PLAN_SEATS } from '../../shared/domain/constants';
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

const ONE_TIME = { title: 'One-time agreement' };

describe('one-time seats (issue #29)', () => {
  it('a one-time buyer names up to 5 members (5 seats besides their own); a member sends from the buyer’s bought tickets', async () => {
    const buyer = await newOwner('en', 'Ticket Buyer');
    const buyerId = await userIdOf(buyer);
    const repo = getDeps().repo;
    const now = new Date().toISOString();
    const trialEnd = new Date(Date.now() + 20 * 86_400_000).toISOString();
    // A trial account (2 trial contracts) that bought 2 one-time contracts, as the webhook writes them.
    await repo.update(buyerId, {
      plan: 'trial',
      validDate: trialEnd,
      availableTickets: 4,
      ticketLots: [
        { source: 'trial', count: 2, addedAt: now, expiresAt: trialEnd },
        { source: 'onetime', count: 2, addedAt: now },
      ],
    });
    expect((await api('/api/billing/members', { token: buyer.token })).body).toEqual({
      role: 'buyer',
      seats: ONETIME_PLAN_SEATS + 1,
      ownerEmail: buyer.email,
      members: [],
    });
    const emails = Array.from({ length: 6 }, (_, i) => `onetime-${i}-${randomUUID()}@example.com`);
    // The seat limit: the buyer and 5 members; a 6th member is refused.
    const tooMany = await putMembers(buyer, emails);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({
      code: 'billing.members.errors.tooMany',
      details: { max: ONETIME_PLAN_SEATS },
    });
    const saved = await putMembers(buyer, emails.slice(0, 5));
    expect(saved.status).toBe(200);
    expect(saved.body.members).toEqual(emails.slice(0, 5));

    const memberEmail = emails[0]!;
    const signed = await signUpConfirmed(memberEmail, { name: 'Otto Member', password: PASSWORD });
    const member: Owner = { token: signed.token, email: memberEmail, name: signed.name };
    const memberId = await userIdOf(member);
    await repo.update(memberId, { ticketLots: [], availableTickets: 0 });

    // Told who manages the plan; the company's bought tickets are the member's to send.
    expect((await api('/api/billing/members', { token: member.token })).body).toMatchObject({
      role: 'member',
      ownerEmail: buyer.email,
      seats: ONETIME_PLAN_SEATS + 1,
    });
    expect((await api('/api/me', { token: member.token })).body).toMatchObject({
      companyOwnerEmail: buyer.email,
      remaining: { tickets: 2, total: 2 },
    });
    expect((await api('/api/billing/plan', { token: member.token })).body).toMatchObject({
      companyOwnerEmail: buyer.email,
      remaining: { tickets: 2, total: 2 },
    });
    expect((await putMembers(member, [])).body.error.code).toBe('billing.members.errors.notStandard');

    // Two sends take the buyer's two bought tickets (not its trial ones), on the buyer's record.
    expect((await sendDocument(member, (await readyToSend(member, ONE_TIME)).docuId)).status).toBe(200);
    let stored = (await repo.getById(buyerId))!;
    expect(stored.ticketLots?.map((l) => [l.source, l.count])).toEqual([
      ['trial', 2],
      ['onetime', 1],
    ]);
    expect(stored.availableTickets).toBe(3);
    // The member and the buyer's own send race for nothing: each takes its own kind.
    const [mine, theirs] = await Promise.all([readyToSend(member, ONE_TIME), readyToSend(buyer, ONE_TIME)]);
    const raced = await Promise.all([sendDocument(member, mine.docuId), sendDocument(buyer, theirs.docuId)]);
    expect(raced.map((r) => r.status)).toEqual([200, 200]);
    stored = (await repo.getById(buyerId))!;
    expect(ticketsBySource(stored.ticketLots)).toEqual({ trial: 1, onetime: 0 });

    // The bought tickets used up: the sharing ends, the member is back on their own (empty) plan.
    expect((await api('/api/billing/members', { token: member.token })).body.role).toBe('none');
    const refused = await sendDocument(member, (await readyToSend(member, ONE_TIME)).docuId);
    expect(refused.status).toBe(402);
    expect((await api('/api/me', { token: member.token })).body.companyOwnerEmail).toBeNull();
  });
});

function ticketsBySource(lots: readonly { source: string; count: number }[] | null | undefined) {
  const out: Record<string, number> = { trial: 0, onetime: 0 };
  for (const l of lots ?? []) out[l.source] = (out[l.source] ?? 0) + l.count;
  return out;
}
