// /{lang}/home/make/{esign|vsign|vcontract}/{step}/{docuId}: the creation funnels (spec doc 1 §4;
// Video Sign adds the owner's video step before Finalize; Video Contract is the owner's video, the
// optional contractors and Finalize, issue #16). 'new' as the docuId shows the first step with no
// document: the document is created when the first file is chosen (issue #14: Start alone leaves no
// empty draft), and the URL then carries its id. Video Contract's Record step opens on a draft so its
// script names the real contract number before Record (issue #34 item 2, decision 133): the owner's
// unrecorded one is reused (at most one per owner), and the URL carries its id once Record is pressed. Every step
// loads the document, so a reload restores what was saved, and a step the document's status does not
// reach yet redirects to the furthest one it does. A sent document goes to its detail page.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isDraft } from '../../../../../shared/domain/status';
import { NotFound } from '../../../components/not-found';
import { Spinner } from '../../../components/spinner';
import { paths, type Evsign } from '../../../app/paths';
import { useLang } from '../../../app/use-lang';
import { createDocument, getDocument, type DocumentView } from '../api/documents';
import { describeError } from '../messages';
import { findStep, FUNNELS, isReachable, redirectStep, type StepId } from '../steps';
import { ContractorsStep } from './contractors-step';
import { ErrorText } from './error-text';
import { FinalizeStep } from './finalize-step';
import { PositionStep } from './position-step';
import { ProgressBar } from './progress-bar';
import { UploadStep } from './upload-step';
import { VideoStep } from './video-step';
import '../funnel.css';

const NEW_DOCUMENT = 'new';

/** /{lang}/home/make/vsign/…: the same funnel with the owner's video step. */
export function VideoSignFunnelPage() {
  return <FunnelPage evsign="vsign" />;
}

/** /{lang}/home/make/vcontract/…: the owner's video, the optional contractors, Finalize (issue #16). */
export function VideoContractFunnelPage() {
  return <FunnelPage evsign="vcontract" />;
}

/** Each kind of contract's funnel says which kind it makes (issue #34: Video Sign read "E-Sign"). */
const FUNNEL_HEADINGS = {
  esign: 'funnel.title',
  vsign: 'funnel.vsignTitle',
  vcontract: 'funnel.vcontractTitle',
} as const satisfies Record<Evsign, string>;

