// Video Sign (the 'vsign' step of the Video Sign funnel, spec doc 1 §4): when the owner is one of the
// contractors, the owner records their agreement video here with the same recorder as the signers
// (live only, loaded lazily) — 'Upload & Finish' stores it and goes on to Finalize; once recorded,
// 'Finish without Change' keeps it. Sending requires it. When the owner is not a contractor, the step
// only explains that each contractor records their video when signing.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { getDocument } from '../api/documents';
import { ownerRecording } from '../api/videos';
import { describeError } from '../messages';
import type { StepProps } from './step-props';
import { StepNav } from './step-nav';

const VideoRecorder = lazy(() => import('../../video/recorder').then((m) => ({ default: m.VideoRecorder })));

export function VideoStep({ doc, onSaved, onPrevious, onNext }: StepProps & { onNext: () => void }) {
  const { t } = useTranslation();
  const me = doc.recipients.find((r) => r.isOwner);
  const hasVideo = me?.hasVideo === true;

  if (!me) {
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
      <h2>{t('funnel.video.title')}</h2>
      <p>{t('funnel.video.owner')}</p>
      <Suspense fallback={<Spinner />}>
        <VideoRecorder
          name={me.name}
          contractNumber={doc.id4}
          hasVideo={hasVideo}
          startSession={(mimeType) => ownerRecording(doc.docuId).start(mimeType)}
          complete={async (sessionId, facts) => {
            await ownerRecording(doc.docuId).complete(sessionId, facts);
            // The step and Finalize read the stored video from the document.
            onSaved(await getDocument(doc.docuId));
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
