// The landing page's loader (used by features/public): a visitor who is already signed in goes to
// /{lang}/home (spec doc 1 §2).
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { currentIdToken, ensureAmplify, mayHaveSession } from '../amplify';
import type { AppConfig } from '../config';
import { isLang, paths } from '../paths';

export function landingLoader(config: AppConfig) {
  return async ({ params }: LoaderFunctionArgs) => {
    // Only load Amplify when this browser has signed in before.
    if (!isLang(params.lang) || !mayHaveSession(config)) return null;
    await ensureAmplify(config);
    return (await currentIdToken(config)) ? redirect(paths.home.getHref(params.lang)) : null;
  };
}
