// Demo accounts for the local cloud. Passwords are local-only demo values, printed at start.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { TERMS_VERSION } from '../shared/api/schemas';
import type { UserRepository } from '../lambdas/adapters/dynamo/repository';
import { trialUser } from '../lambdas/usecases/profile';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  /** The operators' console (/{lang}/admin, issue #20): the user record's isAdmin flag. */
  admin?: boolean;
}

export interface SeededAccount extends DemoAccount {
  /** The Cognito subject, which is also the user's id in the table. */
  sub: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'owner@demo.signseal.local', password: 'Demo-owner-1', name: 'Demo Owner' },
  { email: 'hanako@demo.signseal.local', password: 'Demo-owner-2', name: '山田 花子' },
  { email: 'admin@demo.signseal.local', password: 'Demo-admin-1', name: 'Demo Admin', admin: true },
];

export async function seedDemoAccounts(
  cognitoEndpoint: string,
  userPoolId: string,
): Promise<SeededAccount[]> {
  const client = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: cognitoEndpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const seeded: SeededAccount[] = [];
  const subOf = async (email: string) => {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username!;
  };
  for (const account of DEMO_ACCOUNTS) {
    try {
      seeded.push({ ...account, sub: await subOf(account.email) });
      continue;
    } catch (err) {
      if ((err as Error).name !== 'UserNotFoundException') throw err;
    }
    await client.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: account.name },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: account.email,
        Password: account.password,
        Permanent: true,
      }),
    );
    seeded.push({ ...account, sub: await subOf(account.email) });
  }
  return seeded;
}

/** Contracts the demo owners may send (a local grant; a new account gets TRIAL_CONTRACTS). */
export const DEMO_CONTRACTS = 10_000;

/** The demo owners' profiles, as if they had signed up (consents given) and signed in before, so a
 *  demo sign-in goes straight to the signed-in area. Existing profiles are left as they are. */
export async function seedDemoProfiles(
  repo: UserRepository,
  accounts: readonly SeededAccount[],
): Promise<void> {
  const now = new Date();
  for (const account of accounts) {
    const stored = await repo.createIfAbsent(
      trialUser(
        {
          userId: account.sub,
          email: account.email,
          name: account.name,
          isAdmin: account.admin ?? false,
          emailVerified: true,
          lastLoginAt: now.toISOString(),
          consents: {
            termsOfService: true,
            privacyPolicy: true,
            ageConfirmed: true,
            marketing: false,
            thirdPartyProvision: false,
            termsVersion: TERMS_VERSION,
            consentedAt: now.toISOString(),
            lang: 'en',
          },
        },
        now,
        0,
      ),
    );
    // Demo owners can send many contracts (issue #18): a granted lot that never expires, also given
    // to profiles of a data folder from before entitlements existed.
    if (!stored.ticketLots?.some((l) => l.source === 'grant')) {
      await repo.update(account.sub, {
        ticketLots: [
          ...(stored.ticketLots ?? []),
          { source: 'grant', count: DEMO_CONTRACTS, addedAt: now.toISOString() },
        ],
        availableTickets: stored.availableTickets + DEMO_CONTRACTS,
      });
    }
    // A data folder from before the admin account existed keeps its profiles: flag it all the same.
    if (account.admin && !stored.isAdmin) await repo.update(account.sub, { isAdmin: true });
  }
}
