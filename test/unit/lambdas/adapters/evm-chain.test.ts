// The EVM chain adapter against a real ganache chain on a free port, and against a closed port.
import { createHash } from 'node:crypto';
import net from 'node:net';
import { Contract } from 'ethers';
import { ChainError, EvmChain } from '../../../../lambdas/adapters/evm-chain';
import { CHAIN_TEST_TIMEOUT_MS, startTestChain, type TestChain } from '../../../support/chain';

let chain: TestChain;
let adapter: EvmChain;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  chain = await startTestChain();
  adapter = new EvmChain({
    rpcUrl: chain.rpcUrl,
    chainId: 1337,
    contractAddress: chain.contractAddress,
    abi: chain.artifact.abi,
    minterKey: async () => chain.minter.privateKey,
    // Real work on an in-process ganache that shares two busy cores with other test runs.
    timeoutMs: CHAIN_TEST_TIMEOUT_MS,
  });
}, 120_000);

afterAll(async () => {
  adapter?.destroy();
  await chain?.stop();
});

/** The values of settled promises, or the first failure once every one has settled. */
function fulfilled<T extends unknown[]>(results: { [K in keyof T]: PromiseSettledResult<T[K]> }): T;
function fulfilled<T>(results: PromiseSettledResult<T>[]): T[];
function fulfilled<T>(results: PromiseSettledResult<T>[]): T[] {
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** How much later than its timeout a bounded call may settle on a busy machine: the tests prove the
 *  bound is applied (ethers' own default is 300 s), not the event loop's punctuality. */
const SCHEDULING_SLACK_MS = 8000;

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('the EVM chain adapter', () => {
  it('finds nothing for a hash never minted', async () => {
    expect(await adapter.findByHash(sha256(`never ${Date.now()}`))).toBeNull();
  });

  it('mints a hash to its holder and then finds the same record by the hash', async () => {
    const hash = sha256(`document ${Date.now()}`);
    const holder = chain.stranger.address;

    const minted = await adapter.mint(hash, holder);
    const found = await adapter.findByHash(hash);

    expect(minted).toEqual({
      sha256: hash,
      tokenId: expect.stringMatching(/^[1-9]\d*$/),
      holder,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      blockNumber: expect.any(Number),
      anchoredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/),
      chainId: 1337,
      contractAddress: chain.contractAddress,
    });
    expect(found).toEqual(minted);
    const receipt = await chain.provider.getTransactionReceipt(minted.transactionHash);
    expect(receipt?.blockNumber).toBe(minted.blockNumber);
    const block = await chain.provider.getBlock(minted.blockNumber);
    expect(minted.anchoredAt).toBe(new Date(block!.timestamp * 1000).toISOString());
  });

  it('returns the existing record for a hash minted before, without a new transaction', async () => {
    const hash = sha256(`again ${Date.now()}`);
    const first = await adapter.mint(hash, chain.minter.address);
    const nonce = await chain.provider.getTransactionCount(chain.minter.address);

    const second = await adapter.mint(hash, chain.stranger.address);

    expect(second).toEqual(first);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce);
  });

  it('mints the same hash once when two containers with the one minter key race for it', async () => {
    const hash = sha256(`race ${Date.now()}`);
    const other = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      minterKey: async () => chain.minter.privateKey,
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    });
    try {
      // allSettled: when one side fails, the other must not be left running into the next test.
      const [a, b] = fulfilled(
        await Promise.allSettled([
          adapter.mint(hash, chain.minter.address),
          other.mint(hash, chain.minter.address),
        ]),
      );
      expect(b.tokenId).toBe(a.tokenId);
      expect(b.transactionHash).toBe(a.transactionHash);
    } finally {
      other.destroy();
    }
  });

  it('returns the winning record when another minter anchors the hash first (AlreadyAnchored)', async () => {
    const hash = sha256(`two minters ${Date.now()}`);
    const contract = new Contract(chain.contractAddress, chain.artifact.abi, chain.admin);
    const role = (await contract.getFunction('MINTER_ROLE').staticCall()) as string;
    await (await contract.getFunction('grantRole').send(role, chain.admin.address)).wait();
    const rival = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      minterKey: async () => chain.admin.privateKey,
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    });
    try {
      const [a, b] = fulfilled(
        await Promise.allSettled([
          adapter.mint(hash, chain.minter.address),
          rival.mint(hash, chain.stranger.address),
        ]),
      );
      expect(b).toEqual(a);
      expect(await contract.getFunction('totalMinted').staticCall()).toBe(BigInt(a.tokenId));
    } finally {
      rival.destroy();
    }
  });

  it('mints several hashes at once from one container, one token each', async () => {
    const hashes = [1, 2, 3].map((i) => sha256(`batch ${i} ${Date.now()}`));

    const records = fulfilled(
      await Promise.allSettled(hashes.map((h) => adapter.mint(h, chain.minter.address))),
    );

    expect(new Set(records.map((r) => r.tokenId)).size).toBe(3);
    expect(records.map((r) => r.sha256)).toEqual(hashes);
  });

  it('gives the minter address as the service address and passes its health check', async () => {
    expect(await adapter.serviceAddress()).toBe(chain.minter.address);
    await expect(adapter.check()).resolves.toBeUndefined();
  });

  it('takes a minter key with or without its 0x, as CHAIN_MINTER_KEY allows', async () => {
    const bare = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      minterKey: async () => chain.minter.privateKey.slice(2),
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    });
    try {
      expect(await bare.serviceAddress()).toBe(chain.minter.address);
      const hash = sha256(`bare key ${Date.now()}`);
      expect(await bare.mint(hash, chain.stranger.address)).toMatchObject({
        sha256: hash,
        holder: chain.stranger.address,
      });
    } finally {
      bare.destroy();
    }
  });

  it('fails its health check on a wrong chain id or when no contract is at the address', async () => {
    const wrongChain = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1,
      contractAddress: chain.contractAddress,
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    });
    const noContract = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.stranger.address,
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    });
    try {
      await expect(wrongChain.check()).rejects.toThrow(/has chain id 1337, not 1/);
      await expect(noContract.check()).rejects.toThrow(/No contract at/);
    } finally {
      wrongChain.destroy();
      noContract.destroy();
    }
  });

  it('refuses to mint without a minter key, and refuses a malformed hash', async () => {
    const readOnly = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    });
    try {
      await expect(readOnly.mint(sha256('no key'), chain.minter.address)).rejects.toThrow(/No minter key/);
      await expect(adapter.findByHash('ABC')).rejects.toThrow(ChainError);
    } finally {
      readOnly.destroy();
    }
  });

  it('rejects within its timeout with a clear message when the RPC is down', async () => {
    const down = new EvmChain({
      rpcUrl: await closedPortUrl(),
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      minterKey: async () => chain.minter.privateKey,
      timeoutMs: 2000,
    });
    try {
      const started = Date.now();
      const err = await down.mint(sha256('down'), chain.minter.address).catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(2000 + SCHEDULING_SLACK_MS);
      expect(err).toBeInstanceOf(ChainError);
      expect((err as Error).message).toMatch(
        /^The chain at 127\.0\.0\.1:\d+ (failed on|did not answer) tokenIdByHash/,
      );
      await expect(down.check()).rejects.toThrow(ChainError);
    } finally {
      down.destroy();
    }
  });

  it('rejects within its timeout when the RPC accepts connections but never answers', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket)); // holds connections, says nothing
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const { port } = silent.address() as net.AddressInfo;
    const hung = new EvmChain({
      rpcUrl: `http://127.0.0.1:${port}`,
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      timeoutMs: 500,
    });
    try {
      const started = Date.now();
      await expect(hung.findByHash(sha256('hung'))).rejects.toThrow(
        /did not answer tokenIdByHash within 500 ms/,
      );
      expect(Date.now() - started).toBeLessThan(500 + SCHEDULING_SLACK_MS);
    } finally {
      hung.destroy();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
