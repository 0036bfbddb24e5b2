// E-mail + password sign-in with Amplify, and the messages of a failed sign-in (spec doc 2 §8.1).
// Only imported by the lazily loaded auth pages: Amplify stays out of the landing chunk.
import type { TFunction } from 'i18next';
import { signIn, signOut } from 'aws-amplify/auth';
import type { AppConfig } from '../../app/config';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { isMessageKey } from '../../app/i18n';

/** cognito-local only supports USER_PASSWORD_AUTH; a real user pool gets SRP (the password never leaves). */
export function passwordAuthFlow(config: AppConfig): 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH' {
  return config.cognitoEndpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
}

export class SignInIncompleteError extends Error {
  override readonly name = 'SignInIncompleteError';
}

export async function signInWithPassword(config: AppConfig, email: string, password: string): Promise<void> {
  const attempt = () =>
    signIn({
      username: email.trim(),
      password,
      options: { authFlowType: passwordAuthFlow(config) },
    });
  let result;
  try {
    result = await attempt();
  } catch (error) {
    // Another user (or a stale session) is still signed in in this browser: replace it.
    if (error instanceof Error && error.name === 'UserAlreadyAuthenticatedException') {
      await signOut();
      result = await attempt();
    } else {
      throw error;
    }
  }
  if (!result.isSignedIn) throw new SignInIncompleteError(result.nextStep.signInStep);
}

function isUserNotFound(error: Error): boolean {
  return (
    error.name === 'UserNotFoundException' ||
    /user (not found|does not exist)/i.test(error.message) ||
    /no user/i.test(error.message)
  );
}

/**
 * 'We cannot find user…' for an unknown user; an API error translated from its code; any other
 * error's own message; else 'Something went wrong!!!'.
 */
export function authErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (isMessageKey(error.code)) {
      const details = (error.details ?? {}) as Record<string, unknown>;
      return t(error.code, { ...details, requestId: error.requestId ?? '-' });
    }
    return errorMessage(t, error);
  }
  if (error instanceof Error) {
    if (isUserNotFound(error)) return t('auth.userNotFound');
    if (error.message) return error.message;
  }
  return t('auth.somethingWentWrong');
}
