// Every page's own title, in its language (issue #14): '<page> | SignSeal'. A route names its page in
// its `handle` (`{ title: 'titles.home' }`); a page whose title depends on what it shows calls
// useDocumentTitle(text), which wins over the route's. PageTitle (in the language layout) writes the
// result to document.title, so a page without either still gets the app's name, never a stale title.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type { MessageKey } from '../../../shared/i18n';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** The page's name (a message key), for the browser tab's title. */
  title?: MessageKey;
  /**
   * The page is written in every language (not the public site's long copy, which Korean pages show
   * in English with a notice): the notice is not shown on it.
   */
  translated?: boolean;
}

/** A route's handle: its page title (a message key) and whether the page is fully translated. */
export const titled = (title: NonNullable<RouteHandle['title']>, translated = true): RouteHandle => ({
  title,
  translated,
});

const SetTitle = createContext<(title: string | null) => void>(() => undefined);

/** The handles of the matched routes, innermost last. */
export function useRouteHandles(): RouteHandle[] {
  return useMatches().map((m) => (m.handle ?? {}) as RouteHandle);
}

export function PageTitle({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [override, setOverride] = useState<string | null>(null);
  const key = useRouteHandles()
    .map((h) => h.title)
    .filter((k) => k !== undefined)
    .at(-1);
  const app = t('app.name');
  const page = override ?? (key ? t(key) : null);
  useEffect(() => {
    document.title = page ? `${page} | ${app}` : app;
  }, [page, app, t]);
  return <SetTitle.Provider value={setOverride}>{children}</SetTitle.Provider>;
}

/** Titles the browser tab '<pageTitle> | SignSeal' while the calling page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  const set = useContext(SetTitle);
  useEffect(() => {
    set(pageTitle);
    return () => set(null);
  }, [pageTitle, set]);
}
