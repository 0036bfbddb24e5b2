// A contract's page with its thread (issue #29 item 3), reached from a mention e-mail:
// /{lang}/home/comments/{docuId}. For the people of the owner's company it is their read-only view of
// a colleague's contract — what the thread needs around it (title, number, who sent it, status,
// contractors) — where they read and post; the owner sees the same (their full details are in the
// contract lists).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DOCUMENT_STATUS_LABEL_KEYS } from '../../../../shared/domain/status';
import { localeForPath } from '../../../../shared/i18n/core';
import { paths } from '../../app/paths';
import { useLang } from '../../app/use-lang';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/error-message';
import { formatDateTime } from '../../lib/format';
import type { ThreadSource } from './api';
import { CommentThreadView } from './thread';
import { useThread } from './use-thread';

export function CompanyContractPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { docuId = '' } = useParams();
  const [source] = useState<ThreadSource>({ kind: 'owner', docuId });
  const { state, setState } = useThread(source);
  return (
    <main className="company-contract" data-testid="company-contract-page">
      <h1>{t('comments.company.title')}</h1>
      {state.status === 'loading' && <Spinner />}
      {state.status === 'hidden' && (
        <p className="notice notice-warning" role="alert">
          {t('errors.notFound')}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="field-error" role="alert">
          {errorMessage(t, state.error)}
        </p>
      )}
      {state.status === 'ready' && (
        <>
          {state.thread.viewer.kind === 'member' && <p className="muted">{t('comments.company.readOnly')}</p>}
          <h2>{state.thread.contract.title || t('contracts.untitled')}</h2>
          <dl className="info-list">
            <dt>{t('contracts.fields.number')}</dt>
            <dd>{state.thread.contract.id4.toUpperCase()}</dd>
            <dt>{t('comments.company.owner')}</dt>
            <dd>{state.thread.contract.ownerName}</dd>
            <dt>{t('comments.company.status')}</dt>
            <dd>{t(DOCUMENT_STATUS_LABEL_KEYS[state.thread.contract.status])}</dd>
            <dt>{t('comments.company.sentAt')}</dt>
            <dd>
              {state.thread.contract.sentAt
                ? formatDateTime(state.thread.contract.sentAt, localeForPath(lang))
                : t('contracts.fields.notSet')}
            </dd>
            <dt>{t('comments.company.recipients')}</dt>
            <dd>{state.thread.contract.recipients.map((r) => r.name).join(', ')}</dd>
          </dl>
          <section className="comments-section" aria-label={t('comments.title')}>
            <h3>{t('comments.title')}</h3>
            <CommentThreadView
              thread={state.thread}
              source={source}
              lang={lang}
              onChange={(thread) => setState({ status: 'ready', thread })}
            />
          </section>
        </>
      )}
      <p>
        <Link to={paths.homeDoc.getHref(lang, 'pending')}>{t('comments.company.back')}</Link>
      </p>
    </main>
  );
}
