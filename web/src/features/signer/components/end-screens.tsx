// The signer flow's end screens (spec doc 1 §2, Signer flow step 4, and §4: already agreed or
// denied), and the error pages of a link that cannot be used; each with Go to Home.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EndName } from '../machine';

export function EndPanel({
  title,
  home,
  testId,
  level = 2,
  children,
}: {
  title: string;
  home: string;
  testId: string;
  /** 1 when the panel is the whole page (an unusable link), else 2 under the contract's title. */
  level?: 1 | 2;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="signer-end" data-testid={testId}>
      <Heading ref={ref} tabIndex={-1}>
        {title}
      </Heading>
      {children}
      <a className="button button-primary" href={home}>
        {t('signing.goHome')}
      </a>
    </section>
  );
}

export function EndScreen({ end, home }: { end: EndName; home: string }) {
  const { t } = useTranslation();
  switch (end) {
    case 'completed':
      return (
        <EndPanel title={t('signing.completed')} home={home} testId="signer-completed">
          <p>{t('signing.completedExplanation')}</p>
        </EndPanel>
      );
    case 'signingDenied':
      return (
        <EndPanel title={t('signing.signingDenied')} home={home} testId="signer-denied">
          <p>{t('signing.signDenied')}</p>
        </EndPanel>
      );
    case 'legalDenied':
      return (
        <EndPanel title={t('signing.legalAgreementDenied')} home={home} testId="signer-legal-denied">
          <p>{t('signing.signDenied')}</p>
        </EndPanel>
      );
    case 'alreadyAgreed':
      return <EndPanel title={t('signing.alreadyAgreed')} home={home} testId="signer-already-agreed" />;
    case 'alreadyDenied':
      return <EndPanel title={t('signing.alreadyDenied')} home={home} testId="signer-already-denied" />;
    case 'closed':
      return (
        <EndPanel title={t('signer.end.title')} home={home} testId="signer-closed">
          <p>{t('errors.invalidTransition')}</p>
        </EndPanel>
      );
  }
}

/** A link that is unknown or malformed: the whole page, with no signing heading or step bar. */
export function InvalidLink({ home }: { home: string }) {
  const { t } = useTranslation();
  return (
    <EndPanel title={t('signer.invalidLinkTitle')} home={home} testId="signer-invalid" level={1}>
      <p>{t('signing.errors.invalidLink')}</p>
    </EndPanel>
  );
}

/** The view could not be loaded for another reason: its message, as the whole page. */
export function LoadFailed({ message, home }: { message: string; home: string }) {
  const { t } = useTranslation();
  return (
    <EndPanel title={t('common.errorTitle')} home={home} testId="signer-failed" level={1}>
      <p role="alert">{message}</p>
    </EndPanel>
  );
}
