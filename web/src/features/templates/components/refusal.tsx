// A refused template action, said in the page's language: the server's message, and for the plan's
// limit (templates.errors.limit) the link to the plans. Shared by the list, its dialogs and Save as
// template, so each shows the refusal where the person is looking (inside an open dialog).
import { Link } from 'react-router';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

export interface Refusal {
  text: string;
  /** The plan's limit: the notice links the plans. */
  plans: boolean;
}

export function refusalOf(t: TFunction, error: unknown): Refusal {
  return {
    text: errorMessage(t, error),
    plans: error instanceof ApiError && error.code === 'templates.errors.limit',
  };
}

export function RefusalNotice({ refusal, testId }: { refusal: Refusal | null; testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!refusal) return null;
  return (
    <p className="notice notice-warning" role="alert" data-testid={testId}>
      {refusal.text}{' '}
      {refusal.plans ? (
        <Link to={paths.homeSelectPlan.getHref(lang)}>{t('templatesPage.seePlans')}</Link>
      ) : null}
    </p>
  );
}
