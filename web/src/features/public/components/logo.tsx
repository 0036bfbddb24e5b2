import { useTranslation } from 'react-i18next';

/** The SignSeal mark (a seal with a tick) and name. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="logo">
      <svg
        className="logo-mark"
        viewBox="0 0 32 32"
        width="28"
        height="28"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="16" cy="16" r="14" fill="currentColor" />
        <circle cx="16" cy="16" r="10.5" fill="none" stroke="#fff" strokeWidth="1.5" strokeDasharray="2 2" />
        <path
          d="M10.5 16.5l3.5 3.5 7.5-8"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="logo-name">{t('app.name')}</span>
    </span>
  );
}
