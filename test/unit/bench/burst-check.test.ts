import { bareHex, exactlyOnceFailures, type BurstEvidence } from '../../../bench/burst-check';

const HASH = 'ab'.repeat(32);
const OTHER = 'cd'.repeat(32);
const PARTIES = ['owner@example.com', 'a@example.com', 'b@example.com'];

function evidence(): BurstEvidence {
  return {
    documents: [
      {
        docuId: 'd1',
        parties: PARTIES,
        status: 'Completed',
        finalSha256: HASH,
        finalKey: 'documents/d1/final-x.pdf',
        anchorTokenId: '7',
      },
    ],
    mails: [
      ...PARTIES.map((p) => ({ docuId: 'd1', kind: 'completion' as const, to: [p] })),
      ...PARTIES.map((p) => ({ docuId: 'd1', kind: 'certificate' as const, to: [p.toUpperCase()] })),
    ],
    anchored: [{ sha256: `0x${HASH}`, tokenId: '7', transactionHash: '0x1' }],
    finalObjects: new Map([['d1', ['documents/d1/final-x.pdf']]]),
    anchorHistory: new Map([['d1', 1]]),
  };
}

describe('the burst bench’s exactly-once check', () => {
  it('finds nothing when each contract was sealed, anchored and mailed once per party', () => {
    expect(exactlyOnceFailures(evidence())).toEqual([]);
  });

  it('finds a certificate mailed twice to one party and one never mailed to another', () => {
    const e = evidence();
    const mails = [
      ...e.mails.filter((m) => !(m.kind === 'certificate' && m.to[0] === 'B@EXAMPLE.COM')),
      { docuId: 'd1', kind: 'certificate' as const, to: ['a@example.com'] },
    ];
    expect(exactlyOnceFailures({ ...e, mails })).toEqual([
      'd1: 2 certificate mails to party a@example.com (expected 1)',
      'd1: 0 certificate mails to party b@example.com (expected 1)',
    ]);
  });

  it('finds a completion mail to someone who is not a party', () => {
    const e = evidence();
    const mails = [...e.mails, { docuId: 'd1', kind: 'completion' as const, to: ['x@example.com'] }];
    expect(exactlyOnceFailures({ ...e, mails })).toEqual([
      'd1: 1 completion mails to x@example.com, not a party',
    ]);
  });

  it('finds a hash anchored twice, and says so for the chain as a whole', () => {
    const e = evidence();
    const anchored = [...e.anchored, { sha256: `0x${HASH}`, tokenId: '8', transactionHash: '0x2' }];
    expect(exactlyOnceFailures({ ...e, anchored })).toEqual([
      'd1: 2 Anchored events for its hash (expected 1)',
      `hash ${HASH}: anchored 2 times`,
    ]);
  });

  it('finds a document whose hash is not on the chain, or whose record names another token', () => {
    const e = evidence();
    expect(
      exactlyOnceFailures({ ...e, anchored: [{ sha256: OTHER, tokenId: '1', transactionHash: '0x3' }] }),
    ).toEqual(['d1: 0 Anchored events for its hash (expected 1)']);
    expect(exactlyOnceFailures({ ...e, documents: [{ ...e.documents[0]!, anchorTokenId: '9' }] })).toEqual([
      'd1: records token 9, the chain 7',
    ]);
  });

  it('finds two sealed PDFs kept, or a second hash_nft history item', () => {
    const e = evidence();
    expect(
      exactlyOnceFailures({
        ...e,
        finalObjects: new Map([['d1', ['documents/d1/final-x.pdf', 'documents/d1/final-y.pdf']]]),
        anchorHistory: new Map([['d1', 2]]),
      }),
    ).toEqual([
      'd1: 2 sealed PDFs stored (expected exactly the recorded one)',
      "d1: 2 'hash_nft' history items (expected 1)",
    ]);
  });

  it('reports a contract that never completed and checks nothing else of it', () => {
    const e = evidence();
    expect(
      exactlyOnceFailures({ ...e, documents: [{ docuId: 'd1', parties: PARTIES, status: 'Agree' }] }),
    ).toEqual(['d1: not sealed (status Agree)']);
  });

  it('compares hashes without their 0x and case', () => {
    expect(bareHex('0xABcd')).toBe('abcd');
  });
});
