// /{lang}/home/templates/{templateId}/bulk (issue #27 item 6): bulk send from a template. The template's
// name and roles, its columns and a sample CSV built in the browser; a CSV file read as text (refused
// here past BULK_CSV_MAX_CHARS); Check shows every refused row with its line and reason before anything
// is sent; Send (after a confirmation) queues the good rows and shows the progress. The bulk id is in
// the URL (?bulk=…), so a reload or a link shows the same progress. A refused file changes nothing:
// the chosen file stays and another may be picked.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BulkCheck } from '../../../../../shared/api/schemas/bulk';
import type { TemplateView } from '../../../../../shared/api/schemas';
import type { Locale } from '../../../../../shared/i18n';
import { BULK_CSV_MAX_CHARS, BULK_MAX_ROWS } from '../../../../../shared/domain/bulk';
import { useDocumentTitle } from '../../../app/page-title';
import { refreshSessionUser } from '../../auth/session';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { postBulk, retryBulk } from '../api/bulk-api';
import { getTemplate } from '../api/templates-api';
import { readCsvFile, sampleCsv, templateColumns } from '../bulk-csv';
import { useBulkProgress } from '../hooks/use-bulk-progress';
import '../templates.css';
import '../bulk.css';
import { BulkCheckResult } from './bulk-check';
import { BulkProgressView } from './bulk-progress';

interface Chosen {
  name: string;
  text: string | null;
}

