// The signer link of a contract that is over (issue #29 item 5), as the whole page: declined — who
// declined it, when, and a denial's reason (the spec e-mails it to every participant) — or completed —
// when, that the signed copy and its certificate were sent to every party, and the verification page
// that checks a copy. In the signer page's first chunk (no document viewer is needed for either).
import { useTranslation } from 'react-i18next';
import type { SignerClosedDetails } from '../../../../../shared/api/schemas/signer-states';
import { localeForPath } from '../../../../../shared/i18n/core';
import { useDocumentTitle } from '../../../app/page-title';
import type { Lang } from '../../../app/paths';
import { formatDateTime } from '../../../lib/format';
import { EndPanel } from './end-screens';
import { useEmbed } from '../../embed/session';

const DECLINED_LINES = {
  deny: 'signerStates.declined.deny',
  terms: 'signerStates.declined.terms',
  videos: 'signerStates.declined.videos',
} as const;

/** The public verification page of a sealed contract (the QR code of its audit pages opens it too). */
export function verifyHref(lang: Lang, docuId: string): string {
  return `/${lang}/verify?document=${encodeURIComponent(docuId)}`;
}

export function DeclinedPage({
  declined,
  home,
  lang,
}: {
  declined: SignerClosedDetails | null;
  home: string;
  lang: Lang;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t('signerStates.titles.declined'));
  const date = (iso: string | null) => (iso ? formatDateTime(iso, localeForPath(lang)) : '—');
  // The link's own contractor denied the videos: the spec's words for it.
  const title =
    declined?.self && declined.kind === 'videos'
      ? t('signing.alreadyDeniedVideos')
      : t('signerStates.errors.declined');
  return (
    <EndPanel title={title} home={home} testId="signer-declined" level={1}>
      {declined ? (
        <p data-testid="signer-declined-by">
          {t(DECLINED_LINES[declined.kind], {
            name: declined.by ?? t('signerStates.declined.someone'),
            date: date(declined.at),
          })}
        </p>
      ) : null}
      {declined?.reason ? (
        <p data-testid="signer-declined-reason">
          {t('signerStates.declined.reason', { reason: declined.reason })}
        </p>
      ) : null}
      <p>{t('signerStates.declined.nothingToDo')}</p>
    </EndPanel>
  );
}

export function CompletedPage({
  completedAt,
  docuId,
  home,
  lang,
}: {
  completedAt: string | null;
  docuId: string;
  home: string;
  lang: Lang;
}) {
  const { t } = useTranslation();
  const embedded = useEmbed() !== null;
  useDocumentTitle(t('signerStates.titles.completed'));
  return (
    <EndPanel
      title={t('signerStates.completed.title')}
      home={home}
      testId="signer-contract-completed"
      level={1}
    >
      {completedAt ? (
        <p data-testid="signer-completed-on">
          {t('signerStates.completed.on', { date: formatDateTime(completedAt, localeForPath(lang)) })}
        </p>
      ) : null}
      <p>{t('signerStates.completed.copy')}</p>
      <p hidden={embedded}>
        <a
          className="button button-secondary"
          href={verifyHref(lang, docuId)}
          data-testid="signer-verify-link"
        >
          {t('signerStates.completed.verify')}
        </a>
      </p>
    </EndPanel>
  );
}
