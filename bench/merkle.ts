// Anchoring gas (issue #33 part 4): a token per document (DocumentAnchor.mint) against a Merkle root
// per batch (MerkleAnchor.anchorRoot), on a throwaway local ganache chain (local/chain.ts, a temporary
// data folder, a free port). Gas is the receipts' gasUsed; "per document" divides a root's gas by the
// batch's size. Also the time to build a batch's tree and proofs, and the gas of the contract's
// verify() view for a proof of the largest batch (what an on-chain check would pay).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Contract, JsonRpcProvider, Network, Wallet } from 'ethers';
import { EvmChain } from '../lambdas/adapters/evm-chain';
import { EvmMerkleAnchor } from '../lambdas/adapters/evm-merkle';
import { MERKLE_ANCHOR_ABI } from '../lambdas/chain/merkle-abi';
import { LOCAL_CHAIN_ID, localAccount, startLocalChain } from '../local/chain';
import { MERKLE_BATCH_MAX } from '../shared/domain/anchoring';
import { merkleTree } from '../shared/domain/merkle';
import type { BenchContext } from './context';
import { row, type Row } from './stats';

const SIZES = [1, 100, MERKLE_BATCH_MAX];

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

export async function runMerkle(ctx: BenchContext): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-merkle-'));
  const chain = await startLocalChain({ dataDir, port: 0, log: ctx.log });
  const provider = new JsonRpcProvider(chain.rpcUrl, Network.from(LOCAL_CHAIN_ID), { staticNetwork: true });
  const minterKey = localAccount(1).privateKey;
  const options = { rpcUrl: chain.rpcUrl, chainId: LOCAL_CHAIN_ID, minterKey: async () => minterKey };
  const tokens = new EvmChain({ ...options, contractAddress: chain.deployment.address });
  const roots = new EvmMerkleAnchor({ ...options, contractAddress: chain.deployment.merkleAddress! });
  const gasOf = async (tx: string) => Number((await provider.getTransactionReceipt(tx))!.gasUsed);
  const mint: number[] = [];
  const perDoc = new Map<number, number[]>(SIZES.map((n) => [n, []]));
  const build = new Map<number, number[]>(SIZES.map((n) => [n, []]));
  const verifyGas: number[] = [];
  try {
    const service = new Wallet(minterKey).address;
    for (let run = 0; run < ctx.runs; run++) {
      const minted = await tokens.mint(sha(`bench token ${run} ${Date.now()}`), service);
      mint.push(await gasOf(minted.transactionHash));
      for (const n of SIZES) {
        const hashes = Array.from({ length: n }, (_, i) => sha(`bench ${run} ${n} ${i} ${Date.now()}`));
        const t = performance.now();
        const tree = merkleTree(hashes);
        for (let i = 0; i < n; i++) tree.proof(i);
        build.get(n)!.push(performance.now() - t);
        const record = await roots.anchorRoot(tree.root);
        perDoc.get(n)!.push((await gasOf(record.transactionHash)) / n);
        if (n === MERKLE_BATCH_MAX) {
          const contract = new Contract(chain.deployment.merkleAddress!, MERKLE_ANCHOR_ABI, provider);
          const i = n - 1;
          verifyGas.push(
            Number(
              await contract.getFunction('verify').estimateGas(tree.root, tree.proof(i), `0x${hashes[i]}`),
            ),
          );
        }
      }
      ctx.log(`merkle: run ${run + 1}/${ctx.runs} done`);
    }
  } finally {
    tokens.destroy();
    roots.destroy();
    provider.destroy();
    await chain.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const mintMedian = [...mint].sort((a, b) => a - b)[Math.floor(mint.length / 2)]!;
  return [
    row('merkle', 'token mode: gas per document (DocumentAnchor.mint)', 'count', mint),
    ...SIZES.map((n) =>
      row(
        'merkle',
        `merkle mode, batch of ${n}: gas per document (anchorRoot ÷ ${n})`,
        'count',
        perDoc.get(n)!,
        {
          note: `${(mintMedian / [...perDoc.get(n)!].sort((a, b) => a - b)[0]!).toFixed(1)}× less than a mint`,
        },
      ),
    ),
    ...SIZES.map((n) => row('merkle', `tree and ${n} proofs built`, 'ms', build.get(n)!)),
    row(
      'merkle',
      `verify() of a proof in a batch of ${MERKLE_BATCH_MAX} (eth_estimateGas)`,
      'count',
      verifyGas,
    ),
  ];
}
