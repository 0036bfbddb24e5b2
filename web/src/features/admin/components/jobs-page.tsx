// /{lang}/admin/jobs (issue #20): each job queue's counts and its dead-letter queue, with a Redrive
// button; the failed jobs (what failed, document, attempts — no personal data); the documents waiting
// too long, each with "Seal again"; and the latest admin actions.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeForPath } from '../../../../../shared/i18n/core';
import { isMessageKey } from '../../../app/i18n';
import type { AdminAudit, AdminJobs } from '../../../../../shared/api/admin';
import type { WorkerName } from '../../../../../shared/api/routes';
import type { Lang } from '../../../app/paths';
import { useAsync } from '../../../hooks/use-async';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { getAudit, getJobs, redrive, sealAgain } from '../api/admin-api';

const OWN_CODES = new Set(['jobFailed', 'jobNotJson', 'jobInvalid']);

/** A dead letter's error code: ours and the catalogue's translated, any other (an error's name) as is. */
function ErrorCode({ code }: { code: string }) {
  const { t } = useTranslation();
  if (OWN_CODES.has(code)) return <>{t(`admin.jobs.errorCodes.${code as 'jobFailed'}`)}</>;
  if (isMessageKey(code)) return <>{t(code)}</>;
  return <code>{code}</code>;
}

interface Loaded {
  readonly jobs: AdminJobs;
  readonly audit: AdminAudit;
}

