import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
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

  async emailExists(email: string): Promise<boolean> {
    try {
      // E-mail is the pool's sign-in attribute: the admin API takes it as the username.
      await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: email }));
      return true;
    } catch (err) {
      if ((err as Error).name === 'UserNotFoundException') return false;
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
            // Only called once the product has checked the code it mailed to this address.
            { Name: 'email_verified', Value: 'true' },
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

  async markEmailVerified(sub: string, email: string): Promise<void> {
    // cognito-local (like the API's rules for a changed address) wants the address beside the flag.
    await this.client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: this.userPoolId,
        Username: sub,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }

  async disableUser(sub: string): Promise<void> {
    await this.client.send(new AdminDisableUserCommand({ UserPoolId: this.userPoolId, Username: sub }));
  }

  async signOutEverywhere(sub: string): Promise<void> {
    try {
      await this.client.send(
        new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: sub }),
      );
    } catch (err) {
      // cognito-local has no global sign-out; there (as everywhere) the closed account's own flag
      // refuses its tokens (lambdas/usecases/account-state.ts).
      if (isUnsupportedLocally(err)) return;
      throw err;
    }
  }
}

function isUnsupportedLocally(err: unknown): boolean {
  const e = err as Error;
  return /unsupported/i.test(e.name ?? '') || /cognito local unsupported/i.test(e.message ?? '');
}
