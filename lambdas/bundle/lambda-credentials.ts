// The credential chain of the deployed functions, put in place of `@aws-sdk/credential-provider-node`
// when the functions are bundled (lib/bundle-aliases.ts). Every SDK client's runtime config imports
// that package's `defaultProvider`, which can also read profiles, SSO, a credential process and a
// web-identity token file: with the STS, SSO and sign-in clients it loads for those, about 95 KB
// minified in every bundle, for sources a Lambda function never has. Lambda gives a function its
// role's credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN; a runtime that
// serves them over HTTP instead sets AWS_CONTAINER_CREDENTIALS_FULL_URI (or _RELATIVE_URI). This
// chain reads exactly those two, with the SDK's own providers, and refreshes credentials that carry an
// expiry five minutes before it, as the SDK's chain does.
//
// The local cloud and the tests run the source, where the SDK's full chain is in place.
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { fromHttp } from '@aws-sdk/credential-provider-http';
import { chain, CredentialsProviderError, memoize } from '@smithy/core/config';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider, Logger } from '@smithy/types';

interface ProviderInit {
  logger?: Logger;
}

/** Credentials are fetched again when they expire within five minutes (the SDK's rule). */
export const credentialsTreatedAsExpired = (credentials: AwsCredentialIdentity): boolean =>
  credentials.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;

export const credentialsWillNeedRefresh = (credentials: AwsCredentialIdentity): boolean =>
  credentials.expiration !== undefined;

/** Environment variables first, then the container credentials endpoint, memoised. */
export const defaultProvider = (init: ProviderInit = {}): AwsCredentialIdentityProvider =>
  memoize(
    chain(
      fromEnv(init),
      // fromHttp throws at once when no endpoint is set; called lazily, that just moves to the next link.
      async () => fromHttp(init)(),
      async () => {
        throw new CredentialsProviderError(
          'No credentials: neither AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY nor a container credentials endpoint is set',
          { tryNextLink: false, logger: init.logger },
        );
      },
    ),
    credentialsTreatedAsExpired,
    credentialsWillNeedRefresh,
  );
