// Demo accounts for the local cloud. Passwords are local-only demo values, printed at start.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'owner@demo.signseal.local', password: 'Demo-owner-1', name: 'Demo Owner' },
  { email: 'hanako@demo.signseal.local', password: 'Demo-owner-2', name: '山田 花子' },
];

export async function seedDemoAccounts(
  cognitoEndpoint: string,
  userPoolId: string,
): Promise<readonly DemoAccount[]> {
  const client = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: cognitoEndpoint,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  for (const account of DEMO_ACCOUNTS) {
    try {
      await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: account.email }));
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
  }
  return DEMO_ACCOUNTS;
}
