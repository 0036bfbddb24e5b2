import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IdentityDirectory, IdentityProfile } from '../ports';

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
}
