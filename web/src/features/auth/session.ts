// The signed-in user as the app shell sees it, without loading Amplify up front:
// - getSessionUser() / useSessionUser(): the MeResponse of the last `POST /api/me/login` or
//   `GET /api/me`, cached in memory (null when unknown or signed out); refreshSessionUser() re-reads it.
// - signOutAndGo(lang): Amplify signOut (lazy-loaded), clear the cache, leave the 'Logged out
//   successfully.' notice for the login page, go to /{lang}/login; or, when it fails, stay signed in
//   with 'Something went wrong, Logout Failed'.
// - announceSignedIn(page): 'Logged in successfully.' as a flash message of the language layout.
// Amplify is only ever imported dynamically here, so the shell can import this module from the
// landing page's chunk.
import { useSyncExternalStore } from 'react';
import type { MeResponse } from '../../../../shared/api/schemas';
import { ensureAmplify } from '../../app/amplify';
import type { AppConfig } from '../../app/config';
import type { Lang } from '../../app/paths';
import { pushFlash } from '../../lib/flash';
import { fetchMe } from './api/account';

let sessionUser: MeResponse | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The cached profile of the signed-in user, or null (not loaded yet, or signed out). */
export function getSessionUser(): MeResponse | null {
  return sessionUser;
}

/** Replaces the cached profile (after sign-in, `PATCH /api/me`, …); null clears it. */
export function setSessionUser(user: MeResponse | null): void {
  sessionUser = user;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The cached profile, re-rendering when it changes. */
export function useSessionUser(): MeResponse | null {
  return useSyncExternalStore(subscribe, getSessionUser, getSessionUser);
}

/** Reads `GET /api/me` into the cache (the caller must be signed in); returns it. */
export async function refreshSessionUser(signal?: AbortSignal): Promise<MeResponse> {
  const user = await fetchMe(signal);
  setSessionUser(user);
  return user;
}

// --- Notices that outlive the page that raised them ----------------------------------------------

const SIGNED_OUT_FLAG = 'signseal.auth.signedOut';

/** Whether signOutAndGo left the notice (without clearing it). */
export function peekSignedOutNotice(): boolean {
  try {
    return sessionStorage.getItem(SIGNED_OUT_FLAG) !== null;
  } catch {
    return false;
  }
}

/** True once after signOutAndGo: the login page then shows 'Logged out successfully.'. */
export function takeSignedOutNotice(): boolean {
  try {
    const flagged = sessionStorage.getItem(SIGNED_OUT_FLAG) !== null;
    sessionStorage.removeItem(SIGNED_OUT_FLAG);
    return flagged;
  } catch {
    return false;
  }
}

function flagSignedOut(): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
  } catch {
    // Private mode without storage: the notice is simply not shown.
  }
}

// --- Sign-out ----------------------------------------------------------------------------------

export interface SignOutOptions {
  /** Configures Amplify first when this page load has not done so yet. */
  config?: AppConfig;
  /** The router's navigate (client-side); without it the browser loads the login page. */
  navigate?: (to: string, options?: { replace?: boolean }) => unknown;
}

/**
 * Signs out of this browser (Amplify signOut), clears the cached user, and goes to
 * /{lang}/login where 'Logged out successfully.' is shown. When the sign-out fails — Amplify throws,
 * or the session is still there afterwards (its tokens could not be removed) — the user stays where
 * they are, still signed in, and 'Something went wrong, Logout Failed' says so (spec doc 2 §8.1;
 * issue #29: it used to be swallowed). Resolves to whether the sign-out happened.
 */
export async function signOutAndGo(lang: Lang, options: SignOutOptions = {}): Promise<boolean> {
  try {
    if (options.config) await ensureAmplify(options.config);
    const { signOut, getCurrentUser } = await import('aws-amplify/auth');
    await signOut();
    const stillSignedIn = await getCurrentUser().then(
      () => true,
      () => false,
    );
    if (stillSignedIn) throw new Error('the session is still there after signOut');
  } catch {
    pushFlash({ kind: 'logoutFailed', tone: 'warning', messageKey: 'auth.logoutFailed' });
    return false;
  }
  setSessionUser(null);
  flagSignedOut();
  const to = `/${lang}/login`;
  if (options.navigate) await options.navigate(to, { replace: true });
  else window.location.assign(to);
  return true;
}

/** 'Logged in successfully.' on the page the user is about to land on (shown by the layout). */
export function announceSignedIn(page: string): void {
  pushFlash({ kind: 'loggedIn', tone: 'success', messageKey: 'auth.loggedIn' }, page);
}
