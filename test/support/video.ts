// Agreement videos of Video Sign contracts (issue #15) for the integration tests, the e2e tests' API
// steps and the benches, through the local gateway: generated webm/mp4 bytes (the header the server's
// checks read, then filler), a contract switched to video sign, a recording session posted to its
// presigned form and completed, Sign → video → Agree in one call, and the confirmation link a party
// was sent.
import { randomBytes } from 'node:crypto';
import { documentClient } from '../../lambdas/adapters/aws';
import { createEntities } from '../../lambdas/adapters/dynamo/entities';
import { getConfig } from '../../lambdas/config';
import { api, eventually, mailbox } from './cloud-client';
import { mailsTo, resolveShortLink, SHORT_LINK } from './documents';
import { makePng } from './png';

/** A party's /{lang}/video_confirm/{docuId}/{token} link; group 3 is the token. */
export const CONFIRM_LINK = /\/(en|jp|ko)\/video_confirm\/([0-9a-z]+)\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

export const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

/** `size` bytes that start with webm's EBML header. */
export function webm(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]);
  return bytes;
}

/** `size` bytes that start with an mp4 'ftyp' box. */
export function mp4(size: number): Uint8Array {
  const bytes = new Uint8Array(randomBytes(size));
  bytes.set([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return bytes;
}

/** Makes a sent contract a Video Sign one (the tests send it through the E-Sign API). */
export async function switchToVideoSign(docuId: string): Promise<void> {
  await createEntities(documentClient(), getConfig().TABLE_NAME)
    .document.patch({ docuId })
    .set({ kind: 'vsign' })
    .go();
}

/** Posts bytes to a session's presigned form, as the recorder page does. */
export function postVideo(
  upload: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  type: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes as BlobPart], { type }), 'recording');
  return fetch(upload.url, { method: 'POST', body: form });
}

/** A contractor's recording: a session, `bytes` posted to its form, the completion (with `body`). */
export async function recordVideo(
  docuId: string,
  token: string,
  { bytes = webm(4096), body }: { bytes?: Uint8Array; body?: unknown } = {},
): Promise<void> {
  const session = await api(signPath(docuId, token, '/video-session'), {
    method: 'POST',
    body: { contentType: 'video/webm' },
  });
  expect(session.status).toBe(201);
  expect((await postVideo(session.body.upload, bytes, 'video/webm')).status).toBeLessThan(300);
  const done = await api(signPath(docuId, token, `/video-session/${session.body.sessionId}/complete`), {
    method: 'POST',
    ...(body === undefined ? {} : { body }),
  });
  expect(done.status).toBe(200);
}

/** A contractor saves a sign and applies it to the areas `areaIndexes`. */
export async function signAreas(
  docuId: string,
  token: string,
  areaIndexes: readonly number[],
): Promise<void> {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(60, 30)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
}

/** Sign → video (`record`, a small webm by default) → Agree; answers the agreement's response. */
export async function signRecordAgree(
  docuId: string,
  token: string,
  areaIndexes: readonly number[],
  record: (docuId: string, token: string) => Promise<void> = recordVideo,
) {
  await signAreas(docuId, token, areaIndexes);
  await record(docuId, token);
  return api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } });
}

/** The confirmation link's path in a message to `address`: written out (e-mail) or behind a short
 *  link (SMS). */
export async function confirmLinkTo(address: string): Promise<string> {
  return eventually(
    async () => {
      for (const m of mailsTo(await mailbox(), address)) {
        const text = m.body.text ?? '';
        const link = CONFIRM_LINK.exec(text);
        if (link) return link[0];
        const short = SHORT_LINK.exec(text);
        if (!short) continue;
        const { location } = await resolveShortLink(short[0]);
        if (location && CONFIRM_LINK.test(location)) return CONFIRM_LINK.exec(location)![0];
      }
      return null;
    },
    30000,
    `the video confirmation link sent to ${address}`,
  );
}

/** The token of the confirmation link sent to `address`. */
export async function confirmTokenTo(address: string): Promise<string> {
  return CONFIRM_LINK.exec(await confirmLinkTo(address))![3]!;
}
