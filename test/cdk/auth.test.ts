import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Auth, LINE_ISSUER } from '../../lib/constructs/auth.js';
import { USER_POOL } from '../../shared/infra/definitions.js';
import { composeTestApp, FULL_CONTEXT, cleanup, testApp } from './support.js';

afterAll(cleanup);

function authTemplate(props?: ConstructorParameters<typeof Auth>[2]): Template {
  const stack = new Stack(testApp(), 'AuthTest', {
    env: { account: '123456789012', region: 'ap-northeast-1' },
  });
  new Auth(stack, 'Auth', props);
  return Template.fromStack(stack);
}

describe('the user pool', () => {
  const template = authTemplate();

  test('signs owners in by e-mail and verifies the address; only the product creates accounts', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // The pool's public SignUp API is closed: an account exists only once the product's own
      // sign-up has checked the mailed code (issue #13 defect 5).
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  test('enforces the password policy of the definitions', () => {
    const p = USER_POOL.passwordPolicy;
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: p.minLength,
          RequireLowercase: p.requireLowercase,
          RequireUppercase: p.requireUppercase,
          RequireNumbers: p.requireDigits,
          RequireSymbols: p.requireSymbols,
        }),
      },
    });
  });

  test('offers TOTP MFA and turns on threat protection (Plus plan) by default', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });

  test('can stay on the Essentials plan without threat protection', () => {
    const essentials = authTemplate({ threatProtection: false });
    essentials.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'ESSENTIALS',
      UserPoolAddOns: Match.absent(),
    });
  });

  test('is retained and protected from deletion', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
  });
});

describe('the SPA app client', () => {
  test('is public (no secret) with exactly the auth flows of the definitions', () => {
    const template = authTemplate();
    const expectedFlows = [...USER_POOL.clientAuthFlows].map((flow) => `ALLOW_${flow}`).sort();
    const client = Object.values(template.findResources('AWS::Cognito::UserPoolClient'))[0]!;
    expect(client.Properties.GenerateSecret).toBe(false);
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual(expectedFlows);
    expect(client.Properties.PreventUserExistenceErrors).toBe('ENABLED');
    expect(client.Properties.AccessTokenValidity).toBe(USER_POOL.accessTokenValidityMinutes);
    expect(client.Properties.RefreshTokenValidity).toBe(USER_POOL.refreshTokenValidityDays * 24 * 60);
  });

  test('has no OAuth flows and only Cognito as provider when federation is not configured', () => {
    const template = authTemplate();
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlowsUserPoolClient: false,
      CallbackURLs: Match.absent(),
      SupportedIdentityProviders: ['COGNITO'],
    });
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
  });
});

describe('federation from context', () => {
  test('adds no identity provider, domain or OAuth settings without client ids', () => {
    const { stateful } = composeTestApp();
    const template = Template.fromStack(stateful);
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    template.resourceCountIs('AWS::Cognito::UserPoolDomain', 0);
    expect(stateful.auth.oauth).toBeUndefined();
  });

  test('adds Google and LINE (OIDC, issuer access.line.me) with secrets resolved from Secrets Manager', () => {
    const { stateful } = composeTestApp({ context: FULL_CONTEXT });
    const template = Template.fromStack(stateful);
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 2);
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderType: 'Google',
      ProviderDetails: Match.objectLike({
        client_id: FULL_CONTEXT.googleClientId,
        client_secret: `{{resolve:secretsmanager:${FULL_CONTEXT.googleClientSecretName}:SecretString:::}}`,
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'LINE',
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        client_id: FULL_CONTEXT.lineChannelId,
        client_secret: `{{resolve:secretsmanager:${FULL_CONTEXT.lineChannelSecretName}:SecretString:::}}`,
        oidc_issuer: LINE_ISSUER,
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: FULL_CONTEXT.authDomainPrefix });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      CallbackURLs: [`${FULL_CONTEXT.siteUrl}/`],
      LogoutURLs: [`${FULL_CONTEXT.siteUrl}/`],
      SupportedIdentityProviders: ['COGNITO', 'Google', 'LINE'],
    });
    expect(stateful.auth.oauth).toMatchObject({
      domain: `${FULL_CONTEXT.authDomainPrefix}.auth.ap-northeast-1.amazoncognito.com`,
      providers: ['Google', 'LINE'],
    });
  });

  test('adds only the provider whose client id is given', () => {
    const { stateful } = composeTestApp({
      context: {
        siteUrl: 'https://d111111abcdef8.cloudfront.net',
        lineChannelId: FULL_CONTEXT.lineChannelId,
        lineChannelSecretName: FULL_CONTEXT.lineChannelSecretName,
        authDomainPrefix: FULL_CONTEXT.authDomainPrefix,
      },
    });
    const template = Template.fromStack(stateful);
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', { ProviderName: 'LINE' });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      SupportedIdentityProviders: ['COGNITO', 'LINE'],
    });
  });
});
