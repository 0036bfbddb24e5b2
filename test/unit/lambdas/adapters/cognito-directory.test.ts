import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { CognitoDirectory } from '../../../../lambdas/adapters/cognito-directory';

const cognitoMock = mockClient(CognitoIdentityProviderClient);
const directory = () =>
  new CognitoDirectory(new CognitoIdentityProviderClient({ region: 'us-east-1' }), 'pool-1');

beforeEach(() => cognitoMock.reset());

describe('the Cognito user directory', () => {
  it("reads a user's e-mail, verification and name by their sub", async () => {
    cognitoMock.on(AdminGetUserCommand, { UserPoolId: 'pool-1', Username: 'sub-1' }).resolves({
      Username: 'sub-1',
      UserAttributes: [
        { Name: 'sub', Value: 'sub-1' },
        { Name: 'email', Value: 'hanako@example.com' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: '山田 花子' },
      ],
    });

    await expect(directory().getProfile('sub-1')).resolves.toEqual({
      email: 'hanako@example.com',
      emailVerified: true,
      name: '山田 花子',
    });
  });

  it('reads a user without a name or verified e-mail', async () => {
    cognitoMock
      .on(AdminGetUserCommand)
      .resolves({ UserAttributes: [{ Name: 'email', Value: 'taro@example.com' }] });

    await expect(directory().getProfile('sub-2')).resolves.toEqual({
      email: 'taro@example.com',
      emailVerified: false,
      name: undefined,
    });
  });

  it('answers null for an unknown user', async () => {
    cognitoMock
      .on(AdminGetUserCommand)
      .rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));

    await expect(directory().getProfile('gone')).resolves.toBeNull();
  });

  it('lets other directory errors through', async () => {
    cognitoMock.on(AdminGetUserCommand).rejects(new Error('throttled'));

    await expect(directory().getProfile('sub-1')).rejects.toThrow('throttled');
  });
});
