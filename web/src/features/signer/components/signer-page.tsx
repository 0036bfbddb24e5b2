// The signer flow of an account-less contractor (spec doc 1 §2 "Signer flow (/outsign)", §4):
// Setup (the 'Request to Sign' popup), Signing (review the pages, sign every own area, the
// electronic signature terms) and Complete (an end screen). The link's token is the credential.
// A video contract (issue #16) has no document to sign: after the request popup the contractor
// watches the owner's video, records their own agreement (or hands off to a phone through
// `/{lang}/vc_mobile/{token}`), then answers the terms; Deny with a reason is on the same screen.
// Issue #28: an approver reads and approves or denies, a viewer reads a copy, a contractor may
// forward their request, and a link used before its turn, expired or voided is refused with a page
// of its own.
//
// This is the page's first chunk, kept light for a phone on a mobile network: the flow (view, calls,
// machine), the loading state and every page that needs no document — an unusable link, routing's
// refusals, the end screens. The screens over the document are a chunk of their own
// (./signer-screens.tsx), asked for with pdf.js and the PDF only once the view allows answering.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { localeForPath } from '../../../../../shared/i18n/core';
import { StepProgress } from '../../../components/step-progress';
import { Spinner } from '../../../components/spinner';
import { useDocumentTitle } from '../../../app/page-title';
import { paths, type Lang } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { formatDateTime } from '../../../lib/format';
import { signerScreensChunk, useSignerFlow } from '../hooks/use-signer-flow';
import { lazyLoaded } from '../../../lib/lazy-loaded';
import { isEndState, roleOf, stepOf, type Refusal } from '../machine';
import { BrandHeader } from './brand-header';
import { CompletedPage, DeclinedPage } from './closed-pages';
import { EndScreen, InvalidLink, LoadFailed, RefusalPage } from './end-screens';
import { useEmbedOutcome } from '../../embed/session';
import '../signer.css';

// The comment thread (issue #29 item 3): its own chunk, asked for once the view has loaded.
const SignerComments = lazy(() =>
  import('../../comments/panels').then((m) => ({ default: m.SignerComments })),
);

// Usually fetched before the page renders them (the early view's answer starts them): then shown
// without suspending (lib/lazy-loaded.ts).
const SignerScreens = lazyLoaded(signerScreensChunk, (m) => m.SignerScreens);

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

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="signer-loading" role="status" data-testid="signer-loading">
      <Spinner />
      <p>{t('signer.loading')}</p>
    </div>
  );
}

/** The browser tab's title: an approver's and a viewer's page say what they are for. */
function RoleTitle({ role }: { role: 'approver' | 'viewer' }) {
  const { t } = useTranslation();
  useDocumentTitle(t(role === 'approver' ? 'routingSigner.titles.approve' : 'routingSigner.titles.view'));
  return null;
}

function ForwardedTitle() {
  const { t } = useTranslation();
  useDocumentTitle(t('routingSigner.titles.forwarded'));
  return null;
}

/** A refused link's page: routing's (issue #28), or a contract that is over (issue #29). */
function Refused({
  refusal,
  docuId,
  home,
  lang,
}: {
  refusal: Refusal;
  docuId: string;
  home: string;
  lang: Lang;
}) {
  switch (refusal.kind) {
    case 'declined':
      return <DeclinedPage declined={refusal.declined} home={home} lang={lang} />;
    case 'completed':
      return <CompletedPage completedAt={refusal.completedAt} docuId={docuId} home={home} lang={lang} />;
    default:
      return <RefusalPage refusal={refusal} home={home} lang={lang} />;
  }
}

export function SignerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { docuId = '', token = '' } = useParams();
  const flow = useSignerFlow(docuId, token);
  const { state } = flow;
  const { name, view } = state;
  const home = paths.landing.getHref(lang);
  const role = roleOf(view);
  // Embedded in another site (issue #31): the outcome goes to the parent window.
  useEmbedOutcome(docuId, name);

  // A link that cannot be used is an error page of its own: no signing heading, no step bar.
  if (name === 'invalidLink' || name === 'loadFailed' || name === 'refused') {
    return (
      <main className="signer-page" data-testid="signer-page">
        {name === 'invalidLink' && <InvalidLink home={home} />}
        {name === 'loadFailed' && <LoadFailed message={state.failure ?? ''} home={home} />}
        {name === 'refused' && state.refusal && (
          <Refused refusal={state.refusal} docuId={docuId} home={home} lang={lang} />
        )}
      </main>
    );
  }

  let body: React.ReactNode;
  if (name === 'loading') body = <Loading />;
  else if (isEndState(name)) {
    body = (
      <EndScreen end={name} home={home} role={role} forwardedTo={state.forwardedTo} status={view?.status} />
    );
  } else {
    body = (
      <Suspense fallback={<Loading />}>
        <SignerScreens flow={flow} docuId={docuId} token={token} lang={lang} home={home} />
      </Suspense>
    );
  }

  const expiresAt = view?.routing.expiresAt;
  const deadline =
    expiresAt && role !== 'viewer' && !isEndState(name)
      ? formatDateTime(expiresAt, localeForPath(lang))
      : null;
  return (
    <main className="signer-page" data-testid="signer-page">
      {role !== 'signer' && !isEndState(name) && <RoleTitle role={role} />}
      {name === 'forwarded' && <ForwardedTitle />}
      <BrandHeader brand={view?.brand} />
      <h1 className="signer-title">{view?.title || t('signer.pageTitle')}</h1>
      {deadline && (
        <p className="signer-deadline" data-testid="signer-deadline">
          {t('routingSigner.answerBy', { date: deadline })}
        </p>
      )}
      {role !== 'viewer' && <SignerProgress step={stepOf(name)} />}
      {body}
      {name !== 'loading' && (
        <Suspense fallback={null}>
          <SignerComments docuId={docuId} token={token} lang={lang} />
        </Suspense>
      )}
    </main>
  );
}