export function FunnelPage({ evsign = 'esign' }: { evsign?: Evsign }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { func, docuId = '' } = useParams();
  const [loaded, setLoaded] = useState<{ docuId: string; doc: DocumentView } | null>(null);
  const [error, setError] = useState<unknown>(null);
  // The document being created for 'new': one promise, so a second file event never makes two.
  const created = useRef<Promise<DocumentView> | null>(null);
  // The id just created: its document is already loaded, the URL change needs no fetch.
  const createdId = useRef<string | null>(null);
  // Video Contract on 'new': the draft the Record step opened on (its number is in the script).
  const reserved = useRef<Promise<DocumentView> | null>(null);
  const [reservedDoc, setReservedDoc] = useState<DocumentView | null>(null);

  const stepHref = useCallback(
    (step: StepId, id: string) => paths.homeMake.getHref(lang, { evsign, func: step, docuId: id }),
    [lang, evsign],
  );
  const goTo = useCallback(
    (step: StepId) => void navigate(stepHref(step, docuId)),
    [navigate, stepHref, docuId],
  );

  const reserve = useCallback(() => {
    reserved.current ??= createDocument(evsign, { reuseUnrecorded: true }).then(
      (doc) => {
        setReservedDoc(doc);
        return doc;
      },
      (e: unknown) => {
        reserved.current = null;
        throw e;
      },
    );
    return reserved.current;
  }, [evsign]);

  const onCreate = useCallback(() => {
    const make = evsign === 'vcontract' ? reserve() : createDocument(evsign);
    created.current ??= make.then(
      (doc) => {
        createdId.current = doc.docuId;
        setLoaded({ docuId: doc.docuId, doc });
        void navigate(stepHref(FUNNELS[evsign].steps[0]!.id, doc.docuId), { replace: true });
        return doc;
      },
      (e: unknown) => {
        created.current = null;
        throw e;
      },
    );
    return created.current;
  }, [navigate, stepHref, evsign, reserve]);

  useEffect(() => {
    setError(null);
    if (docuId === NEW_DOCUMENT) {
      // Start again (the page stays mounted): the next file makes a new document.
      created.current = null;
      createdId.current = null;
      reserved.current = null;
      setReservedDoc(null);
      // Video Contract: the draft whose number the script reads (a failure leaves it blank; Record
      // tries again).
      if (evsign === 'vcontract') reserve().catch(() => undefined);
      return;
    }
    if (docuId === createdId.current) {
      createdId.current = null;
      return;
    }
    const controller = new AbortController();
    getDocument(docuId, controller.signal).then(
      // What a save returned meanwhile (an upload into the just-created document) is newer.
      (doc) => setLoaded((prev) => (prev?.docuId === docuId ? prev : { docuId, doc })),
      (e: unknown) => {
        if (!controller.signal.aborted) setError(e);
      },
    );
    return () => controller.abort();
  }, [docuId, navigate, stepHref, evsign, reserve]);

  const onSaved = useCallback((doc: DocumentView) => setLoaded({ docuId: doc.docuId, doc }), []);

  const step = findStep(evsign, func);
  if (!step) return <NotFound homeHref={paths.home.getHref(lang)} />;
  const doc = loaded?.docuId === docuId ? loaded.doc : null;

  let body;
  if (docuId === NEW_DOCUMENT) {
    const first = FUNNELS[evsign].steps[0]!;
    if (step.id !== first.id) return <Navigate to={stepHref(first.id, NEW_DOCUMENT)} replace />;
    const blank = { doc: null, lang, onCreate, onSaved, onPrevious: null, onNext: () => {} };
    body =
      first.id === 'vcrecord' ? (
        <VideoStep {...blank} contractNumber={reservedDoc?.id4} />
      ) : (
        <UploadStep {...blank} />
      );
  } else if (error) {
    body = <ErrorText message={describeError(t, error)} />;
  } else if (!doc) {
    body = <Spinner />;
  } else if (doc.kind !== evsign) {
    // A document opens in the funnel of its own kind (a typed or old URL of the other one).
    const to = paths.homeMake.getHref(lang, { evsign: doc.kind, func: step.id, docuId: doc.docuId });
    return <Navigate to={to} replace />;
  } else if (!isDraft(doc.status)) {
    return <Navigate to={paths.homeShowDocu.getHref(lang, doc.docuId)} replace />;
  } else if (!isReachable(step, doc.status)) {
    const to = redirectStep(evsign, doc.status);
    return <Navigate to={to ? stepHref(to.id, doc.docuId) : paths.home.getHref(lang)} replace />;
  } else if (
    step.id === 'agree' &&
    evsign === 'vsign' &&
    doc.recipients.some((r) => r.isOwner && !r.hasVideo)
  ) {
    // Video Sign: the owner as a contractor records before Finalize (Continue lands here too).
    return <Navigate to={stepHref('vsign', doc.docuId)} replace />;
  } else {
    const previous = step.previous;
    const next = step.next;
    const common = {
      doc,
      lang,
      onSaved,
      onPrevious: previous ? () => goTo(previous) : null,
    };
    switch (step.id) {
      case 'upload':
        body = <UploadStep {...common} onCreate={onCreate} onNext={() => next && goTo(next)} />;
        break;
      case 'addrcpt':
        body = <ContractorsStep {...common} onNext={() => next && goTo(next)} />;
        break;
      case 'setpos':
        body = <PositionStep {...common} onNext={() => next && goTo(next)} />;
        break;
      case 'vsign':
        body = <VideoStep {...common} onNext={() => next && goTo(next)} />;
        break;
      case 'vcrecord':
        // Once created, the same recorder goes on (the URL now carries the document's id).
        body = <VideoStep {...common} onCreate={onCreate} onNext={() => next && goTo(next)} />;
        break;
      case 'vcaddrcpt':
        body = <ContractorsStep {...common} optional onNext={() => next && goTo(next)} />;
        break;
      case 'agree':
      case 'vcagree':
        body = (
          <FinalizeStep
            {...common}
            onDone={() => void navigate(paths.home.getHref(lang), { replace: true })}
          />
        );
        break;
      default:
        return <NotFound homeHref={paths.home.getHref(lang)} />;
    }
  }

  return (
    <section className="funnel" data-testid="funnel" data-step={step.id}>
      <h1>{t(FUNNEL_HEADINGS[evsign])}</h1>
      <ProgressBar evsign={evsign} current={step.id} />
      {body}
    </section>
  );
}
