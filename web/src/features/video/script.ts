// The recorder's pure parts (issue #15): its timings, the MIME type it records in, and the date and
// time of the script read aloud. Kept apart from the component so they are tested without a browser.

// The spec's timings (doc 2 §9.1), under the recorder's names: a camera gets CAMERA_WARM_UP_MS to
// settle before recording starts; after Stop the recording is awaited STOP_POLLS times, STOP_POLL_MS apart.
export {
  CAMERA_WARM_UP_MS as WARM_UP_MS,
  RECORDING_STOP_WAIT_INTERVAL_MS as STOP_POLL_MS,
  RECORDING_STOP_WAIT_TRIES as STOP_POLLS,
} from '../../../../shared/domain/constants';

/** The recorder's MIME type: webm where the browser records it, else mp4. */
export function recorderMimeType(): string {
  const candidates = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  if (typeof MediaRecorder === 'undefined') return 'video/webm';
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? 'video/webm';
}

/** The container of a MIME type ('video/webm;codecs=vp8,opus' → 'video/webm'). */
export const baseType = (mimeType: string) => mimeType.split(';')[0]!.trim();

const pad = (n: number) => String(n).padStart(2, '0');
/** 'yyyy/mm/dd' and 'h:mm' of the script. */
export function scriptDateTime(now: Date): { date: string; time: string } {
  return {
    date: `${now.getFullYear()}/${pad(now.getMonth() + 1)}/${pad(now.getDate())}`,
    time: `${now.getHours()}:${pad(now.getMinutes())}`,
  };
}
