// The owner's video in the creation funnels, with the same recorder as the signers (live only,
// loaded lazily): 'Upload & Finish' stores it and goes on; once recorded, 'Finish without Change'
// keeps it, and Next waits for it.
// - Video Sign (the 'vsign' step, spec doc 1 §4): when the owner is one of the contractors, they
//   record their agreement here before Finalize; otherwise the step only explains that each
//   contractor records their video when signing.
// - Video Contract (the 'vcrecord' step, issue #16): the owner always records the terms; their video
//   is the contract. On 'new' the step opens on the owner's unrecorded draft (issue #34 item 2), whose
//   number the script reads; the URL carries its id once Record is pressed (`onCreate`).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { useSessionUser } from '../../auth/session';
import { getDocument, type DocumentView } from '../api/documents';
import { ownerRecording, ownerVideoUrl } from '../api/videos';
import { describeError } from '../messages';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

const VideoRecorder = lazy(() =>
  import('../../video/components/recorder').then((m) => ({ default: m.VideoRecorder })),
);

type VideoStepProps = Omit<StepProps, 'doc'> & {
  /** Null on a new video contract, until Record is first pressed. */
  doc: DocumentView | null;
  /** Creates the document (once, however often it is called): the video contract's 'new'. */
  onCreate?: () => Promise<DocumentView>;
  onNext: () => void;
  /** On a new video contract: the number of the draft the step opened on, once known. */
  contractNumber?: string | undefined;
};

export function VideoStep({ doc, onCreate, onSaved, onPrevious, onNext, contractNumber }: VideoStepProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const contract = doc === null || doc.kind === 'vcontract';
  const me = doc?.recipients.find((r) => r.isOwner);
  const hasVideo = me?.hasVideo === true;
  // The recorded video's URL: Play replays it (spec: an existing video enables Play).
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const docuId = doc?.docuId;
  const myIndex = me?.index;
  useEffect(() => {
    if (!hasVideo || !docuId || myIndex === undefined) return;
    const controller = new AbortController();
    ownerVideoUrl(docuId, myIndex, controller.signal).then(setVideoUrl, () => undefined);
    return () => controller.abort();
  }, [hasVideo, docuId, myIndex]);
  // The recorder's calls run after renders: they read the latest document, or create it.
  const latest = useRef(doc);
  latest.current = doc;
  const ensureDoc = async (): Promise<DocumentView> => {
    if (latest.current) return latest.current;
    if (!onCreate) throw new Error('no document to record into');
    return onCreate();
  };

  if (!contract && !me) {
    return (
      <div className="funnel-step" data-testid="funnel-video">
        <h2>{t('funnel.video.title')}</h2>
        <p data-testid="funnel-video-not-owner">{t('funnel.video.notOwner')}</p>
        <StepNav onPrevious={onPrevious} onNext={onNext} />
      </div>
    );
  }

  return (
    <div className="funnel-step" data-testid="funnel-video">
      <h2>{t(contract ? 'funnel.vcrecord.title' : 'funnel.video.title')}</h2>
      <p>{t(contract ? 'funnel.vcrecord.owner' : 'funnel.video.owner')}</p>
      <Suspense fallback={<Spinner />}>
        <VideoRecorder
          name={me?.name ?? user?.name ?? ''}
          contractNumber={doc?.id4 ?? contractNumber ?? ''}
          hasVideo={hasVideo}
          existingVideoUrl={videoUrl}
          startSession={async (mimeType) => ownerRecording((await ensureDoc()).docuId).start(mimeType)}
          complete={async (sessionId, facts) => {
            const { docuId } = await ensureDoc();
            await ownerRecording(docuId).complete(sessionId, facts);
            // The step and the next ones read the stored video from the document.
            onSaved(await getDocument(docuId));
          }}
          onUploaded={onNext}
          onFinishWithoutChange={onNext}
          describeError={(err) => describeError(t, err)}
        />
      </Suspense>
      {hasVideo ? null : <p className="field-hint">{t('funnel.video.required')}</p>}
      <StepNav onPrevious={onPrevious} onNext={onNext} nextDisabled={!hasVideo} />
    </div>
  );
}
