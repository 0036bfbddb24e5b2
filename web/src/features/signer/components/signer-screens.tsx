// The signer flow's screens once the contract's view allows answering (spec doc 1 §2 "Signer flow
// (/outsign)"): the document under the request and caution popups, the review (a signer's fields and
// signs, an approver's Approve, a viewer's read-only copy — issue #28), the video step, and every
// dialog over them (sign maker, change sign, deny, terms, forward). A chunk of its own: the signer
// page (./signer-page.tsx) loads it only when the view says there is something to show, so a link
// refused by routing never downloads it, nor pdf.js.
//
// Issue #33: this chunk holds only what the first screen shows (the document, the review, the
// request and caution popups). The video step and the dialogs are a chunk of their own
// (./signer-later.tsx), started once page 1 is shown; one asked for before it has arrived shows a
// loading status in its place until it has.
//
// Which screen and dialog show is the state machine's (../machine.ts); this component only composes
// the screen components for the current state and turns their buttons into events.
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import type { Lang } from '../../../app/paths';
import { Spinner } from '../../../components/spinner';
import { lazyLoaded } from '../../../lib/lazy-loaded';
import { trackedChunk } from '../../../lib/tracked-chunk';
import { uploadSign } from '../api/signer-api';
import { useFieldFill } from '../hooks/use-field-fill';
import type { SignerFlow } from '../hooks/use-signer-flow';
import { imageFields, ownFields } from '../fields';
import { canForward, roleOf, screenOf } from '../machine';
import { focusField, Review } from './review';
import { CautionDialog, RequestDialog } from './setup-dialogs';
import { scriptForLang } from './sign-order';
import { useEmbed } from '../../embed/session';

/** What the first screen does not show (./signer-later.tsx), remembered once it has arrived. */
const laterChunk = trackedChunk(() => import('./signer-later'));
// Rendered without suspending when the chunk is there (lib/lazy-loaded.ts), as it usually is.
const SignMaker = lazyLoaded(laterChunk, (m) => m.SignMaker);
const ChangeSign = lazyLoaded(laterChunk, (m) => m.ChangeSign);
const DenyReasonDialog = lazyLoaded(laterChunk, (m) => m.DenyReasonDialog);
const ForwardDialog = lazyLoaded(laterChunk, (m) => m.ForwardDialog);
const TermsDialog = lazyLoaded(laterChunk, (m) => m.TermsDialog);
const VideoStep = lazyLoaded(laterChunk, (m) => m.VideoStep);

/**
 * Starts the later chunk once the first screen is `shown`, after the frame that paints it: on a
 * phone its download and evaluation would otherwise share the network and the CPU with page 1.
 */
function useLaterChunk(shown: boolean) {
  useEffect(() => {
    if (!shown || laterChunk.loaded()) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => void laterChunk.load().catch(() => undefined));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown]);
}

/** A dialog (or the video step) whose code is still on its way: a status in its place. */
function LaterLoading({ dialog }: { dialog: boolean }) {
  const { t } = useTranslation();
  const status = (
    <div className="signer-loading" role="status" data-testid="signer-later-loading">
      <Spinner />
      <p>{t('shell.loading')}</p>
    </div>
  );
  // Over the screen, as the dialog will be: the screen stays, and is not pressed meanwhile.
  return dialog ? <div className="signer-later-backdrop">{status}</div> : status;
}

