// The phone's video recording page, `/{lang}/vsign_mobile/{token}` (issue #15; spec doc 1 §2 "Video
// recording", doc 2 §8.5): opened from the QR code of the computer's 'Recording Link' dialog. The same
// recorder as the signing page, with the recording link's token as the credential; after the upload,
// 'Your video has been uploaded successfully. Please continue on the web site.' (the computer goes on
// by itself). A link that is unknown, expired or used gets its translated message. Served in its own
// lean shell (record.html, src/record-main.tsx), without the router; the app's route renders it too.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MobileRecordingView } from '../../../../../shared/api/schemas';
import { Spinner } from '../../../components/spinner';
import { describeError } from '../../signer/messages';
import { fetchMobileRecording, mobileRecording } from '../api/mobile-api';
import { VideoRecorder } from './recorder';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; view: MobileRecordingView }
  | { kind: 'done' };

/** The page; `token` is the recording link's (record.html's shell reads it from the URL). */
export function MobileRecordingPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    fetchMobileRecording(token, abort.signal).then(
      (view) => setState({ kind: 'ready', view }),
      (err: unknown) => {
        if (!abort.signal.aborted) setState({ kind: 'failed', message: describeError(t, err) });
      },
    );
    return () => abort.abort();
  }, [token, t]);

  let body: React.ReactNode;
  switch (state.kind) {
    case 'loading':
      body = (
        <div role="status" data-testid="mobile-video-loading">
          <Spinner />
          <p>{t('video.mobile.loading')}</p>
        </div>
      );
      break;
    case 'failed':
      body = (
        <p role="alert" className="video-message video-message-error" data-testid="mobile-video-error">
          {state.message}
        </p>
      );
      break;
    case 'done':
      body = (
        <p role="status" className="video-message video-message-ok" data-testid="mobile-video-done">
          {t('video.uploadSuccess')}
        </p>
      );
      break;
    default:
      body = (
        <VideoRecorder
          name={state.view.name}
          contractNumber={state.view.id4}
          hasVideo={state.view.video !== null}
          existingVideoUrl={state.view.videoUrl ?? null}
          startSession={(mimeType) => mobileRecording(token).start(mimeType)}
          complete={(sessionId, facts) => mobileRecording(token).complete(sessionId, facts)}
          onUploaded={() => setState({ kind: 'done' })}
          describeError={(err) => describeError(t, err)}
        />
      );
  }
  return (
    <main className="signer-page video-mobile-page" data-testid="mobile-video-page">
      <h1 className="signer-title">{t('video.mobile.title')}</h1>
      {body}
    </main>
  );
}
