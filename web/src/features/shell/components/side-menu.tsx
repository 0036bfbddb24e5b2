// The signed-in side menu (doc 1 §2): Home, My Contract List and My Certifications (both the signed
// tab), Make New Sign / Stamp, My Plan, Logout; then the plan box. Two entries lead to the same page:
// only My Contract List is marked as the current page (both used to be highlighted at once).
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import { paths, type Lang } from '../../../app/paths';
import { PlanBox } from './plan-box';

interface SideMenuProps {
  id: string;
  user: MeResponse;
  lang: Lang;
  open: boolean;
  loggingOut: boolean;
  onLogout: () => void;
}

export function SideMenu({ id, user, lang, open, loggingOut, onLogout }: SideMenuProps) {
  const { t } = useTranslation();
  const signedTab = paths.homeDoc.getHref(lang, 'signed');
  const items = [
    { key: 'home', to: paths.home.getHref(lang), label: t('shell.menu.home'), end: true },
    { key: 'contracts', to: signedTab, label: t('shell.menu.contractList'), end: false },
    {
      key: 'certifications',
      to: signedTab,
      label: t('shell.menu.certifications'),
      end: false,
      highlight: false,
    },
    { key: 'sign', to: paths.homeSign.getHref(lang), label: t('shell.menu.makeSign'), end: false },
    { key: 'templates', to: paths.homeTemplates.getHref(lang), label: t('templatesPage.title'), end: false },
    { key: 'plan', to: paths.homeMyPlan.getHref(lang), label: t('shell.menu.myPlan'), end: false },
  ];
  return (
    <aside id={id} className={`side-menu${open ? ' side-menu-open' : ''}`} data-testid="side-menu">
      <nav aria-label={t('shell.menuLabel')}>
        <ul>
          {items.map((item) => (
            <li key={item.key}>
              {'highlight' in item ? (
                <Link to={item.to} data-testid={`menu-${item.key}`}>
                  {item.label}
                </Link>
              ) : (
                <NavLink to={item.to} end={item.end} data-testid={`menu-${item.key}`}>
                  {item.label}
                </NavLink>
              )}
            </li>
          ))}
          <li>
            <button
              type="button"
              className="side-menu-logout"
              onClick={onLogout}
              disabled={loggingOut}
              data-testid="menu-logout"
            >
              {t('shell.menu.logout')}
            </button>
          </li>
        </ul>
      </nav>
      <PlanBox user={user} lang={lang} />
    </aside>
  );
}