export function SignerScreens({
  flow,
  docuId,
  token,
  lang,
  home,
}: {
  flow: SignerFlow;
  docuId: string;
  token: string;
  lang: Lang;
  home: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const embedded = useEmbed() !== null;
  const { state, send } = flow;
  const { name, view, signs, assigned, pending, error } = state;
  const role = roleOf(view);

  const fill = useFieldFill(docuId, token, view);
  const myAreas = useMemo(() => ownFields(view), [view]);
  const unsigned = imageFields(myAreas).filter((a) => !assigned.has(a.areaIndex)).length;
  /** Next: what is typed is saved first (a failed save stays on the page with its message). */
  const next = async () => {
    if (await fill.flush()) await flow.saveSigns();
  };
  /** The server refused the agreement for empty required fields: show them, go to the first. */
  const refusedForFields = (areaIndexes: readonly number[]) => {
    fill.markAttempt();
    if (areaIndexes[0] !== undefined) focusField(areaIndexes[0]);
  };
  const signUrl = useCallback((signId: string) => signs.find((s) => s.signId === signId)?.url, [signs]);
  // What the screen body is: the video step, a video contract's prompt, or the review (the document).
  const screen = !view
    ? null
    : screenOf(name) === 'video'
      ? 'video'
      : view.kind === 'vcontract' && role === 'signer'
        ? 'prompt'
        : 'review';
  // The first screen is shown once page 1 is (a screen without the document's pages: once rendered).
  const [pagesShown, setPagesShown] = useState(false);
  const onPagesShown = useCallback(() => setPagesShown(true), []);
  const withPages = screen === 'review' && Boolean(view?.fileUrl);
  useLaterChunk(screen !== null && (pagesShown || !withPages));

  if (!view) return null;
  let body: React.ReactNode;
  if (screen === 'video') {
    body = (
      <Suspense fallback={<LaterLoading dialog={false} />}>
        <VideoStep
          docuId={docuId}
          token={token}
          view={view}
          lang={lang}
          error={error}
          handoff={state.handoff}
          onDeny={() => send({ type: 'deny' })}
          onDone={() => send({ type: 'videoDone' })}
          onUsePhone={() => void flow.openHandoff()}
          onHandoffAcknowledged={() => send({ type: 'phoneDialogClosed' })}
        />
      </Suspense>
    );
  } else if (screen === 'prompt') {
    // A video contract has nothing to review: behind the request, only who they are in it.
    body = (
      <p className="signer-prompt" data-testid="signer-prompt">
        {t('signer.vcontract.prompt', {
          nth: ordinal(view.me.ordinal, localeForPath(lang)),
          owner: view.ownerName,
        })}
      </p>
    );
  } else {
    // Behind the request and caution popups too: the document shows under them.
    body = (
      <Review
        view={view}
        lang={lang}
        assigned={assigned}
        signUrl={signUrl}
        unsigned={unsigned}
        fill={fill}
        pending={pending}
        error={name === 'review.forward' ? null : error}
        arrival={state.arrival}
        canForward={canForward(view)}
        onSignAll={() => send({ type: 'signAll' })}
        onSignArea={(areaIndex) => send({ type: 'signArea', areaIndex })}
        onEditSign={() => send({ type: 'editSign' })}
        onDeny={() => send({ type: 'deny' })}
        onNext={() => void next()}
        onApprove={() => send({ type: 'approve' })}
        onForward={() => send({ type: 'forward' })}
        onPagesShown={onPagesShown}
      />
    );
  }

  const cancel = () => send({ type: 'cancel' });
  return (
    <>
      {body}
      {name === 'request' && (
        <RequestDialog
          view={view}
          onSign={() => send({ type: 'sign' })}
          onLeave={embedded ? undefined : () => void navigate(home)}
        />
      )}
      {name === 'caution' && <CautionDialog pending={pending} onLogout={flow.logout} />}
      <Suspense fallback={<LaterLoading dialog />}>
        {name === 'review.signMaker' && (
          <SignMaker
            defaultScript={scriptForLang(lang)}
            upload={(image) => uploadSign(docuId, token, image)}
            onCreated={(sign) =>
              send({ type: 'signMade', sign: { ...sign, createdAt: new Date().toISOString() } })
            }
            onCancel={cancel}
          />
        )}
        {name === 'review.changeSign' && (
          <ChangeSign
            signs={signs}
            current={state.current}
            onChoose={(signId) => send({ type: 'chooseSign', signId })}
            onMake={() => send({ type: 'makeNewSign' })}
            onCancel={cancel}
          />
        )}
        {(name === 'review.deny' || name === 'video.deny') && (
          <DenyReasonDialog
            title={role === 'approver' ? t('routingSigner.approver.denyTitle') : t('signer.denyTitle')}
            label={t('signer.denyLabel')}
            cancelLabel={t('common.cancel')}
            sendLabel={t('signer.deny')}
            testIds={{ dialog: 'deny-dialog', reason: 'deny-reason', send: 'deny-confirm' }}
            pending={pending}
            onDeny={(reason) => void flow.deny(reason)}
            onCancel={cancel}
          />
        )}
        {(name === 'review.terms' || name === 'video.terms') && (
          <TermsDialog
            pending={pending}
            onConfirm={() => void flow.agree(refusedForFields)}
            onDeny={() => void flow.rejectTerms()}
            onCancel={cancel}
          />
        )}
        {name === 'review.forward' && (
          <ForwardDialog
            pending={pending}
            error={error}
            onForward={(input) => void flow.forward(input)}
            onCancel={cancel}
          />
        )}
      </Suspense>
    </>
  );
}
