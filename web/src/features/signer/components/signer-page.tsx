// The signer flow of an account-less contractor (spec doc 1 §2 "Signer flow (/outsign)", §4):
// Setup (the 'Request to Sign' popup), Signing (review the pages, sign every own area, the
// electronic signature terms) and Complete (an end screen). The link's token is the credential.
// A video contract (issue #16) has no document to sign: after the request popup the contractor
// watches the owner's video, records their own agreement (or hands off to a phone through
// `/{lang}/vc_mobile/{token}`), then answers the terms; Deny with a reason is on the same screen.
import { DenyReasonDialog } from './deny-reason-dialog';
import { StepProgress } from '../../../components/step-progress';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { SignerSign, SignerView, UploadSignResponse } from '../../../../../shared/api/schemas';
import { maskContact } from '../../../../../shared/domain/contact';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import { formatDateTime, timeZoneLabel } from '../../../lib/format';
import { Spinner } from '../../../components/spinner';
import { ensureAmplify, mayHaveSession } from '../../../app/amplify';
import { useAppConfig } from '../../../app/app-context';
import { paths, type Lang } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { ApiError } from '../../../lib/api-client';
import {
  applySigns,
  createVideoMobileLink,
  denySigning,
  fetchSignerView,
  fetchVideoStatus,
  signerAction,
  signerRecording,
  uploadSign,
} from '../api/signer-api';
import { PhoneHandoff, usePoll } from '../../video/phone-handoff';
import { describeError } from '../messages';
import { Modal } from './modal';
import { PdfPages, preloadPdfjs } from './pdf-pages';
import { SignMaker } from './sign-maker';
import { nextAreaPosition, readingOrder, scriptForLang } from './sign-order';
import '../signer.css';

/** The recorder (getUserMedia, MediaRecorder) is a chunk of its own, loaded at the video step only. */
const VideoRecorder = lazy(() => import('../../video/recorder').then((m) => ({ default: m.VideoRecorder })));

type EndKind = 'completed' | 'signingDenied' | 'legalDenied' | 'alreadyAgreed' | 'alreadyDenied' | 'closed';
type Phase =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string }
  | { kind: 'caution' }
  | { kind: 'request' }
  | { kind: 'review' }
  /** Video sign (issue #15): the agreement video, between signing and the terms. */
  | { kind: 'video' }
  | { kind: 'end'; end: EndKind; message?: string };

type Popup = null | 'maker' | 'change' | 'deny' | 'terms';

/** The sign a new 'Sign All' uses: the newest of the signer's signs. */
function newestSign(signs: readonly SignerSign[]): SignerSign | undefined {
  return [...signs].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
}

/** Whether a signed-in user of this browser is someone else than the link's contractor. */
async function otherUserSignedIn(
  config: ReturnType<typeof useAppConfig>,
  view: SignerView,
): Promise<boolean> {
  if (!mayHaveSession(config)) return false;
  try {
    await ensureAmplify(config);
    const { fetchAuthSession } = await import('aws-amplify/auth');
    const session = await fetchAuthSession();
    const idToken = session.tokens?.idToken;
    if (!idToken) return false;
    const email = idToken.payload.email;
    // The view only gives masked contacts: a different mask proves a different person; a phone
    // contractor never matches an e-mail session.
    if (typeof email !== 'string' || email === '') return true;
    return maskContact(email.trim().toLowerCase()) !== view.me.contactMasked;
  } catch {
    return false;
  }
}

async function signOutHere(config: ReturnType<typeof useAppConfig>): Promise<void> {
  try {
    await ensureAmplify(config);
    const { signOut } = await import('aws-amplify/auth');
    await signOut();
  } catch {
    // Already signed out or offline: the local session is gone either way.
  }
}

/** Starts downloading pdf.js and its worker (once); the router calls it as soon as a link opens. */
export function preloadDocumentViewer(): void {
  void preloadPdfjs().catch(() => undefined);
}

