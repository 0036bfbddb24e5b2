// /{lang}/home/mypage/{myinfo|priceinfo}: the two tabs are links, so each tab has its own address.
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MeResponse } from '../../../../../shared/api/schemas';
import { MY_PAGE_TABS, paths, type Lang, type MyPageTab } from '../../../app/paths';
import { ApiKeys } from './api-keys';
import { BrandForm } from './brand-form';
import { EmbedOriginsForm } from './embed-origins-form';
import { CloseAccount } from './close-account';
import { MyInfoForm } from './my-info-form';
import { PricingInfo } from './pricing-info';
import { RoutingDefaultsForm } from './routing-defaults-form';
import { WebhooksSection } from './webhooks-section';

interface MyPageProps {
  user: MeResponse;
  lang: Lang;
  tab: MyPageTab;
  onSaved: (user: MeResponse) => void;
  onRefresh: () => Promise<void>;
  onClosed: () => Promise<void>;
}

export function MyPage({ user, lang, tab, onSaved, onRefresh, onClosed }: MyPageProps) {
  const { t } = useTranslation();
  return (
    <div className="my-page">
      <h1>{t('myPage.title')}</h1>
      <nav className="tabs" aria-label={t('myPage.tabsLabel')}>
        <ul>
          {MY_PAGE_TABS.map((key) => (
            <li key={key}>
              <NavLink to={paths.homeMyPage.getHref(lang, key)} data-testid={`tab-${key}`}>
                {t(`myPage.tabs.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'myinfo' ? (
        <>
          {/* Keyed by user so a saved or re-read profile resets the form. */}
          <MyInfoForm key={user.userId} user={user} lang={lang} onSaved={onSaved} onRefresh={onRefresh} />
          <RoutingDefaultsForm key={`routing-${user.userId}`} user={user} onSaved={onSaved} />
          <BrandForm key={`brand-${user.userId}`} lang={lang} />
          <ApiKeys key={`api-keys-${user.userId}`} lang={lang} />
          <EmbedOriginsForm key={`embed-${user.userId}`} lang={lang} />
          <WebhooksSection key={`webhooks-${user.userId}`} lang={lang} />
          <CloseAccount onClosed={onClosed} />
        </>
      ) : (
        <PricingInfo user={user} lang={lang} />
      )}
    </div>
  );
}
