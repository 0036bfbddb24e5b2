// A signed-up user whose e-mail is verified through Cognito's own code (read from the local mailbox),
// as My Info → Verify does: what a contractor needs to see documents sent to that address.
import {
  CognitoIdentityProviderClient,
  GetUserAttributeVerificationCodeCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { api, env, eventually, mailbox, signIn } from './cloud-client';
import { PASSWORD, type Owner } from './documents';

export async function verifiedUser(email: string, name = 'Mia Mail'): Promise<Owner> {
  const res = await api('/api/auth/signup', {
    method: 'POST',
    body: {
      email,
      password: PASSWORD,
      name,
      lang: 'en',
      consents: {
        termsOfService: true,
        privacyPolicy: true,
        ageConfirmed: true,
        marketing: false,
        thirdPartyProvision: false,
      },
    },
  });
  expect(res.status).toBe(201);
  const { accessToken } = await signIn(email, PASSWORD);
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: env('TEST_COGNITO_ENDPOINT'),
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await cognito.send(
    new GetUserAttributeVerificationCodeCommand({ AccessToken: accessToken, AttributeName: 'email' }),
  );
  const mail = await eventually(
    async () =>
      (await mailbox()).find((m) => m.destination.to.includes(email) && /verification code/i.test(m.subject)),
    15000,
    'the verification mail',
  );
  const code = /(\d{4,8})/.exec(mail.body.text ?? '')![1]!;
  await cognito.send(
    new VerifyUserAttributeCommand({ AccessToken: accessToken, AttributeName: 'email', Code: code }),
  );
  const { idToken } = await signIn(email, PASSWORD);
  expect((await api('/api/me/login', { method: 'POST', token: idToken })).body.emailVerified).toBe(true);
  return { token: idToken, email, name };
}