export function SignerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const config = useAppConfig();
  const navigate = useNavigate();
  const { docuId = '', token = '' } = useParams();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [view, setView] = useState<SignerView | null>(null);
  const [signs, setSigns] = useState<SignerSign[]>([]);
  const [current, setCurrent] = useState<string | null>(null);
  const [assigned, setAssigned] = useState<Map<number, string>>(new Map());
  const [popup, setPopup] = useState<Popup>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** What to do once the maker uploaded a sign: apply it everywhere (Sign All without a sign). */
  const afterMake = useRef<'signAll' | 'select'>('select');
  /** Bumped when the signer starts signing: Review then takes them to their first unsigned area. */
  const [arrival, setArrival] = useState(0);
  const startSigning = () => {
    // A video contract has nothing to sign: its contractor goes straight to the videos.
    if (view?.kind === 'vcontract') return setPhase({ kind: 'video' });
    setPhase({ kind: 'review' });
    setArrival((n) => n + 1);
  };
  const home = paths.landing.getHref(lang);

  useEffect(() => {
    const controller = new AbortController();
    // The document viewer (pdf.js and its worker) downloads while the contract's view loads.
    preloadDocumentViewer();
    void (async () => {
      try {
        const loaded = await fetchSignerView(docuId, token, controller.signal);
        setView(loaded);
        setSigns(loaded.signs);
        setCurrent(newestSign(loaded.signs)?.signId ?? null);
        const mine = loaded.recipients.find((r) => r.mine);
        setAssigned(
          new Map((mine?.areas ?? []).flatMap((a) => (a.signId ? [[a.areaIndex, a.signId] as const] : []))),
        );
        if (loaded.me.agreement === 1) return setPhase({ kind: 'end', end: 'alreadyAgreed' });
        if (loaded.me.agreement === 2) return setPhase({ kind: 'end', end: 'alreadyDenied' });
        if (loaded.status !== 'Agree') {
          return setPhase({ kind: 'end', end: 'closed', message: t('errors.invalidTransition') });
        }
        if (await otherUserSignedIn(config, loaded)) return setPhase({ kind: 'caution' });
        setPhase({ kind: 'request' });
      } catch (err) {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) {
          return setPhase({ kind: 'invalid' });
        }
        setPhase({ kind: 'failed', message: describeError(t, err) });
      }
    })();
    return () => controller.abort();
    // Loaded once per link; the language does not change the view.
  }, [docuId, token]);

  const mine = useMemo(() => view?.recipients.find((r) => r.mine), [view]);
  const myAreas = useMemo(() => mine?.areas ?? [], [mine]);
  const unsigned = myAreas.filter((a) => !assigned.has(a.areaIndex)).length;
  const signUrl = useCallback((signId: string) => signs.find((s) => s.signId === signId)?.url, [signs]);

  const signAllWith = (signId: string) =>
    setAssigned(new Map(myAreas.map((a) => [a.areaIndex, signId] as const)));

  const onSignAll = () => {
    setError(null);
    if (current) return signAllWith(current);
    afterMake.current = 'signAll';
    setPopup('maker');
  };

  const onCreated = (sign: UploadSignResponse) => {
    const created: SignerSign = { ...sign, createdAt: new Date().toISOString() };
    setSigns((list) => [...list, created]);
    setCurrent(sign.signId);
    if (afterMake.current === 'signAll') signAllWith(sign.signId);
    else replaceApplied(sign.signId);
    setPopup(null);
  };

  /** A changed sign replaces the one already applied to the signer's areas. */
  const replaceApplied = (signId: string) =>
    setAssigned((map) => new Map([...map.keys()].map((k) => [k, signId] as const)));

  /** One signing call at a time: a double click must not send twice (state updates are async). */
  const inFlight = useRef(false);
  const run = async (action: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(describeError(t, err));
      setPopup(null);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  const onNext = () =>
    run(async () => {
      const updated = await applySigns(docuId, token, {
        signs: [...assigned].map(([areaIndex, signId]) => ({ areaIndex, signId })),
      });
      setView(updated);
      // Video sign: the agreement video comes before the terms (spec doc 1 §4, Signer flow).
      if (updated.kind === 'vsign') setPhase({ kind: 'video' });
      else setPopup('terms');
    });

  /** The phone hand-off (issue #15): its link's address, whether the dialog shows, its error. */
  const [handoff, setHandoff] = useState<{
    url: string | null;
    dialog: boolean;
    error: string | null;
  } | null>(null);
  /** When the video was recorded before the hand-off began: a newer one is the phone's. */
  const videoBefore = useRef<string | null>(null);
  const openHandoff = async () => {
    videoBefore.current = view?.me.video?.recordedAt ?? null;
    setHandoff({ url: null, dialog: true, error: null });
    try {
      const link = await createVideoMobileLink(docuId, token);
      const phonePage = view?.kind === 'vcontract' ? paths.vcMobile : paths.vsignMobile;
      const url = `${window.location.origin}${phonePage.getHref(lang, link.token)}`;
      setHandoff((h) => h && { ...h, url });
    } catch (err) {
      const errmsg = describeError(t, err);
      setHandoff((h) => h && { ...h, error: t('video.recordingLink.failed', { errmsg }) });
    }
  };
  // The computer goes on by itself once the phone's video has arrived.
  usePoll(phase.kind === 'video' && Boolean(handoff?.url), async () => {
    const { video } = await fetchVideoStatus(docuId, token);
    if (!video || video.recordedAt === videoBefore.current) return false;
    setView((v) => v && { ...v, me: { ...v.me, video } });
    setHandoff(null);
    setPopup('terms');
    return true;
  });

  const onAgree = () =>
    run(async () => {
      await signerAction(docuId, token, 'agree', lang);
      setPopup(null);
      setPhase({ kind: 'end', end: 'completed' });
    });

  const onRejectTerms = () =>
    run(async () => {
      await signerAction(docuId, token, 'reject-terms', lang);
      setPopup(null);
      setPhase({ kind: 'end', end: 'legalDenied' });
    });

  const onDeny = (reason: string) =>
    run(async () => {
      await denySigning(docuId, token, reason, lang);
      setPopup(null);
      setPhase({ kind: 'end', end: 'signingDenied' });
    });

  const step = phase.kind === 'end' ? 2 : phase.kind === 'review' || phase.kind === 'video' ? 1 : 0;

  let body: React.ReactNode;
  switch (phase.kind) {
    case 'loading':
      body = (
        <div className="signer-loading" role="status" data-testid="signer-loading">
          <Spinner />
          <p>{t('signer.loading')}</p>
        </div>
      );
      break;
    case 'invalid':
      body = (
        <EndPanel title={t('signer.invalidLinkTitle')} home={home} testId="signer-invalid" level={1}>
          <p>{t('signing.errors.invalidLink')}</p>
        </EndPanel>
      );
      break;
    case 'failed':
      body = (
        <EndPanel title={t('common.errorTitle')} home={home} testId="signer-failed" level={1}>
          <p role="alert">{phase.message}</p>
        </EndPanel>
      );
      break;
    case 'end':
      body = <EndScreen end={phase.end} message={phase.message} home={home} />;
      break;
    case 'video':
      body = view && (
        <>
          {view.kind === 'vcontract' && (
            <ContractVideo
              owner={view.ownerName}
              video={view.ownerVideo}
              lang={lang}
              onDeny={() => {
                setError(null);
                setPopup('deny');
              }}
            />
          )}
          {error && (
            <p className="field-error" role="alert" data-testid="signer-error">
              {error}
            </p>
          )}
          <Suspense fallback={<Spinner />}>
            <VideoRecorder
              name={view.me.name}
              contractNumber={view.id4}
              hasVideo={view.me.video !== null}
              startSession={(mimeType) => signerRecording(docuId, token).start(mimeType)}
              complete={(sessionId, facts) => signerRecording(docuId, token).complete(sessionId, facts)}
              onUploaded={() => setPopup('terms')}
              onFinishWithoutChange={() => setPopup('terms')}
              onNoDevice={() => void (handoff ? undefined : openHandoff())}
              describeError={(err) => describeError(t, err)}
            />
          </Suspense>
          {handoff ? (
            <PhoneHandoff
              url={handoff.url}
              dialog={handoff.dialog}
              error={handoff.error}
              onAcknowledge={() => setHandoff((h) => h && { ...h, dialog: false })}
              onNewCode={() => void openHandoff()}
            />
          ) : (
            <div className="video-actions">
              <button
                type="button"
                className="button button-secondary"
                data-testid="video-use-phone"
                onClick={() => void openHandoff()}
              >
                {t('video.recordingLink.usePhone')}
              </button>
            </div>
          )}
        </>
      );
      break;
    default:
      if (!view) break;
      // A video contract has nothing to review: behind the request, only who they are in it.
      body =
        view.kind === 'vcontract' ? (
          <p className="signer-prompt" data-testid="signer-prompt">
            {t('signer.vcontract.prompt', {
              nth: ordinal(view.me.ordinal, localeForPath(lang)),
              owner: view.ownerName,
            })}
          </p>
        ) : (
          <Review
            view={view}
            lang={lang}
            assigned={assigned}
            signUrl={signUrl}
            unsigned={unsigned}
            pending={pending}
            error={error}
            arrival={arrival}
            onSignAll={onSignAll}
            onEditSign={() => {
              setError(null);
              setPopup('change');
            }}
            onDeny={() => {
              setError(null);
              setPopup('deny');
            }}
            onNext={() => void onNext()}
          />
        );
  }

  // A link that cannot be used is an error page of its own: no signing heading, no step bar.
  const framed = phase.kind !== 'invalid' && phase.kind !== 'failed';
  return (
    <main className="signer-page" data-testid="signer-page">
      {framed && <h1 className="signer-title">{view?.title || t('signer.pageTitle')}</h1>}
      {framed && <SignerProgress step={step} />}
      {body}
      {phase.kind === 'request' && view && (
        <Modal
          title={t('signing.requestTitle')}
          // Escape only closes the popup (the document is shown); leaving is the Cancel button's job.
          onCancel={startSigning}
          testId="sign-request"
          role="alertdialog"
        >
          {view.kind === 'vcontract' ? (
            <p>{t('signer.vcontract.request', { owner: view.ownerName, title: view.title })}</p>
          ) : (
            <>
              <p>{t('signer.requestedBy', { owner: view.ownerName, title: view.title })}</p>
              <p>{t('signing.requestMessage')}</p>
            </>
          )}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => void navigate(home)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button-primary" data-autofocus onClick={startSigning}>
              {t('signer.sign')}
            </button>
          </div>
        </Modal>
      )}
      {phase.kind === 'caution' && (
        <Modal
          title={t('access.caution.title')}
          onCancel={() => window.history.back()}
          testId="signer-caution"
          role="alertdialog"
        >
          <p>{t('access.caution.message')}</p>
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={() => window.history.back()}>
              {t('access.caution.cancel')}
            </button>
            <button
              type="button"
              className="button button-primary"
              disabled={pending}
              onClick={() => {
                setPending(true);
                void signOutHere(config).then(() => window.location.reload());
              }}
            >
              {t('access.caution.logoutAndProceed')}
            </button>
          </div>
        </Modal>
      )}
      {popup === 'maker' && (
        <SignMaker
          defaultScript={scriptForLang(lang)}
          upload={(image) => uploadSign(docuId, token, image)}
          onCreated={onCreated}
          onCancel={() => setPopup(null)}
        />
      )}
      {popup === 'change' && (
        <ChangeSign
          signs={signs}
          current={current}
          onChoose={(signId) => {
            setCurrent(signId);
            replaceApplied(signId);
            setPopup(null);
          }}
          onMake={() => {
            afterMake.current = 'select';
            setPopup('maker');
          }}
          onCancel={() => setPopup(null)}
        />
      )}
      {popup === 'deny' && (
        <DenyReasonDialog
          title={t('signer.denyTitle')}
          label={t('signer.denyLabel')}
          cancelLabel={t('common.cancel')}
          sendLabel={t('signer.deny')}
          testIds={{ dialog: 'deny-dialog', reason: 'deny-reason', send: 'deny-confirm' }}
          pending={pending}
          onDeny={(reason) => void onDeny(reason)}
          onCancel={() => setPopup(null)}
        />
      )}
      {popup === 'terms' && (
        <TermsDialog
          pending={pending}
          onConfirm={() => void onAgree()}
          onDeny={() => void onRejectTerms()}
          onCancel={() => setPopup(null)}
        />
      )}
    </main>
  );
}

