// Bulk send (issue #27 item 6): what the server's check found, before anything is sent. Rows, ready to
// send, refused; the owner's remaining contracts and the good rows past them; every refused row with its
// line and reason.
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/i18n';
import { formatNumber } from '../../../lib/format';
import type { BulkCheck } from '../../../../../shared/api/schemas/bulk';
import { BulkRowTable } from './bulk-rows';

export const BulkCheckResult = forwardRef<HTMLHeadingElement, { check: BulkCheck }>(function BulkCheckResult(
  { check },
  headingRef,
) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => formatNumber(n, i18n.language as Locale);
  const counts: [string, number, string][] = [
    ['rows', check.rows, t('bulkPage.rows')],
    ['accepted', check.accepted, t('bulkPage.accepted')],
    ['refused', check.errorCount, t('bulkPage.refused')],
    ['remaining', check.remaining, t('bulkPage.remaining')],
  ];
  /** Rows the server lists: the refused ones and those past the allowance (at most BULK_MAX_ERRORS). */
  const listed = check.errorCount + check.pastAllowance;
  if (check.pastAllowance > 0) counts.push(['past', check.pastAllowance, t('bulkPage.pastAllowance')]);
  return (
    <section className="card bulk-section" aria-labelledby="bulk-check-title" data-testid="bulk-check">
      <h2 id="bulk-check-title" ref={headingRef} tabIndex={-1}>
        {t('bulkPage.resultTitle')}
      </h2>
      <dl className="bulk-counts">
        {counts.map(([key, value, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-testid={`bulk-check-${key}`}>{number(value)}</dd>
          </div>
        ))}
      </dl>
      {check.errors.length === 0 ? (
        <p className="notice notice-success" data-testid="bulk-check-clean">
          {t('bulkPage.allGood')}
        </p>
      ) : (
        <>
          <BulkRowTable rows={check.errors} caption={t('bulkPage.badRows')} testId="bulk-errors" />
          {listed > check.errors.length ? (
            <p className="muted">
              {t('bulkPage.moreErrors', { shown: number(check.errors.length), count: number(listed) })}
            </p>
          ) : null}
        </>
      )}
      {check.accepted === 0 ? (
        <p className="notice notice-warning" data-testid="bulk-nothing">
          {t('bulkPage.nothingToSend')}
        </p>
      ) : null}
    </section>
  );
});
