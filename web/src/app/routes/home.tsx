// /{lang}/home: the signed-in area's start page.
import { RequireAuth } from '../../features/auth/components/require-auth';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { Welcome } from '../../features/home/components/welcome';
import { paths } from '../paths';
import { useLang } from '../use-lang';

export function HomeRoute() {
  const lang = useLang();
  return (
    <RequireAuth loginHref={paths.login.getHref(lang)}>
      <main className="page home-page">
        <Welcome />
        <div className="actions">
          <SignOutButton />
        </div>
      </main>
    </RequireAuth>
  );
}
