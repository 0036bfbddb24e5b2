// The recorder's pure parts (issue #15): the script's date and time (yyyy/mm/dd, h:mm, the device's
// own clock), the container of the recorder's MIME type, and the spec's timings.
import {
  baseType,
  recorderMimeType,
  scriptDateTime,
  STOP_POLL_MS,
  STOP_POLLS,
  WARM_UP_MS,
} from '../../../web/src/features/video/script';

describe('the recording script', () => {
  it('writes the date as yyyy/mm/dd and the time as h:mm', () => {
    expect(scriptDateTime(new Date(2026, 0, 5, 9, 7))).toEqual({ date: '2026/01/05', time: '9:07' });
    expect(scriptDateTime(new Date(2025, 11, 31, 23, 59))).toEqual({ date: '2025/12/31', time: '23:59' });
    expect(scriptDateTime(new Date(2026, 6, 1, 0, 0))).toEqual({ date: '2026/07/01', time: '0:00' });
  });
});

describe('the recorder', () => {
  it('uploads with the container only, as the session form expects', () => {
    expect(baseType('video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(baseType('video/mp4; codecs="avc1.42E01E"')).toBe('video/mp4');
    expect(baseType('video/webm')).toBe('video/webm');
  });

  it('falls back to webm where MediaRecorder is missing', () => {
    expect(recorderMimeType()).toBe('video/webm');
  });

  it('keeps the spec timings: 600 ms warm-up, 30 polls of 100 ms after Stop', () => {
    expect(WARM_UP_MS).toBe(600);
    expect([STOP_POLLS, STOP_POLL_MS]).toEqual([30, 100]);
  });
});
