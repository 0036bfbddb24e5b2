// The EVM chain adapter against a real ganache chain on a free port, and against a closed port.
import { createHash } from 'node:crypto';
import net from 'node:net';
import { Contract, Wallet, id, toBeHex, zeroPadValue } from 'ethers';
import { ChainError, EvmChain, TokenNotHeldError } from '../../../../lambdas/adapters/evm-chain';
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

/** Two mints of one new hash at once from one container: the same record, one transaction. */
async function expectOneMintForTwins(minter: EvmChain, on: TestChain, label: string) {
  const hash = sha256(`${label} ${Date.now()}`);
  const nonce = await on.provider.getTransactionCount(on.minter.address);
  const [a, b] = fulfilled(
    await Promise.allSettled([minter.mint(hash, on.minter.address), minter.mint(hash, on.minter.address)]),
  );
  expect(b).toEqual(a);
  expect(await on.provider.getTransactionCount(on.minter.address)).toBe(nonce + 1);
  return { hash, record: a, nonce };
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

  it('mints several hashes at once from one container, one token each, one transaction each', async () => {
    const hashes = [1, 2, 3, 4, 5].map((i) => sha256(`batch ${i} ${Date.now()}`));
    const nonce = await chain.provider.getTransactionCount(chain.minter.address);

    const records = fulfilled(
      await Promise.allSettled(hashes.map((h) => adapter.mint(h, chain.minter.address))),
    );

    expect(new Set(records.map((r) => r.tokenId)).size).toBe(5);
    expect(records.map((r) => r.sha256)).toEqual(hashes);
    // The broadcasts take their turns (consecutive nonces), the receipts are awaited together: no
    // nonce clash, so no send was retried.
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce + 5);
  });

  it('mints a hash once when one container is asked for it twice at once (a duplicate job in a batch)', async () => {
    const { hash, record, nonce } = await expectOneMintForTwins(adapter, chain, 'duplicate in a batch');
    // Once done, a later call reads it from the chain (nothing is kept).
    expect(await adapter.mint(hash, chain.minter.address)).toEqual(record);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce + 1);
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

describe('minting on a chain that mines a block a second, as real chains do (issue #33)', () => {
  let timed: TestChain;
  let minter: EvmChain;

  beforeAll(async () => {
    timed = await startTestChain({ blockTimeSeconds: 1 });
    minter = new EvmChain({
      rpcUrl: timed.rpcUrl,
      chainId: 1337,
      contractAddress: timed.contractAddress,
      abi: timed.artifact.abi,
      minterKey: async () => timed.minter.privateKey,
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
      pollingIntervalMs: 200,
    });
  }, 120_000);

  afterAll(async () => {
    minter?.destroy();
    await timed?.stop();
  });

  it('sends a batch of mints one after another without waiting for each receipt: they share blocks', async () => {
    const hashes = [1, 2, 3, 4, 5, 6].map((i) => sha256(`shared blocks ${i} ${Date.now()}`));
    const nonce = await timed.provider.getTransactionCount(timed.minter.address);

    const records = fulfilled(
      await Promise.allSettled(hashes.map((h) => minter.mint(h, timed.minter.address))),
    );

    expect(new Set(records.map((r) => r.tokenId)).size).toBe(6);
    // Waiting for each receipt before the next send would take a block per mint: six blocks.
    expect(new Set(records.map((r) => r.blockNumber)).size).toBeLessThan(6);
    expect(await timed.provider.getTransactionCount(timed.minter.address)).toBe(nonce + 6);
  });

  it('mints a hash once when asked twice at once, though the first is sent and not yet mined', async () => {
    await expectOneMintForTwins(minter, timed, 'pending twin');
  });
});

describe('moving a held token to its owner’s wallet (issue #32)', () => {
  const TRANSFER = id('Transfer(address,address,uint256)');
  const topicOf = (address: string) => zeroPadValue(address, 32).toLowerCase();

  /** The token's Transfer events on chain: from the mint (from zero) and every move since. */
  async function transfersOf(tokenId: string) {
    const logs = await chain.provider.getLogs({
      address: chain.contractAddress,
      topics: [TRANSFER, null, null, zeroPadValue(toBeHex(BigInt(tokenId)), 32)],
      fromBlock: 0,
      toBlock: 'latest',
    });
    return logs.map((l) => ({ from: l.topics[1], to: l.topics[2], transactionHash: l.transactionHash }));
  }

  const ownerOf = async (tokenId: string) =>
    (await new Contract(chain.contractAddress, chain.artifact.abi, chain.provider).getFunction('ownerOf')(
      BigInt(tokenId),
    )) as string;

  /** A token minted to the service (the minter), held for an owner without a wallet. */
  async function heldToken(label: string) {
    const minted = await adapter.mint(
      sha256(`${label} ${Date.now()} ${Math.random()}`),
      chain.minter.address,
    );
    expect(await ownerOf(minted.tokenId)).toBe(chain.minter.address);
    return minted.tokenId;
  }

  it('moves a token the service holds to the wallet (ownerOf), with one Transfer from the service', async () => {
    const tokenId = await heldToken('held');
    const wallet = Wallet.createRandom().address;

    const moved = await adapter.transferHeld(tokenId, wallet.toLowerCase());

    expect(moved).toEqual({
      tokenId,
      to: wallet,
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await ownerOf(tokenId)).toBe(wallet);
    const transfers = await transfersOf(tokenId);
    expect(transfers).toHaveLength(2); // the mint, the move
    expect(transfers[1]).toEqual({
      from: topicOf(chain.minter.address),
      to: topicOf(wallet),
      transactionHash: moved.transactionHash,
    });
    const receipt = await chain.provider.getTransactionReceipt(moved.transactionHash);
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(chain.minter.address);
  });

  it('a second call finds it moved: no new transaction, the same transfer', async () => {
    const tokenId = await heldToken('twice');
    const wallet = Wallet.createRandom().address;
    const first = await adapter.transferHeld(tokenId, wallet);
    const nonce = await chain.provider.getTransactionCount(chain.minter.address);

    const second = await adapter.transferHeld(tokenId, wallet);

    expect(second).toEqual(first);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce);
    expect(await transfersOf(tokenId)).toHaveLength(2);
  });

  it('moves it once when two containers with the one minter key race for the same claim', async () => {
    const tokenId = await heldToken('race');
    const wallet = Wallet.createRandom().address;
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
          adapter.transferHeld(tokenId, wallet),
          other.transferHeld(tokenId, wallet),
        ]),
      );
      expect(a.to).toBe(wallet);
      expect(b.to).toBe(wallet);
      expect(await ownerOf(tokenId)).toBe(wallet);
      const moves = (await transfersOf(tokenId)).filter((t) => t.to === topicOf(wallet));
      expect(moves).toHaveLength(1);
      // Both answer the one transfer that happened.
      expect(a.transactionHash).toBe(moves[0]!.transactionHash);
      expect(b.transactionHash).toBe(moves[0]!.transactionHash);
    } finally {
      other.destroy();
    }
  });

  it('refuses a token the service does not hold (TokenNotHeldError naming its holder), sending nothing', async () => {
    const minted = await adapter.mint(sha256(`not held ${Date.now()}`), chain.stranger.address);
    const nonce = await chain.provider.getTransactionCount(chain.minter.address);

    const err = await adapter
      .transferHeld(minted.tokenId, Wallet.createRandom().address)
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(TokenNotHeldError);
    expect(err).toBeInstanceOf(ChainError);
    expect(err).toMatchObject({
      name: 'TokenNotHeldError',
      tokenId: minted.tokenId,
      holder: chain.stranger.address,
    });
    expect(await ownerOf(minted.tokenId)).toBe(chain.stranger.address);
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce);
    // Asked to move it to the wallet that holds it already: done, nothing sent.
    expect(await adapter.transferHeld(minted.tokenId, chain.stranger.address)).toMatchObject({
      tokenId: minted.tokenId,
      to: chain.stranger.address,
    });
    expect(await chain.provider.getTransactionCount(chain.minter.address)).toBe(nonce);
  });

  it('refuses a wallet that is not an address, and a move without a minter key', async () => {
    const tokenId = await heldToken('bad wallet');
    await expect(adapter.transferHeld(tokenId, '0x1234')).rejects.toThrow(/is not an address/);
    const readOnly = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      timeoutMs: CHAIN_TEST_TIMEOUT_MS,
    });
    try {
      await expect(readOnly.transferHeld(tokenId, Wallet.createRandom().address)).rejects.toThrow(
        /No minter key/,
      );
    } finally {
      readOnly.destroy();
    }
    expect(await ownerOf(tokenId)).toBe(chain.minter.address);
  });
});
