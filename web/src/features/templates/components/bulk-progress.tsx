// Bulk send (issue #27 item 6): a send's progress, read again every 2 s while it runs
// (hooks/use-bulk-progress.ts). Total, sent, failed and refused; a progress bar; the failed rows with
// their reasons and "Retry failed rows"; a done message, said to screen readers once.
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/i18n';
import { formatNumber } from '../../../lib/format';
import type { BulkProgress } from '../../../../../shared/api/schemas/bulk';
import { BulkRowTable } from './bulk-rows';

interface Props {
  progress: BulkProgress;
  busy: boolean;
  onRetry: () => void;
}

export const BulkProgressView = forwardRef<HTMLHeadingElement, Props>(function BulkProgressView(
  { progress, busy, onRetry },
  headingRef,
) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => formatNumber(n, i18n.language as Locale);
  const { total, sent, failed, refused } = progress;
  const done = progress.status === 'done';
  const percent = total === 0 ? 100 : Math.round(((sent + failed) / total) * 100);
  const counts: [string, number, string][] = [
    ['total', total, t('bulkPage.total')],
    ['sent', sent, t('bulkPage.sent')],
    ['failed', failed, t('bulkPage.failed')],
    ['refused', refused, t('bulkPage.refused')],
  ];
  return (
    <section
      className="card bulk-section"
      aria-labelledby="bulk-progress-title"
      data-testid="bulk-progress"
      data-status={progress.status}
    >
      <h2 id="bulk-progress-title" ref={headingRef} tabIndex={-1}>
        {t('bulkPage.progressTitle')}
      </h2>
      <div
        className="bulk-bar"
        role="progressbar"
        aria-label={t('bulkPage.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={sent}
        aria-valuetext={`${sent} / ${total}`}
        data-testid="bulk-bar"
      >
        <div className="bulk-bar-sent" style={{ width: `${total === 0 ? 0 : (sent / total) * 100}%` }} />
        <div className="bulk-bar-failed" style={{ width: `${total === 0 ? 0 : (failed / total) * 100}%` }} />
      </div>
      <p className="muted" aria-hidden="true">
        {percent}%
      </p>
      <dl className="bulk-counts">
        {counts.map(([key, value, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`bulk-progress-${key}`}>{number(value)}</dd>
          </div>
        ))}
      </dl>
      <p role="status" className={done ? 'notice notice-success' : 'muted'} data-testid="bulk-status">
        {done ? t('bulkPage.done', { sent: number(sent), total: number(total) }) : t('bulkPage.running')}
      </p>
      {progress.failedRows.length > 0 ? (
        <BulkRowTable rows={progress.failedRows} caption={t('bulkPage.failedRows')} testId="bulk-failed" />
      ) : null}
      {failed > 0 ? (
        <div className="template-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={onRetry}
            data-testid="bulk-retry"
          >
            {t('bulkPage.retry')}
          </button>
        </div>
      ) : null}
    </section>
  );
});
