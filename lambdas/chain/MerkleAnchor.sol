// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";

/// @title SignSeal Merkle anchor (issue #33)
/// @notice One transaction per batch of sealed documents: the root of a Merkle tree over their SHA-256
///         hashes is recorded with its block time. A document proves its hash existed at that time with
///         its inclusion proof. The tree is OpenZeppelin StandardMerkleTree's: a leaf is
///         keccak256(keccak256(abi.encode(sha256))) (double-hashed, so no inner node can pass as a
///         leaf), a parent keccak256 of its two children sorted (OpenZeppelin MerkleProof).
///         DocumentAnchor (one token per hash) stays as it is, for the tokens minted before.
contract MerkleAnchor is AccessControl {
    bytes32 public constant ANCHOR_ROLE = keccak256("ANCHOR_ROLE");

    /// @dev One storage slot per root: its block time and number.
    struct RootRecord {
        uint64 timestamp;
        uint64 blockNumber;
    }

    mapping(bytes32 => RootRecord) private _roots;
    uint256 public totalRoots;

    error AlreadyAnchored(bytes32 root, uint64 timestamp);
    error ZeroRoot();

    event RootAnchored(bytes32 indexed root, uint64 timestamp, uint64 blockNumber);

    constructor(address admin, address anchorer) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(ANCHOR_ROLE, anchorer);
    }

    /// @notice Records `root` with this block's time. Reverts with AlreadyAnchored for a root recorded before.
    function anchorRoot(bytes32 root) external onlyRole(ANCHOR_ROLE) {
        if (root == bytes32(0)) revert ZeroRoot();
        RootRecord storage r = _roots[root];
        if (r.timestamp != 0) revert AlreadyAnchored(root, r.timestamp);
        r.timestamp = uint64(block.timestamp);
        r.blockNumber = uint64(block.number);
        unchecked {
            ++totalRoots;
        }
        emit RootAnchored(root, uint64(block.timestamp), uint64(block.number));
    }

    /// @notice The block time (unix seconds) a root was recorded at; 0 when never.
    function rootTimestamp(bytes32 root) external view returns (uint64) {
        return _roots[root].timestamp;
    }

    /// @notice The block time and number a root was recorded at; zeros when never.
    function rootOf(bytes32 root) external view returns (uint64 timestamp, uint64 blockNumber) {
        RootRecord storage r = _roots[root];
        return (r.timestamp, r.blockNumber);
    }

    /// @notice The leaf of a document's SHA-256 in the tree.
    function leafOf(bytes32 sha256Hash) public pure returns (bytes32) {
        return keccak256(bytes.concat(keccak256(abi.encode(sha256Hash))));
    }

    /// @notice True when `proof` leads from the leaf of `sha256Hash` to `root` and `root` is recorded.
    function verify(bytes32 root, bytes32[] calldata proof, bytes32 sha256Hash) external view returns (bool) {
        return _roots[root].timestamp != 0 && MerkleProof.verifyCalldata(proof, root, leafOf(sha256Hash));
    }
}
