// Checks a document anchored in a Merkle batch (issue #33) without trusting SignSeal: from the
// document's SHA-256 and the proof our /api/verify publishes (docs/anchoring.md), it recomputes the
// root and asks the chain, over raw JSON-RPC, when that root was anchored. Nothing here imports the
// app's code: only ethers' keccak256 and fetch.
//
//   npx tsx scripts/verify-merkle.ts --rpc <JSON-RPC URL> (--api <app URL> --document <id> |
//        --proof <file with /api/verify's answer, or its chain.merkle, or - for stdin>) [--hash <sha256>]
//
// Exit 0 and "VERIFIED …" when the proof leads from the hash to a root the contract has a time for;
// exit 1 with the reason otherwise.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { keccak256 } from 'ethers/crypto';
import { concat, getBytes } from 'ethers/utils';

export interface MerkleProofJson {
  sha256: string;
  leaf?: string;
  root: string;
  leafIndex?: number;
  proof: string[];
  contractAddress: string;
  chainId?: number;
  transactionHash?: string;
  anchoredAt?: string;
}

export interface MerkleCheck {
  ok: boolean;
  reason: string;
  root: string;
  /** The root's block time on chain (unix seconds); 0 when the contract has none. */
  timestamp: number;
}

const hex32 = (v: string) => /^0x[0-9a-f]{64}$/.test(v);

async function rpc(url: string, method: string, params: unknown[]): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const json = (await res.json()) as { result?: string; error?: { message?: string } };
  if (json.error || typeof json.result !== 'string')
    throw new Error(`${method} failed: ${json.error?.message ?? JSON.stringify(json)}`);
  return json.result;
}

/** Recomputes the root from the hash and proof, then reads rootTimestamp(root) on chain. */
export async function verifyMerkle(
  rpcUrl: string,
  p: MerkleProofJson,
  sha256 = p.sha256,
): Promise<MerkleCheck> {
  const hash = `0x${sha256.replace(/^0x/, '').toLowerCase()}`;
  if (!hex32(hash)) return { ok: false, reason: 'the hash is not a SHA-256', root: '', timestamp: 0 };
  // OpenZeppelin StandardMerkleTree's leaf of one bytes32: keccak256(keccak256(abi.encode(hash))).
  let node = keccak256(keccak256(getBytes(hash)));
  if (p.leaf && p.leaf.toLowerCase() !== node)
    return {
      ok: false,
      reason: `the proof's leaf ${p.leaf} is not this hash's ${node}`,
      root: '',
      timestamp: 0,
    };
  for (const s of p.proof.map((x) => x.toLowerCase())) {
    if (!hex32(s)) return { ok: false, reason: `bad proof element ${s}`, root: '', timestamp: 0 };
    node = node <= s ? keccak256(concat([node, s])) : keccak256(concat([s, node]));
  }
  const root = p.root.toLowerCase();
  if (node !== root)
    return {
      ok: false,
      reason: `the proof leads to ${node}, not to the root ${root}`,
      root: node,
      timestamp: 0,
    };
  if (p.chainId !== undefined) {
    const chainId = Number(await rpc(rpcUrl, 'eth_chainId', []));
    if (chainId !== p.chainId)
      return { ok: false, reason: `the RPC serves chain ${chainId}, not ${p.chainId}`, root, timestamp: 0 };
  }
  // rootTimestamp(bytes32): the first 4 bytes of keccak256 of the signature, then the root.
  const selector = keccak256(new TextEncoder().encode('rootTimestamp(bytes32)')).slice(0, 10);
  const result = await rpc(rpcUrl, 'eth_call', [
    { to: p.contractAddress.toLowerCase(), data: selector + root.slice(2) },
    'latest',
  ]);
  const timestamp = Number(BigInt(result === '0x' ? '0x0' : result));
  if (timestamp === 0)
    return { ok: false, reason: `the contract has no record of root ${root}`, root, timestamp };
  return { ok: true, reason: `anchored at ${new Date(timestamp * 1000).toISOString()}`, root, timestamp };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<number> {
  const rpcUrl = arg('rpc');
  const api = arg('api');
  const documentId = arg('document');
  const proofFile = arg('proof');
  if (!rpcUrl || (!proofFile && !(api && documentId))) {
    console.error(
      'usage: verify-merkle --rpc <url> (--api <app url> --document <id> | --proof <file|->) [--hash <sha256>]',
    );
    return 2;
  }
  let body: unknown;
  if (proofFile) body = JSON.parse(fs.readFileSync(proofFile === '-' ? 0 : proofFile, 'utf8'));
  else {
    const res = await fetch(
      `${api!.replace(/\/$/, '')}/api/verify?document=${encodeURIComponent(documentId!)}`,
    );
    body = await res.json();
  }
  const b = body as { chain?: { merkle?: MerkleProofJson } } & Partial<MerkleProofJson>;
  const proof = b.chain?.merkle ?? (b.proof ? (b as MerkleProofJson) : undefined);
  if (!proof) {
    console.error('No Merkle proof in the answer (is the document anchored in a batch yet?).');
    return 1;
  }
  const check = await verifyMerkle(rpcUrl, proof, arg('hash') ?? proof.sha256);
  console.log(
    `${check.ok ? 'VERIFIED' : 'NOT VERIFIED'}: ${check.reason} (root ${check.root || proof.root})`,
  );
  return check.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
