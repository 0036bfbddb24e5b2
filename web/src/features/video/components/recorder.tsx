// The video recorder (spec doc 1 §2 "Video recording", §4 "Video recorder"; architecture §15): one
// component for every page that records an agreement video. Live only — there is no file input: the
// camera preview runs from the start; Record asks the server for a recording session (its 4-digit
// code joins the script), gives the camera 600 ms to warm up, then records in the browser's own format
// (webm or mp4) until Stop or the session's maximum duration. A recording under the minimum size is
// too short and discarded. Retake records again; Play / Pause replays the recording (or, before a new
// one, the video accepted earlier: issue #29); 'Upload & Finish' hands it to the page. Loaded lazily: only the pages that record carry it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECORDING_MIN_BYTES } from '../../../../../shared/domain/constants';
import { baseType, recorderMimeType, scriptDateTime, STOP_POLL_MS, STOP_POLLS, WARM_UP_MS } from '../script';
import { postRecording } from '../api/upload';
import '../video.css';

/** Recorder states of the spec: Record is allowed only from ready. */
export type RecorderState = 'ready' | 'prepare_rec' | 'rec' | 'prepare_stop';
/** Playback states of the spec. */
export type PlaybackState = 'disable' | 'play' | 'pause';

/** What the page's server gives for one recording. */
export interface RecordingSession {
  readonly sessionId: string;
  /** Four digits, read aloud: "My code is 4821". */
  readonly challenge: string;
  readonly maxSeconds: number;
  readonly minBytes: number;
  /** The presigned form the recording is posted to, and the type it expects. */
  readonly upload: { url: string; fields: Record<string, string> };
  readonly contentType: string;
}

export interface VideoRecorderProps {
  /** The signer's name, read aloud: 'My name is {name}'. */
  readonly name: string;
  /** The short contract number, upper case. */
  readonly contractNumber: string;
  /** A video was accepted earlier: the main button reads Retake and 'Finish without Change' is offered. */
  readonly hasVideo?: boolean;
  /** Where the accepted video plays from (a short-lived URL): Play replays it until a new recording
   *  replaces it (spec: an existing video address enables Play). */
  readonly existingVideoUrl?: string | null;
  /** Opens a recording session for this MIME type (the recorder's own). */
  readonly startSession: (mimeType: string) => Promise<RecordingSession>;
  /** Completes the session once its recording is posted to its form, with what the recorder
   *  measured; throws to show an error. */
  readonly complete: (sessionId: string, facts: RecordingFacts) => Promise<unknown>;
  /** After a successful upload. */
  readonly onUploaded: () => void;
  readonly onFinishWithoutChange?: () => void;
  /** No camera or microphone could be opened (the page may offer its phone hand-off). */
  readonly onNoDevice?: () => void;
  /** Turns an error of startSession, the upload or complete into a message. */
  readonly describeError: (error: unknown) => string;
}

/** What the recorder measured of a recording: its duration and a still taken while recording. */
export interface RecordingFacts {
  readonly durationMs?: number;
  /** A small JPEG (base64), the thumbnail and poster of the video. */
  readonly thumbnail?: string;
}

/** The still: this wide (height to scale), a JPEG of at most 20 KB (lower quality until it fits). */
const STILL_WIDTH = 160;
const STILL_MAX_BYTES = 20_000;
/** Taken this long after recording starts (the face is in the frame by then). */
const STILL_AFTER_MS = 1000;

