// A throwaway ganache chain for unit tests: in this process, on a free port, in memory, with
// DocumentAnchor deployed by dev account 0 (admin) for dev account 1 (minter).
import { JsonRpcProvider, Network, Wallet } from 'ethers';
import { ensureArtifact } from '../../lambdas/chain/compile';
import { deployDocumentAnchor } from '../../lambdas/chain/deploy';
import type { ChainArtifact } from '../../lambdas/chain/artifact';
import { LOCAL_CHAIN_ID, localAccount } from '../../local/chain';

export interface TestChain {
  rpcUrl: string;
  provider: JsonRpcProvider;
  artifact: ChainArtifact;
  contractAddress: string;
  admin: Wallet;
  minter: Wallet;
  /** A dev account with no role. */
  stranger: Wallet;
  stop(): Promise<void>;
}

interface GanacheServer {
  listen(port: number, host: string): Promise<void>;
  close(): Promise<void>;
  address(): { port: number };
}

/** The compiled contract (compiled once when missing or stale; solc takes a few seconds). */
export const artifact = (): ChainArtifact => ensureArtifact().artifact;

export async function startTestChain(): Promise<TestChain> {
  const { default: ganache } = await import('ganache');
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: LOCAL_CHAIN_ID },
    miner: { instamine: 'eager' },
    wallet: { deterministic: true, totalAccounts: 4 },
    server: { ws: false },
  }) as unknown as GanacheServer;
  await server.listen(0, '127.0.0.1');
  const rpcUrl = `http://127.0.0.1:${server.address().port}`;
  const provider = new JsonRpcProvider(rpcUrl, Network.from(LOCAL_CHAIN_ID), {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const [admin, minter, stranger] = [0, 1, 2].map(
    (i) => new Wallet(localAccount(i).privateKey, provider),
  ) as [Wallet, Wallet, Wallet];
  const built = artifact();
  const deployment = await deployDocumentAnchor(admin, minter.address, built);
  return {
    rpcUrl,
    provider,
    artifact: built,
    contractAddress: deployment.address,
    admin,
    minter,
    stranger,
    stop: async () => {
      provider.destroy();
      await server.close();
    },
  };
}
