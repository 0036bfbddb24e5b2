// /{lang}/home/select_plan (issue #18, spec doc 1 §2): the public pricing page's catalogue (toggle,
// prices, features) with a link to the pay page.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { PlanCatalogue } from '../../public/components/plan-catalogue';

export function SelectPlanPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="billing-page" data-testid="select-plan-page">
      <h1>{t('titles.selectPlan')}</h1>
      <PlanCatalogue
        action={(plan, nameId) => (
          <Link
            className="button button-primary plan-buy"
            to={paths.homePayPlan.getHref(lang, plan)}
            aria-describedby={nameId}
          >
            {t('public.plans.buyNow')}
          </Link>
        )}
      />
    </div>
  );
}