/** A JPEG still of the live preview, base64, or undefined when the browser cannot make one. */
async function captureStill(video: HTMLVideoElement | null): Promise<string | undefined> {
  if (!video || !video.videoWidth || !video.videoHeight) return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = STILL_WIDTH;
  canvas.height = Math.round((video.videoHeight / video.videoWidth) * STILL_WIDTH);
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.7, 0.5, 0.3]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= STILL_MAX_BYTES) {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const b of bytes) binary += String.fromCharCode(b);
      return btoa(binary);
    }
  }
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live clock of the script, updated every second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function VideoRecorder(props: VideoRecorderProps) {
  const { t } = useTranslation();
  const { name, contractNumber, startSession, complete, onUploaded, onNoDevice, describeError } = props;
  const now = useNow();
  const preview = useRef<HTMLVideoElement>(null);
  const playback = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef<Blob | null>(null);
  /** The session of the recording being made: its id and form, for the upload. */
  const lastSession = useRef<RecordingSession | null>(null);
  /** The session's minimum size: a smaller recording is too short (spec: 1,000 bytes). */
  const minBytes = useRef(RECORDING_MIN_BYTES);
  const [camera, setCamera] = useState<'starting' | 'on' | 'none'>('starting');
  const [state, setState] = useState<RecorderState>('ready');
  const existingUrl = props.existingVideoUrl ?? null;
  const [playState, setPlayState] = useState<PlaybackState>(existingUrl ? 'play' : 'disable');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [maxSeconds, setMaxSeconds] = useState<number | null>(null);
  const [recording, setRecording] = useState<{ blob: Blob; url: string; facts: RecordingFacts } | null>(null);
  /** When the recorder started (performance clock) and the still taken meanwhile. */
  const startedAt = useRef(0);
  const still = useRef<string | undefined>(undefined);
  const stillTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no media devices');
        const media = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
        if (stopped) return media.getTracks().forEach((track) => track.stop());
        stream.current = media;
        if (preview.current) preview.current.srcObject = media;
        setCamera('on');
      } catch {
        if (stopped) return;
        setCamera('none');
        onNoDevice?.();
      }
    })();
    return () => {
      stopped = true;
      if (stopTimer.current) clearTimeout(stopTimer.current);
      if (stillTimer.current) clearTimeout(stillTimer.current);
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stream.current?.getTracks().forEach((track) => track.stop());
    };
    // The camera opens once per mount.
  }, []);

  // An existing video arriving after the recorder opened (the page read it late) enables Play too.
  useEffect(() => {
    if (existingUrl) setPlayState((current) => (current === 'disable' ? 'play' : current));
  }, [existingUrl]);

  // The playback's object URL lives as long as its recording.
  useEffect(() => () => (recording ? URL.revokeObjectURL(recording.url) : undefined), [recording]);

  const stop = useCallback(async () => {
    const active = recorder.current;
    if (!active || active.state !== 'recording') return;
    if (stopTimer.current) clearTimeout(stopTimer.current);
    setState('prepare_stop');
    finished.current = null;
    active.stop();
    // The recording arrives with the recorder's last data: awaited up to 30 × 100 ms.
    for (let i = 0; i < STOP_POLLS && !finished.current; i++) await sleep(STOP_POLL_MS);
    const blob = finished.current as Blob | null;
    recorder.current = null;
    if (stillTimer.current) clearTimeout(stillTimer.current);
    const durationMs = Math.round(performance.now() - startedAt.current);
    // A recording shorter than the still's delay: the last frame.
    const thumbnail = still.current ?? (await captureStill(preview.current));
    if (!blob) {
      setMessage({ kind: 'error', text: t('video.stopTimeout') });
      return setState('ready');
    }
    if (blob.size < minBytes.current) {
      setMessage({ kind: 'error', text: t('video.tooShort') });
      return setState('ready');
    }
    setRecording({ blob, url: URL.createObjectURL(blob), facts: { durationMs, thumbnail } });
    setPlayState('play');
    setState('ready');
  }, [t]);

  const record = async () => {
    const media = stream.current;
    if (state !== 'ready' || !media) return;
    setMessage(null);
    setState('prepare_rec');
    const mimeType = recorderMimeType();
    let session: RecordingSession;
    try {
      session = await startSession(mimeType);
    } catch (err) {
      setMessage({ kind: 'error', text: describeError(err) });
      return setState('ready');
    }
    lastSession.current = session;
    setChallenge(session.challenge);
    setMaxSeconds(session.maxSeconds);
    minBytes.current = session.minBytes;
    await sleep(WARM_UP_MS);
    const chunks: Blob[] = [];
    const active = new MediaRecorder(media, { mimeType });
    active.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    active.onstop = () => {
      // The upload names the container only: the session's form expects exactly that type.
      finished.current = new Blob(chunks, { type: baseType(active.mimeType || mimeType) });
    };
    recorder.current = active;
    active.start(250);
    startedAt.current = performance.now();
    still.current = undefined;
    stillTimer.current = setTimeout(() => {
      void captureStill(preview.current).then((jpeg) => (still.current = jpeg));
    }, STILL_AFTER_MS);
    setState('rec');
    // The maximum duration stops the recording by itself.
    stopTimer.current = setTimeout(() => void stop(), session.maxSeconds * 1000);
  };

  const togglePlay = () => {
    const video = playback.current;
    if (!video || playState === 'disable') return;
    if (playState === 'play') {
      void video.play();
      setPlayState('pause');
    } else {
      video.pause();
      setPlayState('play');
    }
  };

  const finish = async () => {
    if (!recording || uploading) return;
    setUploading(true);
    setMessage(null);
    try {
      const session = lastSession.current;
      if (!session) throw new Error('no recording session');
      await postRecording(session.upload, recording.blob, session.contentType);
      await complete(session.sessionId, recording.facts);
      setMessage({ kind: 'ok', text: t('video.uploadSuccess') });
      onUploaded();
    } catch (err) {
      setMessage({ kind: 'error', text: describeError(err) });
    } finally {
      setUploading(false);
    }
  };

  const { date, time } = scriptDateTime(now);
  const exists = Boolean(recording) || Boolean(props.hasVideo);
  const mainLabel =
    state === 'rec'
      ? t('video.recorder.stop')
      : exists
        ? t('video.recorder.retake')
        : t('video.recorder.record');

  return (
    <section className="video-recorder" data-testid="video-recorder" data-state={state}>
      <aside className="video-important" data-testid="video-script">
        <h2>{t('video.important')}</h2>
        <ul>
          <li>{t('video.script.name', { name })}</li>
          <li data-testid="video-clock">{t('video.script.dateTime', { date, time })}</li>
          <li>{t('video.script.agreement', { contractNumber: contractNumber.toUpperCase() })}</li>
          {challenge && <li data-testid="video-code">{t('video.recorder.code', { code: challenge })}</li>}
        </ul>
        {maxSeconds && (
          <p className="video-hint">{t('video.recorder.maxDuration', { seconds: maxSeconds })}</p>
        )}
      </aside>
      <div className="video-screens">
        <div className="video-frame">
          <video
            ref={preview}
            className="video-preview"
            aria-label={t('video.recorder.preview')}
            data-testid="video-preview"
            autoPlay
            muted
            playsInline
          />
          {state === 'rec' && (
            <span className="video-rec" data-testid="video-rec" role="status">
              {t('video.recorder.rec')}
            </span>
          )}
        </div>
        {(recording || existingUrl) && (
          <div className="video-frame">
            <video
              ref={playback}
              className="video-playback"
              aria-label={t('video.recorder.playback')}
              data-testid="video-playback"
              src={recording?.url ?? existingUrl ?? undefined}
              playsInline
              onEnded={() => setPlayState('play')}
            />
          </div>
        )}
      </div>
      {camera === 'none' && (
        <p role="alert" className="video-message video-message-error" data-testid="video-no-device">
          {t('video.noDevice')}
        </p>
      )}
      {message && (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`video-message video-message-${message.kind}`}
          data-testid="video-message"
        >
          {message.text}
        </p>
      )}
      <div className="video-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid="video-main"
          disabled={camera !== 'on' || uploading || state === 'prepare_rec' || state === 'prepare_stop'}
          onClick={() => void (state === 'rec' ? stop() : record())}
        >
          {mainLabel}
        </button>
        <button
          type="button"
          className="button button-secondary"
          data-testid="video-play"
          disabled={playState === 'disable' || state !== 'ready'}
          onClick={togglePlay}
        >
          {playState === 'pause' ? t('video.recorder.pause') : t('video.recorder.play')}
        </button>
        {props.hasVideo && !recording && props.onFinishWithoutChange ? (
          <button
            type="button"
            className="button button-primary"
            data-testid="video-finish-unchanged"
            disabled={state !== 'ready'}
            onClick={props.onFinishWithoutChange}
          >
            {t('video.recorder.finishWithoutChange')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            data-testid="video-upload"
            disabled={!recording || uploading || state !== 'ready'}
            onClick={() => void finish()}
          >
            {uploading ? t('video.recorder.uploading') : t('video.recorder.uploadFinish')}
          </button>
        )}
      </div>
    </section>
  );
}
