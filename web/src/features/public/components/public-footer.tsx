// The public footer (doc 1 §2): logo, company address and contact, Company links (About Us, FAQ,
// Blog), Services links, the copyright line, Terms and Privacy links, and the language switcher.
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../../../shared/i18n/core';
import { localeOf } from '../../../app/i18n';
import { switchLangHref, type Lang } from '../../../app/paths';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { COPYRIGHT_START_YEAR } from '../constants';
import { SITE, telHref } from '../site-details';
import { usePublicContent } from '../hooks/use-public-content';
import { publicHref } from '../public-paths';
import { Logo } from './logo';
import { blogHref, useServiceLinks } from './nav-links';

export function PublicFooter({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { copy, copyLocale } = usePublicContent();
  const serviceLinks = useServiceLinks(lang);
  const blog = blogHref(lang);
  const { address, email, phone } = SITE.company;
  const thisYear = new Date().getFullYear();
  const years =
    thisYear > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${thisYear}` : `${COPYRIGHT_START_YEAR}`;
  const languages = LANGUAGES.map((code) => ({
    code,
    locale: localeOf(code),
    href: switchLangHref(pathname, code),
    current: code === lang,
  }));

  return (
    <footer className="public-footer">
      <div className="public-footer-inner">
        <div className="footer-brand">
          <Link className="public-brand" to={publicHref(lang, 'landing')}>
            <Logo />
          </Link>
          <p className="footer-tagline" lang={copyLocale}>
            {copy.footer.tagline}
          </p>
          {/* The operator's details, each only when configured (site-details.ts). */}
          {address || email || phone ? (
            <address className="footer-address" data-testid="footer-address">
              {address ? (
                <>
                  <span className="footer-label">{t('public.footer.address')}</span>
                  <span>{address}</span>
                </>
              ) : null}
              {email || phone ? <span className="footer-label">{t('public.footer.contact')}</span> : null}
              {email ? <a href={`mailto:${email}`}>{email}</a> : null}
              {phone ? <a href={telHref(phone)}>{phone}</a> : null}
            </address>
          ) : null}
        </div>
        <nav className="footer-links" aria-labelledby="footer-company">
          <h2 id="footer-company">{t('public.footer.company')}</h2>
          <ul>
            <li>
              <Link to={publicHref(lang, 'about')}>{t('public.footer.about')}</Link>
            </li>
            <li>
              <Link to={publicHref(lang, 'faq')}>{t('public.nav.faq')}</Link>
            </li>
            <li>
              <Link to={publicHref(lang, 'verify')}>{t('verify.title')}</Link>
            </li>
            {blog ? (
              <li>
                <a href={blog} target="_blank" rel="noopener noreferrer">
                  {t('public.nav.blog')}
                  <span className="visually-hidden"> {t('public.nav.opensInNewTab')}</span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <nav className="footer-links" aria-labelledby="footer-services">
          <h2 id="footer-services">{t('public.footer.services')}</h2>
          <ul>
            {serviceLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="footer-links" aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('public.footer.legal')}</h2>
          <ul>
            <li>
              <Link to={publicHref(lang, 'terms')}>{t('public.footer.terms')}</Link>
            </li>
            <li>
              <Link to={publicHref(lang, 'privacy')}>{t('public.footer.privacy')}</Link>
            </li>
            <li>
              <Link to={publicHref(lang, 'refund')}>{t('public.footer.refund')}</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="public-footer-bottom">
        <p className="copyright">{t('public.footer.copyright', { year: years })}</p>
        <div className="footer-bottom-links">
          <Link to={publicHref(lang, 'terms')}>{t('public.footer.terms')}</Link>
          <Link to={publicHref(lang, 'privacy')}>{t('public.footer.privacy')}</Link>
          <Link className="status-link" to={publicHref(lang, 'status')}>
            {t('public.footer.status')}
          </Link>
        </div>
        <div className="footer-languages" role="group" aria-label={t('public.footer.language')}>
          <LanguageSwitcher options={languages} />
        </div>
      </div>
    </footer>
  );
}
