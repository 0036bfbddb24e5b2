import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to '<page> | SignSeal' while the page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    const previous = document.title;
    document.title = `${pageTitle} | ${appName}`;
    return () => {
      document.title = previous;
    };
  }, [pageTitle, appName]);
}
