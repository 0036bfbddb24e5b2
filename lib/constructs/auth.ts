// Owners sign in with Cognito: e-mail and password everywhere, Google and LINE (OIDC) when configured.
// Signers never have an account; they are authorised by their link's token in the handlers.
import { Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StandardThreatProtectionMode,
  UserPool,
  UserPoolClient,
  UserPoolClientIdentityProvider,
  UserPoolDomain,
  UserPoolIdentityProviderGoogle,
  UserPoolIdentityProviderOidc,
  type IUserPoolIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { USER_POOL } from '../../shared/infra/definitions.js';

/** A federated identity provider whose client secret sits in Secrets Manager (never in the template). */
export interface FederatedClient {
  /** The OAuth client id (Google) or channel id (LINE). */
  readonly clientId: string;
  /** Name of a Secrets Manager secret whose plain-text value is the client secret. */
  readonly clientSecretName: string;
}

export interface FederationProps {
  /** Prefix of the Cognito domain that hosts the OAuth endpoints: `<prefix>.auth.<region>.amazoncognito.com`. */
  readonly domainPrefix: string;
  /** URLs of the SPA that Cognito may send the browser back to after sign-in. */
  readonly callbackUrls: readonly string[];
  /** URLs of the SPA that Cognito may send the browser back to after sign-out. */
  readonly logoutUrls: readonly string[];
  /** @default - no Google sign-in */
  readonly google?: FederatedClient;
  /** @default - no LINE sign-in */
  readonly line?: FederatedClient;
}

export interface AuthProps {
  /**
   * Cognito threat protection (compromised-credential and adaptive-authentication checks), which needs
   * the Plus feature plan (billed per monthly active user).
   * @default true
   */
  readonly threatProtection?: boolean;
  /** @default - e-mail and password sign-in only, no hosted OAuth domain */
  readonly federation?: FederationProps;
}

/** What the SPA needs to start an OAuth redirect; present only when federation is configured. */
export interface OAuthSettings {
  /** Host name of the Cognito domain, without scheme. */
  readonly domain: string;
  /** Identity provider names as Amplify's `signInWithRedirect({ provider })` expects them. */
  readonly providers: readonly string[];
  readonly scopes: readonly string[];
  readonly redirectSignIn: readonly string[];
  readonly redirectSignOut: readonly string[];
}

export const LINE_ISSUER = 'https://access.line.me';
export const LINE_PROVIDER_NAME = 'LINE';
const OAUTH_SCOPES = [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE];

/** The owners' user pool and the SPA's public app client, retained on stack deletion. */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly domain?: UserPoolDomain;
  readonly oauth?: OAuthSettings;

  constructor(scope: Construct, id: string, props: AuthProps = {}) {
    super(scope, id);
    const threatProtection = props.threatProtection ?? true;

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      // Accounts are made by the product's own sign-up (POST /api/auth/signup → AdminCreateUser once
      // the mailed code returns, issue #13): the pool's public SignUp API would skip that check.
      // Federated sign-in (LINE) still creates its users.
      selfSignUpEnabled: false,
      autoVerify: { email: true },
      // A changed address only replaces the old one once the owner has confirmed it.
      keepOriginal: { email: true },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      passwordPolicy: { ...USER_POOL.passwordPolicy, tempPasswordValidity: Duration.days(3) },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: threatProtection ? FeaturePlan.PLUS : FeaturePlan.ESSENTIALS,
      standardThreatProtectionMode: threatProtection ? StandardThreatProtectionMode.FULL_FUNCTION : undefined,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The password policy is the product one (shared/infra/definitions.ts USER_POOL, also enforced by the local cloud): 8+ characters with upper case, lower case and digits. Symbols are not forced, following NIST SP 800-63B, which advises against composition rules.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason: `MFA is optional (TOTP) so owners can turn it on; requiring it would add a step the product sign-up does not have. Google and LINE users are protected by their provider${
        threatProtection ? ', and Plus-plan threat protection challenges or blocks risky sign-ins' : ''
      }.`,
    });
    if (!threatProtection) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'The operator turned off threat protection (context cognitoThreatProtection=false) to stay on the Essentials plan; see docs/deploy.md.',
      });
    }

    const providers: IUserPoolIdentityProvider[] = [];
    const clientProviders: UserPoolClientIdentityProvider[] = [];
    const federation = props.federation;
    if (federation?.google) {
      const google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: federation.google.clientId,
        clientSecretValue: SecretValue.secretsManager(federation.google.clientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          fullname: ProviderAttribute.GOOGLE_NAME,
        },
      });
      providers.push(google);
      clientProviders.push(UserPoolClientIdentityProvider.GOOGLE);
    }
    if (federation?.line) {
      const line = new UserPoolIdentityProviderOidc(this, 'Line', {
        userPool: this.userPool,
        name: LINE_PROVIDER_NAME,
        issuerUrl: LINE_ISSUER,
        clientId: federation.line.clientId,
        clientSecret: SecretValue.secretsManager(federation.line.clientSecretName).unsafeUnwrap(),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.other('email'),
          fullname: ProviderAttribute.other('name'),
        },
      });
      providers.push(line);
      clientProviders.push(UserPoolClientIdentityProvider.custom(LINE_PROVIDER_NAME));
    }
    if (federation && providers.length === 0) {
      throw new Error('Auth: federation needs at least one identity provider (google or line).');
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: {
        userPassword: USER_POOL.clientAuthFlows.includes('USER_PASSWORD_AUTH'),
        userSrp: USER_POOL.clientAuthFlows.includes('USER_SRP_AUTH'),
      },
      accessTokenValidity: Duration.minutes(USER_POOL.accessTokenValidityMinutes),
      idTokenValidity: Duration.minutes(USER_POOL.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(USER_POOL.refreshTokenValidityDays),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      ...(federation
        ? {
            oAuth: {
              flows: { authorizationCodeGrant: true },
              scopes: OAUTH_SCOPES,
              callbackUrls: [...federation.callbackUrls],
              logoutUrls: [...federation.logoutUrls],
            },
            supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO, ...clientProviders],
          }
        : { disableOAuth: true, supportedIdentityProviders: [UserPoolClientIdentityProvider.COGNITO] }),
    });
    // The client may only name providers once they exist.
    for (const provider of providers) this.userPoolClient.node.addDependency(provider);

    if (federation) {
      this.domain = this.userPool.addDomain('Domain', {
        cognitoDomain: { domainPrefix: federation.domainPrefix },
      });
      this.oauth = {
        domain: `${federation.domainPrefix}.auth.${Stack.of(this).region}.amazoncognito.com`,
        providers: clientProviders.map((provider) => provider.name),
        scopes: OAUTH_SCOPES.map((scope) => scope.scopeName),
        redirectSignIn: [...federation.callbackUrls],
        redirectSignOut: [...federation.logoutUrls],
      };
    }
  }
}
