// The signed-in area (/{lang}/home/**) and /{lang}/admin: the shell around each page, wired to the
// session (features/auth/session) here in the app layer. Loaded lazily with Amplify.
import { useCallback } from 'react';
import { Outlet, useLocation, useNavigate, useParams, useRouteLoaderData } from 'react-router';
import type { MeResponse } from '../../../../shared/api/schemas';
import { MyPage } from '../../features/account/components/my-page';
import {
  refreshSessionUser,
  setSessionUser,
  signOutAndGo,
  useSessionUser,
} from '../../features/auth/session';
import { ServiceCards } from '../../features/home/components/service-cards';
import { Welcome } from '../../features/home/components/welcome';
import { AdminIntro, AdminLayout } from '../../features/shell/components/admin-layout';
import { JobsPage } from '../../features/admin/components/jobs-page';
import { SettingPage } from '../../features/admin/components/setting-page';
import { ShellLayout } from '../../features/shell/components/shell-layout';
import { NotFound } from '../../components/not-found';
import { pushFlash } from '../../lib/flash';
import { useAppConfig } from '../app-context';
import { isMyPageTab, paths } from '../paths';
import { useLang } from '../use-lang';
import { languageOptions } from '../language-options';

export const SIGNED_IN_ROUTE_ID = 'signed-in';
export const ADMIN_ROUTE_ID = 'admin';

/** The signed-in user: the session cache (updated after saves), else what the guard loaded. */
function useUser(routeId: string): MeResponse {
  const loaded = useRouteLoaderData(routeId) as MeResponse | undefined;
  const cached = useSessionUser();
  const user = cached ?? loaded;
  if (!user) throw new Error(`${routeId}: no signed-in user (the guard loader did not run)`);
  return user;
}

export function SignedInLayout() {
  const config = useAppConfig();
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useUser(SIGNED_IN_ROUTE_ID);
  const onLogout = useCallback(async () => {
    await signOutAndGo(lang, { config, navigate });
  }, [lang, config, navigate]);
  return (
    <ShellLayout
      user={user}
      lang={lang}
      languageOptions={languageOptions(pathname, lang)}
      onLogout={onLogout}
    >
      <Outlet />
    </ShellLayout>
  );
}

export function HomeIndexRoute() {
  const lang = useLang();
  const user = useUser(SIGNED_IN_ROUTE_ID);
  return (
    <>
      <Welcome name={user.name} />
      <ServiceCards lang={lang} />
    </>
  );
}

export function MyPageRoute() {
  const lang = useLang();
  const { tab } = useParams();
  const navigate = useNavigate();
  const user = useUser(SIGNED_IN_ROUTE_ID);

  const onRefresh = useCallback(async () => {
    await refreshSessionUser();
  }, []);

  const onClosed = useCallback(async () => {
    try {
      const { signOut } = await import('aws-amplify/auth');
      await signOut();
    } catch {
      // The account is closed server-side; the local session is dropped either way.
    }
    setSessionUser(null);
    const landing = paths.landing.getHref(lang);
    pushFlash({ kind: 'accountClosed', tone: 'success', messageKey: 'account.closed' }, landing);
    await navigate(landing, { replace: true });
  }, [lang, navigate]);

  if (!isMyPageTab(tab)) return <NotFound homeHref={paths.home.getHref(lang)} />;
  return (
    <MyPage
      user={user}
      lang={lang}
      tab={tab}
      onSaved={setSessionUser}
      onRefresh={onRefresh}
      onClosed={onClosed}
    />
  );
}

/** An unknown page of the signed-in area: 'Sorry, the page you visited does not exist', Back Home. */
export function HomeNotFoundRoute() {
  const lang = useLang();
  return <NotFound homeHref={paths.home.getHref(lang)} />;
}

export function AdminShellRoute() {
  const lang = useLang();
  useUser(ADMIN_ROUTE_ID);
  return (
    <AdminLayout lang={lang}>
      <Outlet />
    </AdminLayout>
  );
}

export { AdminIntro };

export function AdminJobsRoute() {
  return <JobsPage lang={useLang()} />;
}

export function AdminSettingRoute() {
  return <SettingPage lang={useLang()} />;
}
