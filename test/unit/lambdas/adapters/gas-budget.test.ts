// The gas budget (issue #32, CHAIN_MAX_FEE_GWEI): no mint or claim transfer is sent while the
// network's fee per gas is above it; the job fails with a ChainError and its retry sends once the
// fee is within budget. Against a real ganache chain.
import { createHash } from 'node:crypto';
import { ChainError, EvmChain, GasBudgetError } from '../../../../lambdas/adapters/evm-chain';
import { CHAIN_TEST_TIMEOUT_MS, startTestChain, type TestChain } from '../../../support/chain';

let chain: TestChain;
const adapters: EvmChain[] = [];

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function adapter(maxFeePerGasWei?: bigint): EvmChain {
  const made = new EvmChain({
    rpcUrl: chain.rpcUrl,
    chainId: 1337,
    contractAddress: chain.contractAddress,
    abi: chain.artifact.abi,
    minterKey: async () => chain.minter.privateKey,
    timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    ...(maxFeePerGasWei === undefined ? {} : { maxFeePerGasWei }),
  });
  adapters.push(made);
  return made;
}

beforeAll(async () => {
  chain = await startTestChain();
}, 120_000);

afterAll(async () => {
  for (const a of adapters) a.destroy();
  await chain?.stop();
});

describe('the gas budget', () => {
  it('sends nothing while the fee per gas is above the budget, and mints once it is within', async () => {
    const hash = sha256(`budget ${Date.now()}`);
    const before = await chain.provider.getTransactionCount(chain.minter.address);
    const tight = adapter(1n);
    const refused = await tight.mint(hash, chain.stranger.address).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GasBudgetError);
    expect(refused).toBeInstanceOf(ChainError);
    expect((refused as Error).message).toMatch(/above the budget/);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(before);
    expect(await tight.findByHash(hash)).toBeNull();

    const fee = await chain.provider.getFeeData();
    const roomy = adapter((fee.maxFeePerGas ?? fee.gasPrice ?? 0n) * 10n);
    const minted = await roomy.mint(hash, chain.stranger.address);
    expect(minted.holder).toBe(chain.stranger.address);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(before + 1);
  }, 120_000);

  it('holds a claim transfer back the same way', async () => {
    const hash = sha256(`budget transfer ${Date.now()}`);
    const free = adapter();
    const minted = await free.mint(hash, chain.minter.address);
    const refused = await adapter(1n)
      .transferHeld(minted.tokenId, chain.stranger.address)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GasBudgetError);
    expect((await free.findByHash(hash))?.holder).toBe(chain.minter.address);
  }, 120_000);
});