/**
 * A video contract's contract (issue #16): the owner's video (presigned, with its thumbnail as the
 * poster), who recorded it and when; then the prompt to record one's own agreement, and Deny.
 */
function ContractVideo({
  owner,
  video,
  lang,
  onDeny,
}: {
  owner: string;
  video: SignerView['ownerVideo'];
  lang: Lang;
  onDeny: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="signer-contract-video" aria-labelledby="contract-video-title">
        <h2 id="contract-video-title">
          {t('signer.vcontract.ownerVideoTitle', { owner: video?.name ?? owner })}
        </h2>
        {video ? (
          <>
            <div className="signer-contract-frame">
              <video
                controls
                playsInline
                preload="metadata"
                src={video.url}
                poster={video.thumbnailUrl ?? undefined}
                aria-label={t('signer.vcontract.ownerVideoTitle', { owner: video.name })}
                data-testid="owner-video"
              />
            </div>
            <p className="video-hint" data-testid="owner-video-recorded-at">
              {t('signer.vcontract.recordedAt', {
                time: `${formatDateTime(video.recordedAt, localeForPath(lang))} (${timeZoneLabel(localeForPath(lang))})`,
              })}
            </p>
          </>
        ) : (
          <p role="alert" className="field-error">
            {t('signer.vcontract.noOwnerVideo')}
          </p>
        )}
      </section>
      <div className="signer-actions">
        <p className="signer-prompt">{t('signer.vcontract.yourVideoHint')}</p>
        <button type="button" className="button button-danger" onClick={onDeny} data-testid="deny">
          {t('signer.deny')}
        </button>
      </div>
    </>
  );
}

