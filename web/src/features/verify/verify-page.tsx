// /{lang}/verify (issue #6): anyone checks a sealed PDF without trusting us. A dropped file is hashed
// in this browser (SubtleCrypto SHA-256) and never uploaded; a pasted hash is checked as typed. The
// answer shows the sealed document (parties masked) and the token read live from the chain. Opened
// from the QR code of the audit pages (?document=<id>), it shows that document and asks for the file.
// An agreement video (webm, mp4) is checked the same way (issue #15): the answer says whose video of
// which contract it is; the QR code under a video signer's sign opens the page with ?video=<sha256>.
import { useCallback, useEffect, useId, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SHA256_HEX, verifyResponseSchema, type VerifyResponse } from '../../../../shared/api/verify';
import { localeForPath, type Locale } from '../../../../shared/i18n/core';
import { useLang } from '../../app/use-lang';
import { apiRequest } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { sha256OfBlob } from '../../lib/file-sha256';
import { formatDateTime, timeZoneLabel } from '../../lib/format';
import { useDocumentTitle } from '../../app/page-title';
import './verify.css';

type Query = { hash: string } | { document: string };

function fetchVerification(query: Query, signal?: AbortSignal): Promise<VerifyResponse> {
  const params = new URLSearchParams(query as Record<string, string>);
  return apiRequest({ path: `/verify?${params.toString()}`, schema: verifyResponseSchema, signal });
}

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
  const inputId = useId();
  const hashId = useId();
  useDocumentTitle(t('verify.title'));

  const run = useCallback(
    async (query: Query, file?: { hash: string; name: string }) => {
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
    if (!isPdf && !isVideoFile(file)) {
      setState({ kind: 'error', message: t('verify.errors.notPdfOrVideo') });
      return;
    }
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
      </section>
    </main>
  );
}

function VerifyResult(props: {
  result: VerifyResponse;
  fileHash?: string;
  fileName?: string;
  locale: Locale;
}) {
  const { t } = useTranslation();
  const { result, fileHash, locale } = props;
  const doc = result.document;
  const video = result.video;
  const record = result.chain.record;
  // Asked by document (QR code) then given a file: the file must be that document's final PDF (or,
  // for an agreement video, the video itself).
  const fileMatches =
    fileHash === undefined ||
    (video !== undefined ? result.hash === fileHash : doc !== undefined && doc.finalSha256 === fileHash);
  const known = result.known && fileMatches;
  const chainMatches = record !== undefined && record.sha256 === (fileHash ?? result.hash);
  return (
    <div className={known ? 'verify-card verify-good' : 'verify-card verify-bad'} data-testid="verify-answer">
      <h2>
        {known
          ? video
            ? fileHash
              ? t('verify.video.matchFile', { file: props.fileName ?? '' })
              : t('verify.video.known')
            : doc?.kind === 'vcontract'
              ? fileHash
                ? t('verify.record.matchFile', { file: props.fileName ?? '' })
                : t('verify.record.known')
              : fileHash
                ? t('verify.matchFile', { file: props.fileName ?? '' })
                : t('verify.known')
          : fileHash
            ? t('verify.noMatchFile', { file: props.fileName ?? '' })
            : t('verify.unknown')}
      </h2>
      {!known && <p>{t('verify.unknownHelp')}</p>}
      {known && video && doc && (
        <dl className="verify-facts" data-testid="verify-video">
          <dt>{t('verify.video.recordedBy')}</dt>
          <dd>{video.recipientName}</dd>
          <dt>{t('verify.video.recordedAt')}</dt>
          <dd>
            {formatDateTime(video.recordedAt, locale)} ({timeZoneLabel(locale)})
          </dd>
          <dt>{t('verify.video.size')}</dt>
          <dd>{t('verify.video.sizeValue', { bytes: video.sizeBytes.toLocaleString('en-US') })}</dd>
          <dt>{t('verify.video.type')}</dt>
          <dd>{video.contentType}</dd>
          <dt>{t('verify.video.contract')}</dt>
          <dd>
            {doc.title || t('signRequest.untitled')} · {doc.shortNumber}
          </dd>
        </dl>
      )}
      {doc && (
        <dl className="verify-facts">
          <dt>{t('verify.fields.title')}</dt>
          <dd>{doc.title || t('signRequest.untitled')}</dd>
          <dt>{t('verify.fields.number')}</dt>
          <dd>{doc.shortNumber}</dd>
          <dt>{t('verify.fields.completedAt')}</dt>
          <dd>
            {formatDateTime(doc.completedAt, locale)} ({timeZoneLabel(locale)})
          </dd>
          <dt>{t('verify.fields.parties')}</dt>
          <dd>
            <ul className="verify-parties">
              {doc.parties.map((p, i) => (
                <li key={i}>
                  {p.name} · {p.contact}
                </li>
              ))}
            </ul>
          </dd>
          <dt>{t('verify.fields.hash')}</dt>
          <dd className="mono">{doc.finalSha256}</dd>
        </dl>
      )}
      {fileHash && (
        <p className="mono small">
          {t('verify.fields.fileHash')}: {fileHash}
        </p>
      )}
      <h3>{t('verify.chain.heading')}</h3>
      {result.chain.state === 'anchored' && record ? (
        <>
          <p className={chainMatches ? 'verify-good-text' : 'verify-bad-text'}>
            {chainMatches ? t('verify.chain.matches') : t('verify.chain.differs')}
          </p>
          <dl className="verify-facts">
            <dt>{t('verify.chain.token')}</dt>
            <dd>{record.tokenId}</dd>
            <dt>{t('verify.chain.contract')}</dt>
            <dd className="mono">{record.contractAddress}</dd>
            <dt>{t('verify.chain.network')}</dt>
            <dd>
              {record.chainName} ({record.chainId})
            </dd>
            <dt>{t('verify.chain.transaction')}</dt>
            <dd className="mono">{record.transactionHash}</dd>
            <dt>{t('verify.chain.block')}</dt>
            <dd>{record.blockNumber}</dd>
            <dt>{t('verify.chain.time')}</dt>
            <dd>
              {formatDateTime(record.anchoredAt, locale)} ({timeZoneLabel(locale)})
            </dd>
            <dt>{t('verify.chain.holder')}</dt>
            <dd className="mono">{record.holder}</dd>
          </dl>
        </>
      ) : (
        <p>{t(`verify.chain.states.${result.chain.state}`)}</p>
      )}
    </div>
  );
}
