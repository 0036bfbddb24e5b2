// Agreement videos of video-sign contracts (issue #15): recording sessions and their completion.

import * as z from 'zod';
import { DOCUMENT_STATUSES } from '../../domain/status';
import { languageSchema } from './accounts';
import { uploadResponseSchema } from './documents';
import { signerParamsSchema } from './signing';

/** The containers accepted: what a browser's MediaRecorder writes. */
export const VIDEO_CONTENT_TYPES = ['video/webm', 'video/mp4'] as const;

/** POST /api/sign/{docuId}/{token}/video-session: the recorder's MIME type, parameters allowed
 *  ('video/webm;codecs=vp8,opus'); anything but webm or mp4 is answered `video.errors.badType`. */
export const startVideoSessionRequestSchema = z.object({ contentType: z.string().min(1).max(200) });
export type StartVideoSessionRequest = z.infer<typeof startVideoSessionRequestSchema>;

/** A recording session: the code to read aloud, its window, the limits and the presigned POST (send
 *  the file with exactly `contentType` as its type). */
export const startVideoSessionResponseSchema = z.object({
  sessionId: z.string(),
  /** Four digits, shown in the script: "My code is 4821". */
  challenge: z.string().regex(/^\d{4}$/),
  startedAt: z.iso.datetime({ offset: true }),
  /** The upload and its completion must happen before this. */
  expiresAt: z.iso.datetime({ offset: true }),
  /** The recorder stops by itself after this many seconds. */
  maxSeconds: z.number().int().positive(),
  /** A recording under this many bytes is too short. */
  minBytes: z.number().int().positive(),
  maxBytes: z.number().int().positive(),
  contentType: z.enum(VIDEO_CONTENT_TYPES),
  upload: uploadResponseSchema,
});
export type StartVideoSessionResponse = z.infer<typeof startVideoSessionResponseSchema>;

/** /api/sign/{docuId}/{token}/video-session/{sessionId}/complete. */
export const videoSessionParamsSchema = signerParamsSchema.extend({
  sessionId: z.string().regex(/^[0-9a-f]{32}$/),
});
export type VideoSessionParams = z.infer<typeof videoSessionParamsSchema>;

/** The owner's own recording (Video Sign funnel): the document and the session. */
export const ownerVideoSessionParamsSchema = z.object({
  docuId: z.string().min(1).max(64),
  sessionId: z.string().regex(/^[0-9a-f]{32}$/),
});

/** A thumbnail is a small JPEG: at most this many bytes (base64 in the completion's body). */
export const VIDEO_THUMBNAIL_MAX_BYTES = 20_000;

/** The completion's body (all optional): what the recorder measured — the recording's duration in
 *  milliseconds and a still it captured while recording (a JPEG, base64). */
export const completeVideoRequestSchema = z
  .object({
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(24 * 3600 * 1000)
      .optional(),
    /** Checked by the completion (a clear `video.errors.badThumbnail`), only bounded here. */
    thumbnail: z.string().max(200_000).optional(),
  })
  .default({});
export type CompleteVideoRequest = z.infer<typeof completeVideoRequestSchema>;

/** The accepted video, as recorded on the contractor. */
export const completeVideoResponseSchema = z.object({
  contentType: z.enum(VIDEO_CONTENT_TYPES),
  sizeBytes: z.number().int().positive(),
  /** Lower-case hex SHA-256 of the file. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  challenge: z.string(),
  sessionStartedAt: z.iso.datetime({ offset: true }),
  recordedAt: z.iso.datetime({ offset: true }),
});
export type CompleteVideoResponse = z.infer<typeof completeVideoResponseSchema>;

// --- Phone hand-off (issue #15): a short-lived link for recording on a phone ---------------------

/** POST /api/sign/{docuId}/{token}/video-mobile-link → 201: the phone's token (only ever in the QR
 *  code's address `/{lang}/vsign_mobile/{token}`) and when it stops working. */
export const videoMobileLinkResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type VideoMobileLinkResponse = z.infer<typeof videoMobileLinkResponseSchema>;

/** The accepted video as the parties see it, or null. */
export const videoSummarySchema = z
  .object({
    contentType: z.string(),
    sizeBytes: z.number().int().positive(),
    recordedAt: z.iso.datetime({ offset: true }),
  })
  .nullable();

/** GET /api/sign/{docuId}/{token}/video: what the desktop page polls while the phone records. */
export const signerVideoStatusSchema = z.object({ video: videoSummarySchema });
export type SignerVideoStatus = z.infer<typeof signerVideoStatusSchema>;

/** /api/vsign-mobile/{mobileToken}… */
export const mobileParamsSchema = z.object({ mobileToken: z.string().min(1).max(128) });
export type MobileParams = z.infer<typeof mobileParamsSchema>;
export const mobileSessionParamsSchema = mobileParamsSchema.extend({
  sessionId: z.string().regex(/^[0-9a-f]{32}$/),
});

/** GET /api/vsign-mobile/{mobileToken}: what the phone's recorder shows (its script). */
export const mobileRecordingViewSchema = z.object({
  name: z.string(),
  /** The short contract number (upper case in the script). */
  id4: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
  video: videoSummarySchema,
  /** Issue #29: a presigned GET of the video accepted so far (Play replays it), else null. */
  videoUrl: z.string().nullable().optional(),
});
export type MobileRecordingView = z.infer<typeof mobileRecordingViewSchema>;

/** /api/video-confirm/{docuId}/{token}: a party's video confirmation link (issue #15 item 4). */
export const videoConfirmParamsSchema = signerParamsSchema;

/** GET /api/video-confirm/{docuId}/{token}: one card per contractor with a short-lived URL of their video. */
export const videoConfirmViewSchema = z.object({
  docuId: z.string(),
  id4: z.string(),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  me: z.object({ name: z.string(), videoConfirm: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
  cards: z.array(
    z.object({
      index: z.number().int(),
      name: z.string(),
      recordedAt: z.string(),
      contentType: z.string(),
      url: z.string(),
      /** The still the recorder captured (the player's poster), or null. */
      thumbnailUrl: z.string().nullable(),
    }),
  ),
});
export type VideoConfirmView = z.infer<typeof videoConfirmViewSchema>;

/** POST /api/video-confirm/{docuId}/{token}/confirm: only with every video checked. */
export const videoConfirmRequestSchema = z.object({ allChecked: z.boolean(), lang: languageSchema });
export type VideoConfirmRequest = z.infer<typeof videoConfirmRequestSchema>;

/** The answer of confirm / deny (deny takes the signer's deny body: `{ reason, lang }`). */
export const videoConfirmResponseSchema = z.object({
  status: z.enum(DOCUMENT_STATUSES),
  videoConfirm: z.union([z.literal(1), z.literal(2)]),
});
export type VideoConfirmResponse = z.infer<typeof videoConfirmResponseSchema>;
