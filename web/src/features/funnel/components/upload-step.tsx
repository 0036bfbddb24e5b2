// Upload: one PDF, by drop or by the file picker. The browser checks type and size (the shared
// rules), creates the document if there is none yet (the funnel's 'new': issue #14), asks for a
// presigned POST, sends the file straight to storage with progress, then asks the server to check
// what landed. Then the first page is shown, and Next.
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PDF_CONTENT_TYPE } from '../../../../../shared/domain/constants';
import { validateUpload } from '../../../../../shared/domain/validation';
import { completeUpload, postToStorage, requestUpload, StorageUploadError } from '../api/documents';
import { describeError, describeKey } from '../messages';
import { ErrorText } from './error-text';
import { PdfPages } from './pdf-pages';
import type { DocumentView } from '../api/documents';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number } | { kind: 'checking' };

/** Some systems give no type for a .pdf: the extension decides then (the server checks the bytes). */
function contentTypeOf(file: File): string {
  if (file.type) return file.type;
  return file.name.toLowerCase().endsWith('.pdf') ? PDF_CONTENT_TYPE : 'application/octet-stream';
}

type UploadStepProps = Omit<StepProps, 'doc'> & {
  /** Null until the first file is chosen. */
  doc: DocumentView | null;
  /** Creates the document (once, however often it is called). */
  onCreate: () => Promise<DocumentView>;
  onNext: () => void;
};

export function UploadStep({ doc, onCreate, onSaved, onPrevious, onNext }: UploadStepProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = phase.kind !== 'idle';

  async function upload(files: FileList | null) {
    if (busy || !files || files.length === 0) return;
    const file = files[0]!;
    const contentType = contentTypeOf(file);
    const checked = files.length === 1 ? validateUpload({ contentType, sizeBytes: file.size }) : null;
    if (!checked || !checked.ok) {
      setError(describeKey(t, checked?.error ?? 'upload.errors.onlyPdf', checked?.values));
      return;
    }
    setError(null);
    setPhase({ kind: 'uploading', percent: 0 });
    try {
      const { docuId } = doc ?? (await onCreate());
      const target = await requestUpload(docuId, {
        fileName: file.name,
        contentType,
        sizeBytes: file.size,
      });
      await postToStorage(target, file, (percent) => setPhase({ kind: 'uploading', percent }));
      setPhase({ kind: 'checking' });
      onSaved(await completeUpload(docuId, target.key));
    } catch (e) {
      const reason = e instanceof StorageUploadError ? t('errors.unavailable') : describeError(t, e);
      setError(t('upload.errors.failedWithReason', { errmsg: reason }));
    } finally {
      setPhase({ kind: 'idle' });
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files);
  }

  const uploaded = doc !== null && doc.status !== 'Ready' && doc.fileUrl !== null && doc.sha256 !== null;
  return (
    <div className="funnel-step">
      <h2>{t('funnel.upload.title')}</h2>
      <div
        className={`funnel-dropzone${dragging ? ' dragging' : ''}`}
        data-testid="upload-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p id={hintId}>{t('funnel.upload.dropHint')}</p>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          {uploaded ? t('funnel.upload.replace') : t('funnel.upload.choose')}
        </button>
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          data-testid="upload-input"
          onChange={(event) => void upload(event.target.files)}
        />
        {phase.kind === 'uploading' && (
          <div className="funnel-upload-progress">
            <progress
              max={100}
              value={phase.percent}
              aria-label={t('funnel.upload.progress', { percent: phase.percent })}
            />
            <span aria-live="polite">{t('funnel.upload.progress', { percent: phase.percent })}</span>
          </div>
        )}
        {phase.kind === 'checking' && <p aria-live="polite">{t('funnel.upload.checking')}</p>}
      </div>
      <ErrorText message={error} testId="upload-error" />
      {uploaded && (
        <>
          <p className="funnel-file" data-testid="uploaded-file">
            {t('funnel.upload.uploaded', { fileName: doc.originalFileName ?? '', pages: doc.pageCount ?? 0 })}
          </p>
          <PdfPages fileUrl={doc.fileUrl!} cacheKey={doc.sha256!} pages={doc.pages} scrollWindow />
        </>
      )}
      <StepNav onPrevious={onPrevious} onNext={onNext} nextDisabled={!uploaded} busy={busy} />
    </div>
  );
}