const SIGNER_STEPS = ['signer.steps.setup', 'signer.steps.signing', 'signer.steps.complete'] as const;

function SignerProgress({ step }: { step: number }) {
  return (
    <StepProgress
      labels={SIGNER_STEPS}
      current={step}
      label="signer.steps.label"
      classPrefix="signer-progress"
      testId="signer-progress"
    />
  );
}

interface ReviewProps {
  view: SignerView;
  lang: Lang;
  assigned: Map<number, string>;
  signUrl: (signId: string) => string | undefined;
  unsigned: number;
  pending: boolean;
  error: string | null;
  /** Bumped when signing starts: go to the first unsigned area and give Sign All the focus. */
  arrival: number;
  onSignAll: () => void;
  onEditSign: () => void;
  onDeny: () => void;
  onNext: () => void;
}

const areaElement = (areaIndex: number) =>
  document.querySelector<HTMLElement>(`[data-testid="my-area-${areaIndex}"]`);

/**
 * Scrolls an area to the middle of the screen. The pages lay out at their stored size before pdf.js
 * draws them, but the areas appear only once the pages measured their width: wait a few frames.
 */
function scrollToArea(areaIndex: number, then?: () => void): () => void {
  let frames = 0;
  let handle = 0;
  const attempt = () => {
    const element = areaElement(areaIndex);
    if (element) {
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
      element.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
      then?.();
    } else if (frames++ < 120) handle = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(handle);
}

function Review({
  view,
  lang,
  assigned,
  signUrl,
  unsigned,
  pending,
  error,
  arrival,
  onSignAll,
  onEditSign,
  onDeny,
  onNext,
}: ReviewProps) {
  const { t } = useTranslation();
  const signAllRef = useRef<HTMLButtonElement>(null);
  const mine = useMemo(() => view.recipients.find((r) => r.mine)?.areas ?? [], [view]);
  const ordered = useMemo(() => readingOrder(mine, view.pages), [mine, view.pages]);
  /** The area the signer was last taken to (an index into `ordered`). */
  const [cursor, setCursor] = useState(0);

  const firstUnsigned = () =>
    Math.max(
      0,
      ordered.findIndex((a) => !assigned.has(a.areaIndex)),
    );
  useEffect(() => {
    if (arrival === 0 || ordered.length === 0) return;
    const at = firstUnsigned();
    setCursor(at);
    signAllRef.current?.focus({ preventScroll: true });
    return scrollToArea(ordered[at]!.areaIndex);
    // Only when signing starts (the request popup closed), not on every sign applied.
  }, [arrival]);

  /** The next area after the current one, preferring unsigned ones; wraps to the first. */
  const goToNextArea = () => {
    if (ordered.length === 0) return;
    const next = nextAreaPosition(ordered, cursor, (areaIndex) => assigned.has(areaIndex));
    setCursor(next);
    scrollToArea(ordered[next]!.areaIndex);
  };

  const currentArea = ordered[cursor]?.areaIndex;
  const overlay = (pageIndex: number, scale: number) => {
    const page = view.pages[pageIndex];
    if (!page) return null;
    return view.recipients.flatMap((r) =>
      r.areas
        .filter((a) => a.pageIndex === pageIndex)
        .map((a) => {
          const signId = r.mine ? assigned.get(a.areaIndex) : undefined;
          const url = signId ? signUrl(signId) : undefined;
          const classes = ['signer-area', r.mine ? 'mine' : 'others'];
          if (r.mine && a.areaIndex === currentArea) classes.push('current');
          return (
            <div
              key={a.areaIndex}
              className={classes.join(' ')}
              style={{
                left: a.x * scale,
                top: (page.height - a.y - a.height) * scale,
                width: a.width * scale,
                height: a.height * scale,
              }}
              title={t(r.mine ? 'signer.myArea' : 'signer.othersArea')}
              data-testid={r.mine ? `my-area-${a.areaIndex}` : `other-area-${a.areaIndex}`}
              data-signed={r.mine ? Boolean(signId) : a.signed}
            >
              {url ? <img src={url} alt={t('signer.myArea')} /> : <span>{r.mine ? r.name : ''}</span>}
            </div>
          );
        }),
    );
  };
  return (
    <section className="signer-review" data-testid="signer-review">
      <p className="signer-prompt" data-testid="signer-prompt">
        {t('signing.reviewPrompt', { nth: ordinal(view.me.ordinal, localeForPath(lang)) })}
      </p>
      <div className="signer-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={onEditSign}
          data-testid="edit-sign"
        >
          {t('signer.editSign')}
        </button>
        <button type="button" className="button button-danger" onClick={onDeny} data-testid="deny">
          {t('signer.deny')}
        </button>
      </div>
      {error && (
        <p className="field-error" role="alert" data-testid="signer-error">
          {error}
        </p>
      )}
      {view.fileUrl && (
        <PdfPages fileUrl={view.fileUrl} cacheKey={view.docuId} pages={view.pages} renderOverlay={overlay} />
      )}
      {/* Where the work is: sticks to the bottom of the screen while the pages scroll. */}
      <div className="signer-guide" data-testid="signer-guide">
        <p className="signer-status" aria-live="polite">
          {ordered.length > 0 && (
            <span className="signer-area-progress" data-testid="signer-area-progress">
              {t('signer.areaProgress', { n: cursor + 1, total: ordered.length })}
            </span>
          )}
          <span data-testid="signer-unsigned">
            {unsigned > 0 ? t('signer.unsignedCount', { count: unsigned }) : t('signer.allSigned')}
          </span>
        </p>
        <div className="signer-guide-actions">
          {ordered.length > 1 && (
            <button
              type="button"
              className="button button-secondary"
              onClick={goToNextArea}
              data-testid="next-area"
            >
              {t('signer.nextArea')}
            </button>
          )}
          <button
            ref={signAllRef}
            type="button"
            className="button button-primary"
            onClick={onSignAll}
            data-testid="sign-all"
          >
            {t('signer.signAll')}
          </button>
        </div>
      </div>
      <div className="signer-nav">
        <button type="button" className="button button-secondary" disabled>
          {t('signer.previous')}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={unsigned > 0 || pending}
          onClick={onNext}
          data-testid="signer-next"
        >
          {t('signer.next')}
        </button>
      </div>
    </section>
  );
}

function ChangeSign({
  signs,
  current,
  onChoose,
  onMake,
  onCancel,
}: {
  signs: SignerSign[];
  current: string | null;
  onChoose: (signId: string) => void;
  onMake: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={t('signer.changeSignTitle')} onCancel={onCancel} testId="change-sign">
      {signs.length === 0 ? (
        <p>{t('signer.noSigns')}</p>
      ) : (
        <ul className="signer-sign-list">
          {signs.map((s, index) => (
            <li key={s.signId} className={s.signId === current ? 'selected' : undefined}>
              <img src={s.url} alt={t('signer.yourSign', { n: index + 1 })} />
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => onChoose(s.signId)}
              >
                {t('signer.useThisSign')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button-primary" onClick={onMake} data-testid="make-new-sign">
          {t('signer.makeNewSign')}
        </button>
      </div>
    </Modal>
  );
}

function TermsDialog({
  pending,
  onConfirm,
  onDeny,
  onCancel,
}: {
  pending: boolean;
  onConfirm: () => void;
  onDeny: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const regionRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLSpanElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Confirm waits until the end of the terms was on screen (at once when they all fit): on a phone
  // the box scrolls, and agreeing to clauses never shown is no agreement.
  const [readToEnd, setReadToEnd] = useState(false);
  useEffect(() => {
    const region = regionRef.current;
    const end = endRef.current;
    if (!region || !end) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setReadToEnd(true);
          observer.disconnect();
        }
      },
      { root: region },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!readToEnd) return;
    // The primary action takes the focus once usable, unless the signer went elsewhere.
    const active = document.activeElement;
    if (active === regionRef.current || active === document.body) confirmRef.current?.focus();
  }, [readToEnd]);
  return (
    <Modal title={t('signer.terms.title')} onCancel={onCancel} testId="terms-dialog" wide>
      <div
        ref={regionRef}
        className="signer-terms"
        role="region"
        aria-label={t('signer.terms.title')}
        // Focusable, so the keyboard scrolls it (axe: scrollable-region-focusable).
        tabIndex={0}
        data-autofocus
        data-testid="terms-text"
      >
        <p>{t('signer.terms.intro')}</p>
        <ol>
          <li>{t('signer.terms.p1')}</li>
          <li>{t('signer.terms.p2')}</li>
          <li>{t('signer.terms.p3')}</li>
          <li>{t('signer.terms.p4')}</li>
        </ol>
        <span ref={endRef} className="signer-terms-end" aria-hidden="true" />
      </div>
      {!readToEnd && (
        <p className="signer-hint" data-testid="terms-read-hint">
          {t('signer.terms.readToEnd')}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={pending}
          onClick={onDeny}
          data-testid="terms-deny"
        >
          {t('signer.deny')}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className="button button-primary"
          disabled={pending || !readToEnd}
          onClick={onConfirm}
          data-testid="terms-confirm"
        >
          {t('signer.confirm')}
        </button>
      </div>
    </Modal>
  );
}

function EndPanel({
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
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="signer-end" data-testid={testId}>
      <Heading ref={ref} tabIndex={-1}>
        {title}
      </Heading>
      {children}
      <a className="button button-primary" href={home}>
        {t('signing.goHome')}
      </a>
    </section>
  );
}

function EndScreen({ end, message, home }: { end: EndKind; message?: string; home: string }) {
  const { t } = useTranslation();
  switch (end) {
    case 'completed':
      return (
        <EndPanel title={t('signing.completed')} home={home} testId="signer-completed">
          <p>{t('signing.completedExplanation')}</p>
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
      return <EndPanel title={t('signing.alreadyAgreed')} home={home} testId="signer-already-agreed" />;
    case 'alreadyDenied':
      return <EndPanel title={t('signing.alreadyDenied')} home={home} testId="signer-already-denied" />;
    default:
      return (
        <EndPanel title={t('signer.end.title')} home={home} testId="signer-closed">
          <p>{message}</p>
        </EndPanel>
      );
  }
}
