// Amplify is loaded on demand: the landing page never pays for it. Routes that need a session
// (login, home) await `ensureAmplify()` in their lazy loader, before their components render.
import type { ResourcesConfig } from 'aws-amplify';
import type { AppConfig } from './config';

let configured: Promise<void> | undefined;

export function amplifyResourcesConfig(config: AppConfig): ResourcesConfig {
  const oauth = config.oauth;
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: {
          email: true,
          ...(oauth
            ? {
                oauth: {
                  domain: oauth.domain,
                  scopes: ['openid', 'email', 'profile'],
                  redirectSignIn: [oauth.redirectSignIn],
                  redirectSignOut: [oauth.redirectSignOut],
                  responseType: 'code' as const,
                  // Google is built in; LINE is an OIDC provider named 'LINE' in the user pool.
                  providers: oauth.providers.map((p) =>
                    p === 'Google' ? ('Google' as const) : { custom: p },
                  ),
                },
              }
            : {}),
        },
      },
    },
  };
}

export function ensureAmplify(config: AppConfig): Promise<void> {
  configured ??= import('aws-amplify').then(({ Amplify }) => {
    Amplify.configure(amplifyResourcesConfig(config));
  });
  return configured;
}

/** The Cognito ID token of the signed-in user, or undefined when signed out. */
export async function currentIdToken(config: AppConfig): Promise<string | undefined> {
  await ensureAmplify(config);
  const { fetchAuthSession } = await import('aws-amplify/auth');
  try {
    const session = await fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

/**
 * Cheap check without loading Amplify: Amplify keeps the last signed-in user of this app client under
 * this localStorage key. Only a hint; the real session check happens once Amplify is loaded.
 */
export function mayHaveSession(config: AppConfig): boolean {
  try {
    return (
      localStorage.getItem(`CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`) !== null
    );
  } catch {
    return false;
  }
}
