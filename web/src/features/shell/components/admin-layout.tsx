// /{lang}/admin: a side menu with Setting and Jobs (doc 1 §2; made real for operators by issue #20).
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths, type Lang } from '../../../app/paths';

export function AdminLayout({ lang, children }: { lang: Lang; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="signed-in-shell admin-shell">
      <header className="top-bar">
        <Link className="brand" to={paths.home.getHref(lang)}>
          {t('app.name')}
        </Link>
        <span className="top-bar-title">{t('shell.admin.title')}</span>
      </header>
      <div className="shell-body">
        <aside className="side-menu side-menu-static" data-testid="admin-menu">
          <nav aria-label={t('shell.admin.menuLabel')}>
            <ul>
              <li>
                <NavLink to={paths.adminSetting.getHref(lang)}>{t('shell.admin.setting')}</NavLink>
              </li>
              <li>
                <NavLink to={paths.adminJobs.getHref(lang)}>{t('shell.admin.jobs')}</NavLink>
              </li>
            </ul>
          </nav>
        </aside>
        <main id="main-content" className="shell-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

export function AdminIntro() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h1>{t('shell.admin.title')}</h1>
      <p>{t('shell.admin.intro')}</p>
    </section>
  );
}