/** Saves the sample as a file (UTF-8 with a BOM, which spreadsheet programs need for non-Latin text). */
function downloadSample(view: TemplateView): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', sampleCsv(view)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${view.title.replace(/[\\/:*?"<>|]+/g, '_')}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function BulkSendPage() {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const id = useId();
  const { templateId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const bulkId = search.get('bulk');
  const [view, setView] = useState<TemplateView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [check, setCheck] = useState<BulkCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { progress, error: pollError, update } = useBulkProgress(templateId, bulkId);
  const checkHeading = useRef<HTMLHeadingElement>(null);
  const progressHeading = useRef<HTMLHeadingElement>(null);
  const moveFocus = useRef<'check' | 'progress' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const number = (n: number) => formatNumber(n, i18n.language as Locale);
  useDocumentTitle(view ? t('bulkPage.heading', { title: view.title }) : t('bulkPage.title'));

  useEffect(() => {
    let live = true;
    getTemplate(templateId)
      .then((v) => live && setView(v))
      .catch((e: unknown) => live && setLoadError(errorMessage(t, e)));
    return () => {
      live = false;
    };
  }, [templateId, t]);

  // Each sent row used one of the owner's contracts: the plan box's count is read again once the
  // send (or a retry) is done.
  const doneSent = progress?.status === 'done' ? progress.sent : null;
  useEffect(() => {
    if (doneSent !== null) refreshSessionUser().catch(() => undefined);
  }, [doneSent]);

  // The focus follows what the owner asked for: the check's result, or the progress once sent.
  useEffect(() => {
    const target = moveFocus.current === 'check' ? checkHeading.current : progressHeading.current;
    if (moveFocus.current && target) {
      target.focus();
      moveFocus.current = null;
    }
  });

  async function choose(file: File | undefined) {
    setCheck(null);
    setError(null);
    if (!file) return setChosen(null);
    const read = await readCsvFile(file);
    if (read.ok) return setChosen({ name: file.name, text: read.text });
    setChosen({ name: file.name, text: null });
    setError(
      read.reason === 'tooLarge'
        ? t('bulkPage.tooLarge', { max: number(BULK_CSV_MAX_CHARS) })
        : read.reason === 'empty'
          ? t('bulk.errors.empty')
          : t('bulkPage.unreadable'),
    );
  }

  async function run(send: boolean) {
    if (!chosen?.text) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await postBulk(templateId, { csv: chosen.text, send, lang });
      setCheck(answer.check);
      if (answer.progress) {
        update(answer.progress);
        setSearch({ bulk: answer.progress.bulkId });
        moveFocus.current = 'progress';
      } else moveFocus.current = 'check';
    } catch (e) {
      setCheck(null);
      setError(errorMessage(t, e));
      chooseButton.current?.focus();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  async function retry() {
    if (!bulkId) return;
    setBusy(true);
    setError(null);
    try {
      update(await retryBulk(templateId, bulkId));
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(false);
    }
  }

  function another() {
    setSearch({});
    setCheck(null);
    setChosen(null);
    setError(null);
  }

  if (!view) {
    return loadError ? (
      <p className="notice notice-warning" role="alert" data-testid="bulk-load-error">
        {loadError}
      </p>
    ) : (
      <p className="muted">{t('templatesPage.loading')}</p>
    );
  }
  const columns = templateColumns(view);
  const errorNotice = error ? (
    <p className="notice notice-warning" role="alert" id={`${id}-error`} data-testid="bulk-error">
      {error}
    </p>
  ) : null;
  return (
    <div className="bulk-page" data-testid="bulk-page">
      <p>
        <Link to={paths.homeTemplates.getHref(lang)}>{t('bulkPage.back')}</Link>
      </p>
      <h1>{t('bulkPage.heading', { title: view.title })}</h1>
      <p className="muted">{t('templatesPage.roles', { roles: view.roles.join(', ') })}</p>
      {bulkId ? (
        <>
          {progress ? (
            <BulkProgressView
              ref={progressHeading}
              progress={progress}
              busy={busy}
              onRetry={() => void retry()}
            />
          ) : pollError ? null : (
            <p className="muted">{t('templatesPage.loading')}</p>
          )}
          {pollError ? (
            <p className="notice notice-warning" role="alert" data-testid="bulk-poll-error">
              {errorMessage(t, pollError)}
            </p>
          ) : null}
          {errorNotice}
          <div className="template-actions">
            <button type="button" className="button" onClick={another} data-testid="bulk-another">
              {t('bulkPage.another')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('bulkPage.intro')}</p>
          <section className="card bulk-section" aria-labelledby={`${id}-file-title`}>
            <h2 id={`${id}-file-title`}>{t('bulkPage.prepare')}</h2>
            <p className="bulk-columns" data-testid="bulk-columns">
              {t('bulkPage.columns', { columns: columns.join(', ') })}
            </p>
            <p className="muted">{t('bulkPage.columnsHelp')}</p>
            <div className="template-actions">
              <button
                type="button"
                className="button"
                onClick={() => downloadSample(view)}
                data-testid="bulk-sample"
              >
                {t('bulkPage.sample')}
              </button>
            </div>
            <div className="bulk-file">
              <button
                ref={chooseButton}
                type="button"
                className="button"
                aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
                onClick={() => fileInput.current?.click()}
                data-testid="bulk-choose"
              >
                {chosen ? t('bulkPage.chooseAnother') : t('bulkPage.choose')}
              </button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                hidden
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  // Emptied, so picking the same file again (fixed meanwhile) reads it again.
                  e.target.value = '';
                  void choose(file);
                }}
                data-testid="bulk-file"
              />
              <p className="muted" id={`${id}-help`}>
                {t('bulkPage.fileHelp', { max: number(BULK_MAX_ROWS) })}
              </p>
            </div>
            {chosen ? (
              <p className="bulk-chosen" data-testid="bulk-chosen">
                {t('bulkPage.chosen', { name: chosen.name })}
              </p>
            ) : null}
            {errorNotice}
            <div className="template-actions">
              <button
                type="button"
                className="button"
                disabled={busy || !chosen?.text}
                onClick={() => void run(false)}
                data-testid="bulk-check-button"
              >
                {busy && !confirming ? t('bulkPage.checking') : t('bulkPage.check')}
              </button>
            </div>
          </section>
          {check ? <BulkCheckResult ref={checkHeading} check={check} /> : null}
          {check ? (
            <div className="template-actions">
              <button
                type="button"
                className="button button-primary"
                disabled={busy || check.accepted === 0}
                onClick={() => setConfirming(true)}
                data-testid="bulk-send"
              >
                {t('bulkPage.send', { count: number(check.accepted) })}
              </button>
            </div>
          ) : null}
        </>
      )}
      {confirming && check ? (
        <Modal
          title={t('bulkPage.confirmTitle')}
          onCancel={() => !busy && setConfirming(false)}
          className="contracts-dialog"
          testId="bulk-confirm"
        >
          <p>{t('bulkPage.confirmText', { count: number(check.accepted), title: view.title })}</p>
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              data-autofocus
              onClick={() => void run(true)}
              data-testid="bulk-confirm-send"
            >
              {busy ? t('bulkPage.sending') : t('bulkPage.confirm')}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
