// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title SignSeal document anchor
/// @notice One ERC-721 token per SHA-256 of a sealed document (or video): the token proves that the
///         hash existed at its block's time. A hash is minted at most once.
contract DocumentAnchor is ERC721, AccessControl {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");

    /// @dev Two storage slots per token: the hash, then its block time and number packed together.
    struct Anchor {
        bytes32 sha256Hash;
        uint64 timestamp;
        uint64 blockNumber;
    }

    /// @notice The token minted for a hash; 0 when none (token ids start at 1).
    mapping(bytes32 => uint256) public tokenIdByHash;
    mapping(uint256 => Anchor) private _anchors;
    uint256 private _lastTokenId;

    error AlreadyAnchored(bytes32 hash, uint256 tokenId);
    error ZeroHash();

    event Anchored(bytes32 indexed sha256Hash, uint256 indexed tokenId, address indexed to);

    constructor(address admin, address minter) ERC721("SignSeal Document Anchor", "SEAL") {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, minter);
    }

    /// @notice Mints the token for `hash` to `to`. Reverts with AlreadyAnchored for a hash already minted.
    function mint(address to, bytes32 hash) external onlyRole(MINTER_ROLE) returns (uint256 tokenId) {
        if (hash == bytes32(0)) revert ZeroHash();
        uint256 existing = tokenIdByHash[hash];
        if (existing != 0) revert AlreadyAnchored(hash, existing);
        tokenId = ++_lastTokenId;
        tokenIdByHash[hash] = tokenId;
        _anchors[tokenId] = Anchor(hash, uint64(block.timestamp), uint64(block.number));
        // _mint, not _safeMint: the holder is told nothing and cannot refuse the proof.
        _mint(to, tokenId);
        emit Anchored(hash, tokenId, to);
    }

    /// @notice The hash, block time and block number of a token; reverts for a token never minted.
    function anchorOf(uint256 tokenId)
        external
        view
        returns (bytes32 hash, uint64 timestamp, uint64 blockNumber)
    {
        _requireOwned(tokenId);
        Anchor storage a = _anchors[tokenId];
        return (a.sha256Hash, a.timestamp, a.blockNumber);
    }

    function hashOf(uint256 tokenId) external view returns (bytes32) {
        _requireOwned(tokenId);
        return _anchors[tokenId].sha256Hash;
    }

    function anchoredAt(uint256 tokenId) external view returns (uint64) {
        _requireOwned(tokenId);
        return _anchors[tokenId].timestamp;
    }

    /// @notice The number of tokens minted so far.
    function totalMinted() external view returns (uint256) {
        return _lastTokenId;
    }

    /// @notice A data: URI holding JSON metadata with the hash and its time; nothing off-chain.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        Anchor storage a = _anchors[tokenId];
        string memory hashHex = Strings.toHexString(uint256(a.sha256Hash), 32);
        bytes memory json = abi.encodePacked(
            '{"name":"SignSeal anchor #',
            Strings.toString(tokenId),
            '","description":"SHA-256 of a document sealed by SignSeal","sha256":"',
            hashHex,
            '","anchoredAt":',
            Strings.toString(a.timestamp),
            "}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(json));
    }

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, AccessControl) returns (bool) {
        return super.supportsInterface(interfaceId);
    }
}
