// The header's Services dropdown (disclosure pattern): a button that shows a list of links.
// Keyboard: Enter/Space toggles, ArrowDown opens and moves into the list, ArrowUp/ArrowDown move
// between links, Escape closes and returns focus to the button; leaving the menu closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../app/paths';
import { publicHref } from '../public-paths';
import { useServiceLinks } from './nav-links';

export function ServicesMenu({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const links = useServiceLinks(lang);

  // Any navigation closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  // A click outside closes it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const menuLinks = () =>
    Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.dropdown-menu a') ?? []);

  const focusLink = (index: number) => {
    const items = menuLinks();
    if (items.length === 0) return;
    items[(index + items.length) % items.length]?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      // The list renders on the next frame when it was closed.
      requestAnimationFrame(() => focusLink(0));
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuLinks();
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusLink(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusLink(current - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusLink(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusLink(items.length - 1);
    }
  };

  return (
    <div
      className={`dropdown${open ? ' is-open' : ''}`}
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-item dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        {t('public.nav.services')}
        <span className="chevron" aria-hidden="true" />
      </button>
      <ul id={menuId} className="dropdown-menu" hidden={!open} onKeyDown={onMenuKeyDown}>
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href} onClick={() => setOpen(false)}>
              {link.label}
            </Link>
          </li>
        ))}
        <li className="dropdown-divider">
          <Link to={publicHref(lang, 'services')} onClick={() => setOpen(false)}>
            {t('public.nav.allServices')}
          </Link>
        </li>
      </ul>
    </div>
  );
}
