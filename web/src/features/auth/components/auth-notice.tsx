// Why the visitor is on the sign-in page: a guarded page sent them here, or they just signed out.
import { useTranslation } from 'react-i18next';

export type AuthNoticeReason = 'unauthorized' | 'signedOut';

export function AuthNotice({ reason }: { reason: AuthNoticeReason }) {
  const { t } = useTranslation();
  if (reason === 'unauthorized') {
    return (
      <div className="notice notice-warning" role="alert" data-testid="notice-unauthorized">
        <strong>{t('access.unauthorized.title')}</strong>
        <p>{t('access.unauthorized.message')}</p>
      </div>
    );
  }
  return (
    <div className="notice notice-info" role="status" data-testid="notice-signed-out">
      <p>{t('auth.loggedOut')}</p>
    </div>
  );
}
