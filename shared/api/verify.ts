// The public verification call (issue #6): GET /api/verify?hash=<sha256> or ?document=<id>. The SPA
// hashes a dropped PDF or agreement video in the browser (never uploaded) and asks by hash; the QR
// code on the audit pages opens the page by document id, the one under a video signer's sign by the
// video's hash (`/{lang}/verify?video={sha256}`).
import * as z from 'zod';
import { CONTRACT_KINDS } from '../domain/entities';

export const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

export const verifyQuerySchema = z
  .object({
    hash: z
      .string()
      .trim()
      .regex(SHA256_HEX, { message: 'verify.errors.badHash' })
      .transform((h) => h.toLowerCase())
      .optional(),
    document: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: 'verify.errors.badDocument' })
      .optional(),
  })
  .refine((q) => q.hash !== undefined || q.document !== undefined, {
    message: 'verify.errors.badHash',
    path: ['hash'],
  });
export type VerifyQuery = z.infer<typeof verifyQuerySchema>;

export const verifyPartySchema = z.object({
  /** Masked: the first character of each word, then stars. */
  name: z.string(),
  contact: z.string(),
  signedAt: z.string().optional(),
});
export type VerifyParty = z.infer<typeof verifyPartySchema>;

export const verifyChainRecordSchema = z.object({
  tokenId: z.string(),
  holder: z.string(),
  transactionHash: z.string(),
  blockNumber: z.number(),
  anchoredAt: z.string(),
  chainId: z.number(),
  chainName: z.string(),
  contractAddress: z.string(),
  /** The hash stored on chain for this token. */
  sha256: z.string(),
});
export type VerifyChainRecord = z.infer<typeof verifyChainRecordSchema>;

const BYTES32 = /^0x[0-9a-f]{64}$/;

/** Issue #33 (anchorMode 'merkle'): the document's hash is a leaf of a Merkle root anchored on the
 *  MerkleAnchor contract. The proof is the document's (from our table); `anchoredAt`, `transactionHash`
 *  and `blockNumber` are read live from the chain for the root. Anyone recomputes the root from
 *  `sha256` and `proof` (shared/domain/merkle.ts; docs/anchoring.md) and reads `rootTimestamp(root)`
 *  on `contractAddress`: scripts/verify-merkle.ts does exactly that. */
export const verifyMerkleProofSchema = z.object({
  /** The document's SHA-256, 64 lower-case hex (no 0x). */
  sha256: z.string(),
  /** keccak256(keccak256(0x‖sha256)). */
  leaf: z.string().regex(BYTES32),
  root: z.string().regex(BYTES32),
  leafIndex: z.number().int().nonnegative(),
  leafCount: z.number().int().positive(),
  /** Siblings from the leaf up; each parent is keccak256 of the sorted pair. */
  proof: z.array(z.string().regex(BYTES32)),
  transactionHash: z.string(),
  blockNumber: z.number(),
  anchoredAt: z.string(),
  chainId: z.number(),
  chainName: z.string(),
  /** The MerkleAnchor contract. */
  contractAddress: z.string(),
});
export type VerifyMerkleProof = z.infer<typeof verifyMerkleProofSchema>;

export const verifyResponseSchema = z.object({
  /** The hash asked about (or the document's final hash when asked by document). */
  hash: z.string().nullable(),
  /** A document sealed here has this final hash (or this id). */
  known: z.boolean(),
  document: z
    .object({
      title: z.string(),
      shortNumber: z.string(),
      completedAt: z.string(),
      finalSha256: z.string(),
      parties: z.array(verifyPartySchema),
      /** A video contract's final PDF is its contract record (issue #16). */
      kind: z.enum(CONTRACT_KINDS),
    })
    .optional(),
  /** The hash is a contractor's agreement video of `document` (issue #15): whose, and when recorded.
   *  The name is given in full: only the video itself (which shows and says it) or the sealed PDF
   *  (which prints it) tells anyone this hash (decision 102). */
  video: z
    .object({
      recipientName: z.string(),
      recordedAt: z.string(),
      sizeBytes: z.number(),
      contentType: z.string(),
      /** The video's RFC 3161 timestamp token (issue #30 item 4), base64 DER, as the seal job stored
       *  it: the page checks it in the browser against the video's SHA-256 and shows its time,
       *  authority and serial itself, so nothing about it rests on our word. */
      timestamp: z.object({ token: z.string() }).optional(),
    })
    .optional(),
  /** The on-chain record read live: 'anchored', 'pending' (sealed, not yet minted), 'unavailable'
   *  (the chain did not answer), 'absent' (no token for this hash). */
  chain: z.object({
    state: z.enum(['anchored', 'pending', 'unavailable', 'absent']),
    record: verifyChainRecordSchema.optional(),
    /** Anchored in a Merkle batch (issue #33) instead of as a token. */
    merkle: verifyMerkleProofSchema.optional(),
  }),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
