// The messages of lib/flash at the top of every page, each with a close button.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dismissFlash, flashesFor, flashPageChanged, useFlashes } from '../lib/flash';

export function FlashMessages() {
  const { t } = useTranslation();
  const all = useFlashes();
  const { pathname } = useLocation();
  // Pushing a message re-renders, so a new one gets marked as shown here.
  useEffect(() => flashPageChanged(pathname), [pathname, all]);
  const flashes = flashesFor(all, pathname);
  if (flashes.length === 0) return null;
  return (
    <div className="flash-messages">
      {flashes.map((flash) => (
        <div
          key={flash.id}
          className={`notice notice-${flash.tone} flash`}
          role={flash.tone === 'warning' ? 'alert' : 'status'}
          data-testid={`flash-${flash.kind}`}
        >
          <div className="flash-text">
            {flash.titleKey ? <strong>{t(flash.titleKey)}</strong> : null}
            <p>{t(flash.messageKey)}</p>
          </div>
          <button
            type="button"
            className="button-icon flash-close"
            aria-label={t('common.close')}
            onClick={() => dismissFlash(flash.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
