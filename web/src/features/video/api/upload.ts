// Sends a recording to its session's presigned POST (issue #15): the policy fields first, then the
// file, typed exactly as the session's form expects. A refusal by the storage is an ApiError the
// pages translate ('errors.unavailable').
import { ApiError } from '../../../lib/api-client';

export async function postRecording(
  form: { url: string; fields: Record<string, string> },
  recording: Blob,
  contentType: string,
): Promise<void> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([recording], { type: contentType }));
  let status = 0;
  try {
    status = (await fetch(form.url, { method: 'POST', body })).status;
  } catch {
    status = 0;
  }
  if (status < 200 || status >= 300) {
    throw new ApiError(status, 'errors.unavailable', `The storage refused the recording (${status})`);
  }
}
