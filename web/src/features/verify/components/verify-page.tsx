// /{lang}/verify (issue #6): anyone checks a sealed PDF without trusting us. A dropped file is hashed
// in this browser (SubtleCrypto SHA-256) and never uploaded; a pasted hash is checked as typed. The
// answer shows the sealed document (parties masked) and the token read live from the chain. Opened
// from the QR code of the audit pages (?document=<id>), it shows that document and asks for the file.
// An agreement video (webm, mp4) is checked the same way (issue #15): the answer says whose video of
// which contract it is; the QR code under a video signer's sign opens the page with ?video=<sha256>.
// Issue #30: a dropped PDF's long-term evidence (trusted time, authority, PAdES level, LTV data) and a
// video's timestamp token are judged in this browser from the bytes (./evidence-slot, loaded lazily).
import { useCallback, useEffect, useId, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SHA256_HEX, type VerifyResponse } from '../../../../../shared/api/verify';
import { localeForPath } from '../../../../../shared/i18n/core';
import { useLang } from '../../../app/use-lang';
import { errorMessage } from '../../../lib/error-message';
import { sha256OfBlob } from '../../../lib/file-sha256';
import { useDocumentTitle } from '../../../app/page-title';
import { fetchVerification, type VerifyQuery } from '../api/verify-api';
import { VerifyResult } from './verify-result';
import { PdfEvidence, VideoTimestamp } from './evidence-slot';
import '../verify.css';

const VIDEO_FILE = /\.(webm|mp4|m4v)$/i;
const isVideoFile = (file: File) => /^video\/(webm|mp4)/i.test(file.type) || VIDEO_FILE.test(file.name);

type State =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'error'; message: string }
  | { kind: 'done'; result: VerifyResponse; fileHash?: string; fileName?: string };

export function VerifyPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const locale = localeForPath(lang);
  const [params, setParams] = useSearchParams();
  const [hashText, setHashText] = useState(params.get('hash') ?? params.get('video') ?? '');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  // The PDF whose long-term evidence is shown: judged from its bytes whatever our server answers.
  const [pdfFile, setPdfFile] = useState<File | null>(null);
  const inputId = useId();
  const hashId = useId();
  useDocumentTitle(t('verify.title'));

  const run = useCallback(
    async (query: VerifyQuery, file?: { hash: string; name: string }) => {
      setState({ kind: 'working' });
      try {
        const result = await fetchVerification(query);
        setState({ kind: 'done', result, fileHash: file?.hash, fileName: file?.name });
      } catch (error) {
        setState({ kind: 'error', message: errorMessage(t, error) });
      }
    },
    [t],
  );

  const documentId = params.get('document');
  const initialHash = params.get('hash') ?? params.get('video');
  useEffect(() => {
    if (documentId) void run({ document: documentId });
    else if (initialHash && SHA256_HEX.test(initialHash)) void run({ hash: initialHash.toLowerCase() });
    // Only when the address changes (QR code or a shared link), not on every render.
  }, [documentId, initialHash, run]);

  const checkFile = async (file: File | undefined) => {
    if (!file) return;
    const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
    setPdfFile(null);
    if (!isPdf && !isVideoFile(file)) {
      setState({ kind: 'error', message: t('verify.errors.notPdfOrVideo') });
      return;
    }
    if (isPdf) setPdfFile(file);
    setState({ kind: 'working' });
    let hash: string;
    try {
      hash = await sha256OfBlob(file);
    } catch {
      setState({ kind: 'error', message: t('verify.errors.cannotRead') });
      return;
    }
    setHashText(hash);
    await run({ hash }, { hash, name: file.name });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const hash = hashText.trim().toLowerCase();
    if (!SHA256_HEX.test(hash)) {
      setState({ kind: 'error', message: t('verify.errors.badHash') });
      return;
    }
    setParams({ hash }, { replace: true });
    setPdfFile(null);
    void run({ hash });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files;
    // The file control shows the dropped file too (it used to still read "No file chosen").
    const input = document.getElementById(inputId);
    if (input instanceof HTMLInputElement && dropped.length > 0) {
      try {
        input.files = dropped;
      } catch {
        // A browser that refuses to set a file list: the check below still runs.
      }
    }
    void checkFile(dropped[0]);
  };

  return (
    <main className="public-page narrow verify-page">
      <h1>{t('verify.title')}</h1>
      <p className="page-lead">{t('verify.lead')}</p>

      <label
        htmlFor={inputId}
        className={`verify-drop${dragging ? ' dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="verify-drop"
      >
        <span className="verify-drop-title">{t('verify.dropAny')}</span>
        <span className="verify-drop-note">{t('verify.privacy')}</span>
        <input
          id={inputId}
          type="file"
          accept="application/pdf,.pdf,video/webm,video/mp4,.webm,.mp4"
          onChange={(e) => void checkFile(e.target.files?.[0])}
        />
      </label>

      <form className="verify-hash-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={hashId}>{t('verify.hashLabel')}</label>
        <div className="verify-hash-row">
          <input
            id={hashId}
            value={hashText}
            onChange={(e) => setHashText(e.target.value)}
            spellCheck={false}
            autoComplete="off"
            placeholder="e3b0c442…"
            inputMode="text"
          />
          <button type="submit" className="button primary">
            {t('verify.check')}
          </button>
        </div>
      </form>

      <section aria-live="polite" className="verify-result">
        {state.kind === 'working' && <p>{t('verify.working')}</p>}
        {state.kind === 'error' && (
          <p role="alert" className="verify-bad">
            {state.message}
          </p>
        )}
        {state.kind === 'done' && (
          <VerifyResult
            result={state.result}
            fileHash={state.fileHash}
            fileName={state.fileName}
            locale={locale}
          />
        )}
        {state.kind === 'done' && state.result.known && state.result.video?.timestamp && (
          <VideoTimestamp
            token={state.result.video.timestamp.token}
            sha256={state.fileHash ?? state.result.hash ?? ''}
            locale={locale}
          />
        )}
      </section>
      {pdfFile && (
        <div aria-live="polite" className="verify-result">
          <PdfEvidence file={pdfFile} locale={locale} />
        </div>
      )}
    </main>
  );
}
