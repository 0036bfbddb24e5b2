// The local chain keeps its state under the data folder: a restart keeps the contract and what was
// minted; a wiped chain gets the contract again.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EvmChain } from '../../../lambdas/adapters/evm-chain';
import { LOCAL_CHAIN_ID, startLocalChain, type LocalChain } from '../../../local/chain';

let dataDir: string;
const lines: string[] = [];
const log = (line: string) => lines.push(line);

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signseal-chain-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function adapterFor(chain: LocalChain): EvmChain {
  return new EvmChain({
    rpcUrl: chain.env.CHAIN_RPC_URL!,
    chainId: Number(chain.env.CHAIN_ID),
    contractAddress: chain.env.CHAIN_CONTRACT_ADDRESS!,
    minterKey: async () => chain.env.CHAIN_MINTER_KEY!,
  });
}

describe('the local chain', () => {
  it('keeps the deployed contract and a minted token across a restart on the same data folder', async () => {
    const hash = randomBytes(32).toString('hex');
    const first = await startLocalChain({ dataDir, port: 0, log });
    let minted;
    try {
      expect(first.deployed).toBe(true);
      expect(first.chainId).toBe(LOCAL_CHAIN_ID);
      const recorded = JSON.parse(fs.readFileSync(path.join(dataDir, 'chain/deployment.json'), 'utf8'));
      expect(recorded).toMatchObject({ address: first.deployment.address, chainId: LOCAL_CHAIN_ID });
      const adapter = adapterFor(first);
      minted = await adapter.mint(hash, await adapter.serviceAddress());
      adapter.destroy();
    } finally {
      await first.stop();
    }

    const second = await startLocalChain({ dataDir, port: 0, log });
    try {
      expect(second.deployed).toBe(false);
      expect(second.deployment).toEqual(first.deployment);
      const adapter = adapterFor(second);
      expect(await adapter.findByHash(hash)).toEqual(minted);
      adapter.destroy();
    } finally {
      await second.stop();
    }
  }, 60000);

  it('deploys the contract again, and says so, when the chain state was wiped', async () => {
    fs.rmSync(path.join(dataDir, 'chain/db'), { recursive: true, force: true });
    lines.length = 0;

    const chain = await startLocalChain({ dataDir, port: 0, log });
    try {
      expect(chain.deployed).toBe(true);
      expect(lines.join('\n')).toMatch(/state was wiped .*deploying DocumentAnchor again/);
      await expect(adapterFor(chain).check()).resolves.toBeUndefined();
    } finally {
      await chain.stop();
    }
  }, 60000);
});
