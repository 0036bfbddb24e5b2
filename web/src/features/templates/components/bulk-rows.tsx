// Bulk send (issue #27 item 6): a table of rows the server refused or failed to send, each with its
// line in the file and the translated reason. It scrolls inside its own region on a narrow phone (the
// region is focusable, so a keyboard can scroll it too).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BulkRowError } from '../../../../../shared/api/schemas/bulk';
import { isMessageKey } from '../../../app/i18n';

/** A row's reason in the page's language (the server's key with its values; else its text as given). */
export function rowReason(t: TFunction, row: BulkRowError): string {
  return isMessageKey(row.error) ? t(row.error, { ...row.values }) : row.error;
}

export function BulkRowTable({
  rows,
  caption,
  testId,
}: {
  rows: readonly BulkRowError[];
  caption: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="bulk-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="bulk-table" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('bulkPage.line')}</th>
            <th scope="col">{t('bulkPage.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.line}-${i}`} data-testid={`${testId}-row`} data-line={row.line}>
              <td>{row.line}</td>
              <td>{rowReason(t, row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
