// The verify answer for an agreement video carries the video's RFC 3161 token (issue #30 item 4) when
// the seal job stored one for that very hash, and nothing when it did not (or for another hash).
import { verify, type VerifyDeps } from '../../../../lambdas/usecases/verify';
import type { DocumentRecord, RecipientRecord } from '../../../../lambdas/adapters/dynamo/documents';
import { silentLog } from '../support';

const VIDEO = 'a'.repeat(64);
const TOKEN = Buffer.from('a token').toString('base64');

function depsWith(recipient: Partial<RecipientRecord>): VerifyDeps {
  const doc = {
    docuId: 'doc1',
    id4: 'ab12',
    ownerId: 'owner',
    status: 'Completed',
    kind: 'vsign',
    title: 'Lease',
    completedAt: '2026-11-28T09:00:00.000Z',
    finalSha256: 'f'.repeat(64),
  } as unknown as DocumentRecord;
  const recipients = [
    {
      docuId: 'doc1',
      index: 1,
      name: 'Kim Minsu',
      contact: 'kim@example.com',
      video: {
        sha256: VIDEO,
        recordedAt: '2026-11-28T08:59:00.000Z',
        sizeBytes: 1000,
        contentType: 'video/webm',
      },
      ...recipient,
    } as unknown as RecipientRecord,
  ];
  return {
    docs: { getDocument: async () => doc, listRecipients: async () => recipients },
    seals: {
      findSealedHash: async (hash) =>
        hash === VIDEO ? ({ docuId: 'doc1', recipientIndex: 1 } as never) : null,
    },
    users: { getById: async () => null },
    chain: () => null,
    chainName: 'Test chain',
  };
}

const stamp = (sha256: string) => ({
  videoTimestamp: {
    sha256,
    token: TOKEN,
    genTime: '2026-11-28T09:00:01Z',
    authority: 'TSA',
    serialHex: '7a01',
  },
});

it('answers the stored token of the video asked about', async () => {
  const answer = await verify(depsWith(stamp(VIDEO)), { hash: VIDEO }, silentLog);
  expect(answer.video).toMatchObject({ recipientName: 'Kim Minsu', timestamp: { token: TOKEN } });
  // Only the token: its time, authority and serial are read from it by the page, not from our table.
  expect(Object.keys(answer.video!.timestamp!)).toEqual(['token']);
});

it('answers no token when none is stored, or when the stored one is for another hash', async () => {
  expect((await verify(depsWith({}), { hash: VIDEO }, silentLog)).video?.timestamp).toBeUndefined();
  const other = await verify(depsWith(stamp('b'.repeat(64))), { hash: VIDEO }, silentLog);
  expect(other.video).toBeDefined();
  expect(other.video?.timestamp).toBeUndefined();
});
