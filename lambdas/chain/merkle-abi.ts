// The MerkleAnchor contract's interface (issue #33) as the workers and the verification read it:
// human-readable, so no compiled artifact has to travel in a Lambda bundle. A unit test checks it
// against the compiled artifact (lambdas/chain/build/MerkleAnchor.json).
export const MERKLE_ANCHOR_ABI = [
  'function anchorRoot(bytes32 root)',
  'function rootTimestamp(bytes32 root) view returns (uint64)',
  'function rootOf(bytes32 root) view returns (uint64 timestamp, uint64 blockNumber)',
  'function leafOf(bytes32 sha256Hash) pure returns (bytes32)',
  'function verify(bytes32 root, bytes32[] proof, bytes32 sha256Hash) view returns (bool)',
  'function totalRoots() view returns (uint256)',
  'event RootAnchored(bytes32 indexed root, uint64 timestamp, uint64 blockNumber)',
  'error AlreadyAnchored(bytes32 root, uint64 timestamp)',
  'error ZeroRoot()',
  'error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)',
] as const;
