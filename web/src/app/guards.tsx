// Page guards (doc 1 §6), as route loaders so a page never renders for the wrong visitor:
// - login required (/home/**, /thankyou, /admin): a signed-out visitor, or one whose session the API
//   refuses (tampered, expired, closed account), goes to /{lang}/login, which shows
//   'Unauthorized / We're sorry! You can't access this page.' and comes back here after signing in;
// - admin only (/admin): a signed-in non-admin goes to /{lang}/;
// - guests only (/login, /register): a signed-in user goes to /{lang}/home.
// The signed-in loaders keep the user's profile in the auth feature's session cache.
import { Navigate, Outlet, redirect, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { MeResponse } from '../../../shared/api/schemas';
import type { SignInRedirectState } from '../features/auth/components/require-auth';
import { refreshSessionUser, setSessionUser } from '../features/auth/session';
import { ApiError } from '../lib/api-client';
import { currentIdToken, ensureAmplify, mayHaveSession } from './amplify';
import type { AppConfig } from './config';
import { DEFAULT_LANG, isLang, paths, type Lang } from './paths';

/**
 * What a login-required loader returns for a visitor without a valid session. (A loader's redirect
 * cannot carry navigation state, so GuardGate navigates with the 'unauthorized' reason instead.)
 */
export interface Unauthorized {
  unauthorized: true;
  loginHref: string;
  from: string;
}

export function isUnauthorized(value: unknown): value is Unauthorized {
  return typeof value === 'object' && value !== null && (value as Unauthorized).unauthorized === true;
}

function langOf(params: LoaderFunctionArgs['params']): Lang {
  return isLang(params.lang) ? params.lang : DEFAULT_LANG;
}

async function dropLocalSession(): Promise<void> {
  try {
    const { signOut } = await import('aws-amplify/auth');
    await signOut();
  } catch {
    // Nothing to end.
  }
  setSessionUser(null);
}

function unauthorized(lang: Lang, request: Request): Unauthorized {
  const url = new URL(request.url);
  return { unauthorized: true, loginHref: paths.login.getHref(lang), from: `${url.pathname}${url.search}` };
}

/** The signed-in user's profile, or why there is none. */
async function signedInUser(
  config: AppConfig,
  lang: Lang,
  request: Request,
): Promise<MeResponse | Unauthorized> {
  await ensureAmplify(config);
  const token = await currentIdToken(config);
  if (!token) return unauthorized(lang, request);
  try {
    return await refreshSessionUser(request.signal);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
      await dropLocalSession();
      return unauthorized(lang, request);
    }
    throw new UserLoadError(error);
  }
}

/** The signed-in user's profile could not be read (the API down, a network failure): the route's
 *  error screen says 'Fail to load user information' (spec doc 2 §8.1) with the reason. */
export class UserLoadError extends Error {
  constructor(readonly reason: unknown) {
    super('Fail to load user information');
    this.name = 'UserLoadError';
  }
}

/** Login required: the loader data is the MeResponse (or Unauthorized, handled by GuardGate). */
export function requireSignedIn(config: AppConfig) {
  return async ({ params, request }: LoaderFunctionArgs) => signedInUser(config, langOf(params), request);
}

/** Login required and the user an admin; a signed-in non-admin goes to /{lang}/. */
export function requireAdmin(config: AppConfig) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const lang = langOf(params);
    const user = await signedInUser(config, lang, request);
    if (isUnauthorized(user) || user.isAdmin) return user;
    return redirect(paths.landing.getHref(lang));
  };
}

/** Guests only: a signed-in user goes to /{lang}/home. Loads Amplify only if this browser signed in before. */
export function guestsOnly(config: AppConfig) {
  return async ({ params }: LoaderFunctionArgs) => {
    if (!mayHaveSession(config)) return null;
    await ensureAmplify(config);
    return (await currentIdToken(config)) ? redirect(paths.home.getHref(langOf(params))) : null;
  };
}

/** The element of a login-required route: its pages, or the sign-in page with the unauthorized notice. */
export function GuardGate({ routeId }: { routeId: string }) {
  const data = useRouteLoaderData(routeId);
  if (isUnauthorized(data)) {
    const state: SignInRedirectState = { reason: 'unauthorized', from: data.from };
    return <Navigate to={data.loginHref} replace state={state} />;
  }
  return <Outlet />;
}
