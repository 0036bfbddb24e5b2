// The signer flow's end screens (spec doc 1 §2, Signer flow step 4, and §4: already agreed or
// denied), and the error pages of a link that cannot be used; each with Go to Home. Issue #28: an
// approver's are worded for an approval, a forwarded request ends here too, and a link refused by
// routing (not its turn yet, expired, voided) is a page of its own — in the signer page's first
// chunk, so on a phone nothing else is downloaded for it.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipientRole } from '../../../../../shared/domain/routing';
import type { DocumentStatus } from '../../../../../shared/domain/status';
import { localeForPath } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { useDocumentTitle } from '../../../app/page-title';
import { formatDateTime } from '../../../lib/format';
import type { EndName, Refusal } from '../machine';
import { useEmbed } from '../../embed/session';

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
  const embedded = useEmbed() !== null;
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="signer-end" data-testid={testId}>
      <Heading ref={ref} tabIndex={-1}>
        {title}
      </Heading>
      {children}
      {/* Embedded (issue #31): nothing that leaves the flow inside the parent's frame. */}
      {!embedded && (
        <a className="button button-primary" href={home}>
          {t('signing.goHome')}
        </a>
      )}
    </section>
  );
}

export function EndScreen({
  end,
  home,
  role = 'signer',
  forwardedTo = null,
  status,
}: {
  end: Exclude<EndName, 'refused'>;
  home: string;
  role?: RecipientRole;
  forwardedTo?: string | null;
  /** The contract's status when the view was read. */
  status?: DocumentStatus | undefined;
}) {
  const { t } = useTranslation();
  const approver = role === 'approver';
  switch (end) {
    case 'completed':
      return (
        <EndPanel
          title={approver ? t('routingSigner.approver.approved') : t('signing.completed')}
          home={home}
          testId="signer-completed"
        >
          <p>{t('signing.completedExplanation')}</p>
        </EndPanel>
      );
    case 'forwarded':
      return (
        <EndPanel
          title={t('routingSigner.forwarded.title', { name: forwardedTo ?? '' })}
          home={home}
          testId="signer-forwarded"
        >
          <p>{t('routingSigner.forwarded.linkStopped')}</p>
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
      return (
        <EndPanel
          title={approver ? t('routingSigner.approver.alreadyApproved') : t('signing.alreadyAgreed')}
          home={home}
          testId="signer-already-agreed"
        >
          {/* Issue #29: agreed, but the videos still wait for every party's confirmation. */}
          {status === 'NeedVConfirm' ? (
            <p data-testid="signer-awaiting-videos">{t('signerStates.awaitingVideos')}</p>
          ) : null}
        </EndPanel>
      );
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

/** Names as one list in the page's language: 'A, B' ('A、B' in Japanese). */
export function joinNames(names: readonly string[], lang: Lang): string {
  return names.join(localeForPath(lang) === 'ja' ? '、' : ', ');
}

const REFUSAL_TITLES = {
  notYourTurn: 'routingSigner.titles.notYourTurn',
  expired: 'routingSigner.titles.expired',
  voided: 'routingSigner.titles.voided',
} as const;

/**
 * A link routing refuses now (issue #28), as the whole page: not the contractor's turn yet (whom the
 * flow waits for, and that a message comes when it is theirs), expired (when, and to ask the sender
 * to extend it), or voided (the sender's reason). Titled in its language; no signing heading.
 */
export function RefusalPage({
  refusal,
  home,
  lang,
}: {
  refusal: Extract<Refusal, { kind: keyof typeof REFUSAL_TITLES }>;
  home: string;
  lang: Lang;
}) {
  const { t } = useTranslation();
  useDocumentTitle(t(REFUSAL_TITLES[refusal.kind]));
  switch (refusal.kind) {
    case 'notYourTurn': {
      const names =
        refusal.waitingFor.length > 0
          ? joinNames(refusal.waitingFor, lang)
          : t('routingSigner.notYourTurn.others');
      return (
        <EndPanel
          title={t('signing.errors.notYourTurn', { names })}
          home={home}
          testId="signer-not-your-turn"
          level={1}
        >
          <p>{t('routingSigner.notYourTurn.explanation')}</p>
        </EndPanel>
      );
    }
    case 'expired': {
      const date = refusal.expiredAt ? formatDateTime(refusal.expiredAt, localeForPath(lang)) : '';
      return (
        <EndPanel
          title={date ? t('signing.errors.expired', { date }) : t('routingSigner.expired.title')}
          home={home}
          testId="signer-expired"
          level={1}
        >
          <p>{t('routingSigner.expired.askSender')}</p>
        </EndPanel>
      );
    }
    case 'voided':
      return (
        <EndPanel title={t('signing.errors.voided')} home={home} testId="signer-voided" level={1}>
          {refusal.reason ? (
            <p data-testid="signer-void-reason">
              {t('routingSigner.voided.reason', { reason: refusal.reason })}
            </p>
          ) : null}
          <p>{t('routingSigner.voided.nothingToDo')}</p>
        </EndPanel>
      );
  }
}
