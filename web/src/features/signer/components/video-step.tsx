// The video step (spec doc 1 §2, Signer flow step 3; issues #15, #16): a video contract's owner
// video and Deny first, then the recorder for the signer's own agreement video, and the hand-off to
// a phone (its QR code) when this computer has no camera or the signer prefers their phone.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignerView } from '../../../../../shared/api/schemas';
import { Spinner } from '../../../components/spinner';
import type { Lang } from '../../../app/paths';
import { PhoneHandoff } from '../../video/components/phone-handoff';
import { signerRecording } from '../api/signer-api';
import type { Handoff } from '../machine';
import { describeError } from '../messages';
import { ContractVideo } from './contract-video';

/** The recorder (getUserMedia, MediaRecorder) is a chunk of its own, loaded at the video step only. */
const VideoRecorder = lazy(() =>
  import('../../video/components/recorder').then((m) => ({ default: m.VideoRecorder })),
);

interface VideoStepProps {
  docuId: string;
  token: string;
  view: SignerView;
  lang: Lang;
  error: string | null;
  handoff: Handoff | null;
  onDeny: () => void;
  /** The video was uploaded, or the signer finished without a new one: the terms follow. */
  onDone: () => void;
  onUsePhone: () => void;
  onHandoffAcknowledged: () => void;
}

export function VideoStep({
  docuId,
  token,
  view,
  lang,
  error,
  handoff,
  onDeny,
  onDone,
  onUsePhone,
  onHandoffAcknowledged,
}: VideoStepProps) {
  const { t } = useTranslation();
  return (
    <>
      {view.kind === 'vcontract' && (
        <ContractVideo owner={view.ownerName} video={view.ownerVideo} lang={lang} onDeny={onDeny} />
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
          existingVideoUrl={view.me.video?.url ?? null}
          startSession={(mimeType) => signerRecording(docuId, token).start(mimeType)}
          complete={(sessionId, facts) => signerRecording(docuId, token).complete(sessionId, facts)}
          onUploaded={onDone}
          onFinishWithoutChange={onDone}
          onNoDevice={() => void (handoff ? undefined : onUsePhone())}
          describeError={(err) => describeError(t, err)}
        />
      </Suspense>
      {handoff ? (
        <PhoneHandoff
          url={handoff.url}
          dialog={handoff.dialog}
          error={handoff.error}
          onAcknowledge={onHandoffAcknowledged}
          onNewCode={onUsePhone}
        />
      ) : (
        <div className="video-actions">
          <button
            type="button"
            className="button button-secondary"
            data-testid="video-use-phone"
            onClick={onUsePhone}
          >
            {t('video.recordingLink.usePhone')}
          </button>
        </div>
      )}
    </>
  );
}
