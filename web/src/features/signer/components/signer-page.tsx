// The signer flow of an account-less contractor (spec doc 1 §2 "Signer flow (/outsign)", §4):
// Setup (the 'Request to Sign' popup), Signing (review the pages, sign every own area, the
// electronic signature terms) and Complete (an end screen). The link's token is the credential.
// A video contract (issue #16) has no document to sign: after the request popup the contractor
// watches the owner's video, records their own agreement (or hands off to a phone through
// `/{lang}/vc_mobile/{token}`), then answers the terms; Deny with a reason is on the same screen.
//
// Which screen and dialog show is the state machine's (../machine.ts); this page only composes the
// screen components for the current state and turns their buttons into events.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { localeForPath, ordinal } from '../../../../../shared/i18n/core';
import { StepProgress } from '../../../components/step-progress';
import { Spinner } from '../../../components/spinner';
import { paths } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { uploadSign } from '../api/signer-api';
import { useFieldFill } from '../hooks/use-field-fill';
import { useSignerFlow } from '../hooks/use-signer-flow';
import { imageFields, ownFields } from '../fields';
import { isEndState, screenOf, stepOf } from '../machine';
import { ChangeSign } from './change-sign';
import { DenyReasonDialog } from './deny-reason-dialog';
import { EndScreen, InvalidLink, LoadFailed } from './end-screens';
import { focusField, Review } from './review';
import { CautionDialog, RequestDialog } from './setup-dialogs';
import { SignMaker } from './sign-maker';
import { scriptForLang } from './sign-order';
import { TermsDialog } from './terms-dialog';
import { VideoStep } from './video-step';
import '../signer.css';

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

export function SignerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { docuId = '', token = '' } = useParams();
  const flow = useSignerFlow(docuId, token);
  const { state, send } = flow;
  const { name, view, signs, assigned, pending, error } = state;
  const home = paths.landing.getHref(lang);

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

  let body: React.ReactNode;
  if (name === 'loading' || name === 'identifying') {
    body = (
      <div className="signer-loading" role="status" data-testid="signer-loading">
        <Spinner />
        <p>{t('signer.loading')}</p>
      </div>
    );
  } else if (name === 'invalidLink') {
    body = <InvalidLink home={home} />;
  } else if (name === 'loadFailed') {
    body = <LoadFailed message={state.failure ?? ''} home={home} />;
  } else if (isEndState(name)) {
    body = <EndScreen end={name} home={home} />;
  } else if (!view) {
    body = null;
  } else if (screenOf(name) === 'video') {
    body = (
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
    );
  } else if (view.kind === 'vcontract') {
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
        error={error}
        arrival={state.arrival}
        onSignAll={() => send({ type: 'signAll' })}
        onSignArea={(areaIndex) => send({ type: 'signArea', areaIndex })}
        onEditSign={() => send({ type: 'editSign' })}
        onDeny={() => send({ type: 'deny' })}
        onNext={() => void next()}
      />
    );
  }

  // A link that cannot be used is an error page of its own: no signing heading, no step bar.
  const framed = name !== 'invalidLink' && name !== 'loadFailed';
  const cancel = () => send({ type: 'cancel' });
  return (
    <main className="signer-page" data-testid="signer-page">
      {framed && <h1 className="signer-title">{view?.title || t('signer.pageTitle')}</h1>}
      {framed && <SignerProgress step={stepOf(name)} />}
      {body}
      {name === 'request' && view && (
        <RequestDialog
          view={view}
          onSign={() => send({ type: 'sign' })}
          onLeave={() => void navigate(home)}
        />
      )}
      {name === 'caution' && <CautionDialog pending={pending} onLogout={flow.logout} />}
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
          title={t('signer.denyTitle')}
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
    </main>
  );
}
