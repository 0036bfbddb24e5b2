// Guard for pages that need a signed-in user. A signed-out visitor is sent to the sign-in page with
// the 'Unauthorized' notice (and comes back here after signing in); a user who signs out while on
// the page goes there with the 'Logged out' notice.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { useAuthStatus } from '../hooks/use-auth-status';
import type { AuthNoticeReason } from './auth-notice';

export interface SignInRedirectState {
  reason: AuthNoticeReason;
  /** Where to go after signing in. */
  from?: string;
}

interface RequireAuthProps {
  loginHref: string;
  children: ReactNode;
}

export function RequireAuth({ loginHref, children }: RequireAuthProps) {
  const auth = useAuthStatus();
  const location = useLocation();

  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signedOut') {
    const state: SignInRedirectState = auth.sessionEnded
      ? { reason: 'signedOut' }
      : { reason: 'unauthorized', from: `${location.pathname}${location.search}` };
    return <Navigate to={loginHref} replace state={state} />;
  }
  return children;
}
