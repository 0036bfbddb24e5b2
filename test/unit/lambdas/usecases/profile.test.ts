import type { AuthUser } from '../../../../lambdas/core/http';
import { getOrCreateProfile, TRIAL_CONTRACTS } from '../../../../lambdas/usecases/profile';
import { TRIAL_DAYS } from '../../../../shared/domain/constants';
import { InMemoryUsers, directoryWith } from '../fakes';

const TOKEN_USER: AuthUser = {
  sub: 'sub-1',
  email: 'Hanako@Example.com',
  emailVerified: true,
  name: 'hanako',
};
const NOW = new Date('2026-11-22T09:30:00.000Z');

describe("the signed-in owner's profile", () => {
  it('is created on first sign-in as a 30-day trial with 5 contracts', async () => {
    const users = new InMemoryUsers();

    const profile = await getOrCreateProfile(users, directoryWith(null), TOKEN_USER, NOW);

    expect(profile).toEqual({
      userId: 'sub-1',
      email: 'hanako@example.com',
      // The token's email_verified is never trusted (issue #13): the product's own code decides.
      emailVerified: false,
      name: 'hanako',
      phone: null,
      walletAddress: null,
      walletVerifiedAt: null,
      plan: 'trial',
      validDate: '2026-12-22T09:30:00.000Z',
      availableTickets: 5,
      // Issue #18: a trial has no monthly sends; nobody's company plan is shared.
      sendsLeftThisMonth: 0,
      // Remaining contracts (issue #34 item 5): the trial's 5, no monthly allowance.
      remaining: { subscription: 0, tickets: 5, total: 5 },
      companyOwnerEmail: null,
      isAdmin: false,
      consentsRequired: true,
      createdAt: NOW.toISOString(),
      lastLoginAt: null,
      firstLogin: true,
      // Issue #17: the sign-click tutorial has not been seen yet.
      signClickTutorialCount: 0,
      // Issue #28: no routing defaults yet (today's behaviour: no reminders, no expiry, no forwarding).
      routingDefaults: { reminders: null, expiryDays: null, allowDelegation: false },
    });
    expect(TRIAL_DAYS).toBe(30);
    expect(TRIAL_CONTRACTS).toBe(5);
    expect(users.records.get('sub-1')).toMatchObject({
      createdAt: NOW.toISOString(),
      emailVerified: false,
      closed: false,
    });
  });

  it('takes the name and e-mail from the user directory when it has them', async () => {
    const users = new InMemoryUsers();
    const directory = directoryWith({ email: 'hanako@example.com', emailVerified: false, name: '山田 花子' });

    const profile = await getOrCreateProfile(users, directory, TOKEN_USER, NOW);

    expect(profile.name).toBe('山田 花子');
    expect(users.records.get('sub-1')!.emailVerified).toBe(false);
  });

  it('is only read on later sign-ins: no first-login flag and no write', async () => {
    const users = new InMemoryUsers();
    await getOrCreateProfile(users, directoryWith(null), TOKEN_USER, NOW);
    const writesAfterFirst = users.writes;

    const profile = await getOrCreateProfile(
      users,
      directoryWith(null),
      TOKEN_USER,
      new Date('2026-11-23T00:00:00Z'),
    );

    expect(profile.firstLogin).toBe(false);
    expect(profile.validDate).toBe('2026-12-22T09:30:00.000Z');
    expect(users.writes).toBe(writesAfterFirst);
  });

  it('is not a first login when a parallel sign-in created the account first', async () => {
    const users = new InMemoryUsers();
    await getOrCreateProfile(users, directoryWith(null), TOKEN_USER, NOW);
    users.getById = async () => null; // this request read just before the other one wrote

    const profile = await getOrCreateProfile(
      users,
      directoryWith(null),
      TOKEN_USER,
      new Date('2026-11-22T09:30:01Z'),
    );

    expect(profile.firstLogin).toBe(false);
    expect(profile.validDate).toBe('2026-12-22T09:30:00.000Z');
  });
});
