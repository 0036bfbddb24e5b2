// The public header (doc 1 §2): Home, Services dropdown, Blog (external), FAQ, Plans, and Sign up /
// Sign in (or My page). It takes a compact look after 50 px of scroll; under ~768 px the entries move
// into a side menu opened by the hamburger button.
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../app/paths';
import { HEADER_SCROLL_THRESHOLD_PX } from '../constants';
import { useScrolled } from '../hooks/use-scrolled';
import { publicHref } from '../public-paths';
import { AccountLinks } from './account-links';
import { Logo } from './logo';
import { blogHref, useServiceLinks } from './nav-links';
import { ServicesMenu } from './services-menu';

export function PublicHeader({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  return (
    <header className={`public-header${scrolled ? ' is-scrolled' : ''}`} data-scrolled={scrolled}>
      <a className="public-skip-link" href="#public-main">
        {t('public.nav.skipToContent')}
      </a>
      <div className="public-header-inner">
        <Link className="public-brand" to={publicHref(lang, 'landing')}>
          <Logo />
        </Link>
        <nav className="public-nav" aria-label={t('public.nav.mainLabel')}>
          <ul>
            <li>
              <NavLink className="nav-item" to={publicHref(lang, 'landing')} end>
                {t('public.nav.home')}
              </NavLink>
            </li>
            <li>
              <ServicesMenu lang={lang} />
            </li>
            {blogHref(lang) ? (
              <li>
                <BlogLink lang={lang} />
              </li>
            ) : null}
            <li>
              <NavLink className="nav-item" to={publicHref(lang, 'faq')}>
                {t('public.nav.faq')}
              </NavLink>
            </li>
            <li>
              <NavLink className="nav-item" to={publicHref(lang, 'plans')}>
                {t('public.nav.plans')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="public-account">
          <AccountLinks lang={lang} />
        </div>
        <button
          ref={toggleRef}
          type="button"
          className="public-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="public-side-menu"
          onClick={() => setMenuOpen(true)}
        >
          <span className="visually-hidden">{t('public.nav.openMenu')}</span>
          <span className="hamburger" aria-hidden="true" />
        </button>
      </div>
      <SideMenu
        lang={lang}
        open={menuOpen}
        onClose={() => {
          setMenuOpen(false);
          toggleRef.current?.focus();
        }}
      />
    </header>
  );
}

/** Only when the operator has configured a blog for this language (no dead link). */
function BlogLink({ lang, onNavigate }: { lang: Lang; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const href = blogHref(lang);
  if (!href) return null;
  return (
    <a className="nav-item" href={href} target="_blank" rel="noopener noreferrer" onClick={onNavigate}>
      {t('public.nav.blog')}
      <span className="visually-hidden"> {t('public.nav.opensInNewTab')}</span>
      <span className="external-mark" aria-hidden="true">
        ↗
      </span>
    </a>
  );
}

/** The mobile side menu: a modal dialog (focus stays inside; Escape or the backdrop closes it). */
function SideMenu({ lang, open, onClose }: { lang: Lang; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const serviceLinks = useServiceLinks(lang);
  const { pathname } = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Following a link closes the menu.
  const closeOnNavigate = useRef(onClose);
  closeOnNavigate.current = onClose;
  useEffect(() => {
    if (dialogRef.current?.open) closeOnNavigate.current();
  }, [pathname]);

  return (
    <dialog
      ref={dialogRef}
      id="public-side-menu"
      className="public-side-menu"
      aria-label={t('public.nav.mainLabel')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="public-side-menu-panel">
        <div className="public-side-menu-top">
          <Logo />
          <button type="button" className="public-side-menu-close" onClick={onClose}>
            <span className="visually-hidden">{t('public.nav.closeMenu')}</span>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <nav aria-label={t('public.nav.mainLabel')}>
          <ul className="public-side-menu-list">
            <li>
              <NavLink to={publicHref(lang, 'landing')} end onClick={onClose}>
                {t('public.nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to={publicHref(lang, 'services')} onClick={onClose}>
                {t('public.nav.services')}
              </NavLink>
              <ul>
                {serviceLinks.map((link) => (
                  <li key={link.href}>
                    <NavLink to={link.href} onClick={onClose}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
            {blogHref(lang) ? (
              <li>
                <BlogLink lang={lang} onNavigate={onClose} />
              </li>
            ) : null}
            <li>
              <NavLink to={publicHref(lang, 'faq')} onClick={onClose}>
                {t('public.nav.faq')}
              </NavLink>
            </li>
            <li>
              <NavLink to={publicHref(lang, 'plans')} onClick={onClose}>
                {t('public.nav.plans')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="public-side-menu-account">
          {open ? <AccountLinks lang={lang} onNavigate={onClose} /> : null}
        </div>
      </div>
    </dialog>
  );
}
