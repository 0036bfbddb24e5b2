// Anchoring modes (issue #33), without any code: every function's configuration reads these.

/** The most hashes under one Merkle root (a batch closes at this size, or at its age). */
export const MERKLE_BATCH_MAX = 1000;
/** A batch closes this many seconds after its first document at the latest (configurable). */
export const MERKLE_BATCH_AGE_SECONDS = 5;
/** The modes of anchoring: one ERC-721 token per hash (the default, as the spec says) or Merkle batches. */
export const ANCHOR_MODES = ['token', 'merkle'] as const;
export type AnchorMode = (typeof ANCHOR_MODES)[number];
