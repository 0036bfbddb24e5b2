import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CreateUserResult, IdentityDirectory, IdentityProfile } from '../ports';

export class CognitoDirectory implements IdentityDirectory {
  constructor(
    private readonly client: CognitoIdentityProviderClient,
    private readonly userPoolId: string,
  ) {}

  async getProfile(sub: string): Promise<IdentityProfile | null> {
    try {
      // With e-mail as the sign-in attribute, the user's username is its sub.
      const res = await this.client.send(
        new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: sub }),
      );
      const attr = (n: string) => res.UserAttributes?.find((a) => a.Name === n)?.Value;
      return {
        email: attr('email') ?? '',
        emailVerified: attr('email_verified') === 'true',
        name: attr('name'),
      };
    } catch (err) {
      if ((err as Error).name === 'UserNotFoundException') return null;
      throw err;
    }
  }

  async createUser(input: { email: string; password: string; name: string }): Promise<CreateUserResult> {
    let sub: string | undefined;
    try {
      const created = await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: input.email,
          MessageAction: 'SUPPRESS', // no temporary-password mail: the user chose their password
          UserAttributes: [
            { Name: 'email', Value: input.email },
            { Name: 'email_verified', Value: 'false' },
            { Name: 'name', Value: input.name },
          ],
        }),
      );
      sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User?.Username;
      await this.client.send(
        new AdminSetUserPasswordCommand({
          UserPoolId: this.userPoolId,
          Username: input.email,
          Password: input.password,
          Permanent: true,
        }),
      );
      return { ok: true, sub: sub! };
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'UsernameExistsException' || name === 'AliasExistsException')
        return { ok: false, reason: 'emailTaken' };
      if (name === 'InvalidPasswordException') {
        // Do not leave a half-made account behind.
        if (sub)
          await this.client.send(
            new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: input.email }),
          );
        return { ok: false, reason: 'weakPassword' };
      }
      throw err;
    }
  }

  async disableUser(sub: string): Promise<void> {
    await this.client.send(new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: sub }));
  }
}