export function JobsPage({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const locale = localeForPath(lang);
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const state = useAsync<Loaded>(async (signal) => {
    const [jobs, audit] = await Promise.all([getJobs(signal), getAudit(signal)]);
    return { jobs, audit };
  }, `jobs-${generation}`);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const queueName = (name: WorkerName) => t(`admin.queueNames.${name}`);
  // The trail stores the result in a fixed English form ('moved 3', 'queued seal'): shown translated.
  const auditResult = (result: string) => {
    const moved = /^moved (\d+)$/.exec(result);
    if (moved) return t('admin.jobs.auditMoved', { count: Number(moved[1]) });
    const queued = /^queued (seal|anchor)$/.exec(result);
    if (queued) return t('admin.jobs.auditQueued', { job: queueName(queued[1] as WorkerName) });
    return result;
  };

  const act = async (key: string, run: () => Promise<string>) => {
    setBusy(key);
    try {
      setNotice({ tone: 'success', text: await run() });
      reload();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const onRedrive = (queue: WorkerName) =>
    act(`redrive-${queue}`, async () => {
      const { moved } = await redrive(queue);
      return t('admin.jobs.redriven', { queue: queueName(queue), count: moved });
    });
  const onSealAgain = (docuId: string) =>
    act(`seal-${docuId}`, async () => {
      const { queued } = await sealAgain(docuId);
      return t('admin.jobs.sealQueued', { docuId, job: queueName(queued) });
    });

  return (
    <section className="card admin-page" data-testid="admin-jobs">
      <h1>{t('admin.jobs.heading')}</h1>
      <p>{t('admin.jobs.intro')}</p>
      <p>
        <button type="button" className="button button-secondary" onClick={reload} disabled={busy !== null}>
          {t('admin.jobs.refresh')}
        </button>
      </p>
      <div role="status" aria-live="polite" data-testid="admin-notice">
        {notice ? (
          <p className={notice.tone === 'success' ? 'notice notice-success' : 'notice notice-warning'}>
            {notice.text}
          </p>
        ) : null}
      </div>
      {state.status === 'loading' ? <p>{t('admin.jobs.loading')}</p> : null}
      {state.status === 'error' ? (
        <p className="notice notice-warning" role="alert">
          {errorMessage(t, state.error)}
        </p>
      ) : null}
      {state.status === 'success' ? (
        <>
          <table className="admin-table" data-testid="admin-queues">
            <caption>{t('admin.jobs.queuesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.jobs.queue')}</th>
                <th scope="col">{t('admin.jobs.waiting')}</th>
                <th scope="col">{t('admin.jobs.inFlight')}</th>
                <th scope="col">{t('admin.jobs.delayed')}</th>
                <th scope="col">{t('admin.jobs.deadLetter')}</th>
                <th scope="col">{t('admin.jobs.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.jobs.queues.map((q) => (
                <tr key={q.name} data-testid={`admin-queue-${q.name}`}>
                  <th scope="row">{queueName(q.name)}</th>
                  <td>{q.queue.waiting}</td>
                  <td>{q.queue.inFlight}</td>
                  <td>{q.queue.delayed}</td>
                  <td data-testid={`admin-dlq-${q.name}`}>{q.deadLetter.waiting + q.deadLetter.inFlight}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={t('admin.jobs.redriveLabel', { queue: queueName(q.name) })}
                      disabled={busy !== null || q.deadLetter.waiting + q.deadLetter.inFlight === 0}
                      onClick={() => void onRedrive(q.name)}
                    >
                      {t('admin.jobs.redrive')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>

          {state.data.jobs.queues
            .filter((q) => q.deadLetters.length > 0)
            .map((q) => (
              <table key={q.name} className="admin-table" data-testid={`admin-dead-letters-${q.name}`}>
                <caption>{t('admin.jobs.deadLettersCaption', { queue: queueName(q.name) })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.jobs.messageId')}</th>
                    <th scope="col">{t('admin.jobs.errorCode')}</th>
                    <th scope="col">{t('admin.jobs.document')}</th>
                    <th scope="col">{t('admin.jobs.attempts')}</th>
                    <th scope="col">{t('admin.jobs.sentAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {q.deadLetters.map((m) => (
                    <tr key={m.messageId}>
                      <th scope="row">
                        <code>{m.messageId}</code>
                      </th>
                      <td>
                        <ErrorCode code={m.errorCode} />
                      </td>
                      <td>{m.docuId ?? m.kind ?? '—'}</td>
                      <td>{m.attempts}</td>
                      <td>{m.sentAt ? formatDateTime(m.sentAt, locale) : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ))}

          <h2>{t('admin.jobs.stuckHeading')}</h2>
          <p>{t('admin.jobs.stuckIntro', { minutes: Math.round(state.data.jobs.stuckAfterSeconds / 60) })}</p>
          {state.data.jobs.stuck.length === 0 ? (
            <p data-testid="admin-stuck-none">{t('admin.jobs.stuckNone')}</p>
          ) : (
            <table className="admin-table" data-testid="admin-stuck">
              <caption className="visually-hidden">{t('admin.jobs.stuckHeading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.jobs.document')}</th>
                  <th scope="col">{t('admin.jobs.waitingFor')}</th>
                  <th scope="col">{t('admin.jobs.since')}</th>
                  <th scope="col">{t('admin.jobs.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.jobs.stuck.map((d) => (
                  <tr key={`${d.waitingFor}-${d.docuId}`}>
                    <th scope="row">
                      <code>{d.docuId}</code>
                    </th>
                    <td>
                      {d.waitingFor === 'seal'
                        ? t('admin.jobs.waitingForSeal')
                        : t('admin.jobs.waitingForAnchor')}
                    </td>
                    <td>{formatDateTime(d.since, locale)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={t('admin.jobs.sealAgainLabel', { docuId: d.docuId })}
                        disabled={busy !== null}
                        onClick={() => void onSealAgain(d.docuId)}
                      >
                        {t('admin.jobs.sealAgain')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}

          <h2>{t('admin.jobs.auditHeading')}</h2>
          {state.data.audit.items.length === 0 ? (
            <p>{t('admin.jobs.auditNone')}</p>
          ) : (
            <table className="admin-table" data-testid="admin-audit">
              <caption className="visually-hidden">{t('admin.jobs.auditHeading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.jobs.auditWhen')}</th>
                  <th scope="col">{t('admin.jobs.auditWho')}</th>
                  <th scope="col">{t('admin.jobs.auditWhat')}</th>
                  <th scope="col">{t('admin.jobs.auditTarget')}</th>
                  <th scope="col">{t('admin.jobs.auditResult')}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.audit.items.map((a) => (
                  <tr key={a.auditId}>
                    <th scope="row">{formatDateTime(a.at, locale)}</th>
                    <td>{a.email}</td>
                    <td>{t(`admin.jobs.auditActions.${a.action}`)}</td>
                    <td>
                      <code>{a.target}</code>
                    </td>
                    <td>{auditResult(a.result)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : null}
    </section>
  );
}
