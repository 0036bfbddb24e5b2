// The burst bench's exactly-once check (bench/burst.ts): pure, so that it is unit-tested
// (test/unit/bench/burst-check.test.ts). Each finding is one line naming the contract and what is
// wrong; none means every contract was sealed once, anchored once and mailed once per party.

/** A contract of the burst, as its document record says after the run. */
export interface BurstDocument {
  readonly docuId: string;
  /** Every party's address (the owner and the contractors), lower case. */
  readonly parties: readonly string[];
  readonly status?: string;
  readonly finalSha256?: string;
  readonly finalKey?: string;
  readonly anchorTokenId?: string;
}

/** A completion or certificate message seen in the local mailbox. */
export interface BurstMail {
  readonly docuId: string;
  readonly kind: 'completion' | 'certificate';
  readonly to: readonly string[];
}

/** One `Anchored(bytes32 sha256Hash, uint256 tokenId, address to)` log of the DocumentAnchor contract. */
export interface AnchoredEvent {
  readonly sha256: string;
  readonly tokenId: string;
  readonly transactionHash: string;
}

export interface BurstEvidence {
  readonly documents: readonly BurstDocument[];
  readonly mails: readonly BurstMail[];
  /** Every Anchored log of the contract (all of the chain, not only this burst's). */
  readonly anchored: readonly AnchoredEvent[];
  /** The sealed PDFs stored per document (`documents/{docuId}/final-*.pdf`). */
  readonly finalObjects: ReadonlyMap<string, readonly string[]>;
  /** The document's 'hash_nft' history items. */
  readonly anchorHistory: ReadonlyMap<string, number>;
}

/** A hash as a bare lower-case hex string (the chain's topics carry 0x, the records may not). */
export function bareHex(hash: string): string {
  return hash.toLowerCase().replace(/^0x/, '');
}

export function exactlyOnceFailures(evidence: BurstEvidence): string[] {
  const failures: string[] = [];
  const eventsByHash = new Map<string, AnchoredEvent[]>();
  for (const e of evidence.anchored) {
    const key = bareHex(e.sha256);
    eventsByHash.set(key, [...(eventsByHash.get(key) ?? []), e]);
  }
  const mailsByDoc = new Map<string, BurstMail[]>();
  for (const m of evidence.mails) mailsByDoc.set(m.docuId, [...(mailsByDoc.get(m.docuId) ?? []), m]);

  for (const doc of evidence.documents) {
    const id = doc.docuId;
    if (doc.status !== 'Completed' || !doc.finalSha256 || !doc.finalKey) {
      failures.push(`${id}: not sealed (status ${doc.status ?? 'unknown'})`);
      continue;
    }
    // Sealed once: one final PDF kept in the bucket, the one the record names.
    const finals = evidence.finalObjects.get(id) ?? [];
    if (finals.length !== 1 || finals[0] !== doc.finalKey) {
      failures.push(`${id}: ${finals.length} sealed PDFs stored (expected exactly the recorded one)`);
    }
    // Anchored once: one Anchored log for the final hash, the token the record has.
    const events = eventsByHash.get(bareHex(doc.finalSha256)) ?? [];
    if (events.length !== 1) {
      failures.push(`${id}: ${events.length} Anchored events for its hash (expected 1)`);
    } else if (doc.anchorTokenId !== events[0]!.tokenId) {
      failures.push(`${id}: records token ${doc.anchorTokenId ?? 'none'}, the chain ${events[0]!.tokenId}`);
    }
    const history = evidence.anchorHistory.get(id) ?? 0;
    if (history !== 1) failures.push(`${id}: ${history} 'hash_nft' history items (expected 1)`);
    // Mailed once per party, each kind.
    const mails = mailsByDoc.get(id) ?? [];
    for (const kind of ['completion', 'certificate'] as const) {
      const counts = new Map<string, number>();
      for (const m of mails.filter((x) => x.kind === kind)) {
        for (const to of m.to) counts.set(to.toLowerCase(), (counts.get(to.toLowerCase()) ?? 0) + 1);
      }
      for (const party of doc.parties) {
        const n = counts.get(party) ?? 0;
        if (n !== 1) failures.push(`${id}: ${n} ${kind} mails to party ${party} (expected 1)`);
      }
      for (const [to, n] of counts) {
        if (!doc.parties.includes(to)) failures.push(`${id}: ${n} ${kind} mails to ${to}, not a party`);
      }
    }
  }
  // Across the whole chain: no hash is anchored twice (a burst's or any other).
  for (const [hash, events] of eventsByHash) {
    if (events.length > 1) failures.push(`hash ${hash}: anchored ${events.length} times`);
  }
  return failures;
}
