// The signed-in layout: a top bar (menu button on small screens, brand, languages, the user's picture
// and name with My Profile), the side menu, and the page.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import { paths, type Lang } from '../../../app/paths';
import { LanguageSwitcher, type LanguageOption } from '../../../components/language-switcher';
import { Avatar } from './avatar';
import { SideMenu } from './side-menu';

interface ShellLayoutProps {
  user: MeResponse;
  lang: Lang;
  languageOptions: readonly LanguageOption[];
  /** Ends the session; the caller navigates. */
  onLogout: () => Promise<void>;
  children: ReactNode;
}

export function ShellLayout({ user, lang, languageOptions, onLogout, children }: ShellLayoutProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // A page change closes the (small-screen) menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const logout = () => {
    setLoggingOut(true);
    void onLogout().finally(() => setLoggingOut(false));
  };

  return (
    <div className="signed-in-shell">
      <a className="skip-link" href="#main-content">
        {t('shell.skipToContent')}
      </a>
      <header className="top-bar" data-testid="top-bar">
        <button
          ref={menuButton}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="menu-toggle"
        >
          <span aria-hidden="true">☰</span>
        </button>
        <Link className="brand" to={paths.home.getHref(lang)}>
          {t('app.name')}
        </Link>
        <div className="top-bar-end">
          <LanguageSwitcher options={languageOptions} />
          <div className="top-bar-user" data-testid="top-bar-user">
            <Avatar name={user.name} />
            <div className="top-bar-user-text">
              <span className="top-bar-user-name" data-testid="top-bar-name">
                {user.name}
              </span>
              <Link to={paths.homeMyPage.getHref(lang, 'myinfo')} data-testid="my-profile-link">
                {t('shell.topBar.myProfile')}
              </Link>
            </div>
          </div>
        </div>
      </header>
      <div className="shell-body">
        <SideMenu
          id={menuId}
          user={user}
          lang={lang}
          open={menuOpen}
          loggingOut={loggingOut}
          onLogout={logout}
        />
        <main id="main-content" className="shell-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
