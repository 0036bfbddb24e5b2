// The signed-in state from Amplify, kept current by its Hub events (sign-in, sign-out, token refresh
// failure). Requires Amplify to be configured (the routes that use it await that in their loader).
import { useEffect, useState } from 'react';
import { getCurrentUser, type AuthUser } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

export type AuthStatus =
  | { status: 'loading' }
  | { status: 'signedIn'; user: AuthUser }
  /** `sessionEnded`: the user was signed in while this component was mounted (signed out here or elsewhere). */
  | { status: 'signedOut'; sessionEnded: boolean };

export function useAuthStatus(): AuthStatus {
  const [state, setState] = useState<AuthStatus>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    const refresh = () => {
      getCurrentUser().then(
        (user) => active && setState({ status: 'signedIn', user }),
        () =>
          active &&
          setState((previous) => ({
            status: 'signedOut',
            sessionEnded:
              previous.status === 'signedIn' || (previous.status === 'signedOut' && previous.sessionEnded),
          })),
      );
    };
    refresh();
    const stop = Hub.listen('auth', ({ payload }) => {
      if (
        payload.event === 'signedIn' ||
        payload.event === 'signedOut' ||
        payload.event === 'tokenRefresh_failure'
      ) {
        refresh();
      }
    });
    return () => {
      active = false;
      stop();
    };
  }, []);

  return state;
}
