// A Video Contract (issue #16) seeded straight into Generating on the local cloud, for its seal: the
// integration test of the seal (test/integration/video-contract-seal.test.ts) and the `vcontract`
// bench. Kept apart from ./video.ts, which the browser tests load.
import { createHash } from 'node:crypto';
import { documentClient } from '../../lambdas/adapters/aws';
import type { RecipientRecord } from '../../lambdas/adapters/dynamo/documents';
import { createEntities } from '../../lambdas/adapters/dynamo/entities';
import { getConfig } from '../../lambdas/config';
import { documentDeps } from '../../lambdas/deps';
import { createDocument, type Owner } from './documents';
import { makeJpeg } from './jpeg';
import { webm } from './video';

/** A video contract (issue #16) in Generating, as the last agreement leaves it: the owner (recipient
 *  0) and each contractor agreed, each with a webm of `videoBytes` (+1000 per party) and a JPEG still
 *  in storage. No seal message is queued: the caller runs the seal job. */
export async function seedVideoContract(
  owner: Owner,
  contractors: readonly { name: string; email: string }[],
  { title, videoBytes = 30_000 }: { title: string; videoBytes?: number },
) {
  const docuId = await createDocument(owner);
  const { docs, storage } = documentDeps();
  const entities = createEntities(documentClient(), getConfig().TABLE_NAME);
  await entities.document.patch({ docuId }).set({ kind: 'vcontract' }).go();
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const parties = [{ name: owner.name, email: owner.email }, ...contractors];
  const recipients: RecipientRecord[] = [];
  for (const [index, party] of parties.entries()) {
    const bytes = webm(videoBytes + index * 1000);
    const key = `documents/${docuId}/videos/${index}/sess${index}.webm`;
    const thumbnailKey = key.replace(/\.webm$/, '.jpg');
    await storage.put(key, bytes, 'video/webm');
    await storage.put(thumbnailKey, makeJpeg(160, 120, 60 * index), 'image/jpeg');
    recipients.push({
      docuId,
      index,
      name: party.name,
      contact: party.email,
      method: 'email',
      isOwner: index === 0,
      agreement: 1,
      lang: 'en',
      ...(index > 0
        ? { decidedAt: at(5 - index), decidedIp: '203.0.113.7', decidedUserAgent: 'Chrome' }
        : {}),
      video: {
        key,
        contentType: 'video/webm',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        sessionId: `sess${index}`,
        challenge: String(4100 + index * 111),
        sessionStartedAt: at(20 - index),
        recordedAt: at(19 - index),
        durationSeconds: 60,
        thumbnailKey,
      },
    });
  }
  const doc = (await docs.getDocument(docuId))!;
  await docs.changeStatus(
    docuId,
    { status: doc.status, version: doc.version },
    'Generating',
    { title, sentAt: at(18), lang: 'en' },
    { putRecipients: recipients },
  );
  return { docuId, recipients };
}
