// The read-only chain reader (JSON-RPC over fetch + ethers' ABI coder): against a real ganache chain it
// reads what EvmChain minted, and against a scripted JSON-RPC server it fails exactly as EvmChain's
// ethers Contract path fails (the same ChainError messages for reverts, bad results and HTTP errors).
import { createHash } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { Contract, Interface, JsonRpcProvider, Network } from 'ethers';
import { ChainError, EvmChain } from '../../../../lambdas/adapters/evm-chain';
import { EvmChainReader, chainError } from '../../../../lambdas/adapters/evm-reader';
import { startTestChain, type TestChain } from '../../../support/chain';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let chain: TestChain;

beforeAll(async () => {
  chain = await startTestChain();
}, 60000);

afterAll(async () => {
  await chain?.stop();
});

describe('the chain reader on a real chain', () => {
  it('finds the record EvmChain minted, equal to the mint’s own record, and nothing for other hashes', async () => {
    const minter = new EvmChain({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress,
      abi: chain.artifact.abi,
      minterKey: async () => chain.minter.privateKey,
    });
    const reader = new EvmChainReader({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress.toLowerCase(),
      abi: chain.artifact.abi,
    });
    try {
      const hash = sha256(`reader ${Date.now()}`);
      expect(await reader.findByHash(hash)).toBeNull();
      const minted = await minter.mint(hash, chain.stranger.address);

      expect(await reader.findByHash(hash)).toEqual(minted);
      expect(reader.contractAddress).toBe(chain.contractAddress);
      await expect(reader.check()).resolves.toBeUndefined();
    } finally {
      minter.destroy();
    }
  });

  it('reads the ABI from the compiled artifact when none is given', async () => {
    const reader = new EvmChainReader({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.contractAddress,
    });
    expect(await reader.findByHash(sha256(`no abi ${Date.now()}`))).toBeNull();
  });

  it('fails its check on a wrong chain id or an address without a contract, and refuses bad input', async () => {
    const wrongChain = new EvmChainReader({
      rpcUrl: chain.rpcUrl,
      chainId: 1,
      contractAddress: chain.contractAddress,
    });
    const noContract = new EvmChainReader({
      rpcUrl: chain.rpcUrl,
      chainId: 1337,
      contractAddress: chain.stranger.address,
    });
    await expect(wrongChain.check()).rejects.toThrow(/has chain id 1337, not 1\./);
    await expect(noContract.check()).rejects.toThrow(/^No contract at 0x/);
    await expect(noContract.findByHash('ABC')).rejects.toThrow(ChainError);
    expect(
      () => new EvmChainReader({ rpcUrl: chain.rpcUrl, chainId: 1337, contractAddress: '0x12' }),
    ).toThrow(ChainError);
  });
});

/** A JSON-RPC server whose answer to each request the test decides. */
async function scriptedRpc(
  answer: (body: { method: string; params: unknown[]; id: number }) => { status?: number; json?: unknown },
): Promise<{ url: string; host: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { method: string; params: unknown[]; id: number };
      const { status = 200, json } = answer(body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(json === undefined ? '' : JSON.stringify({ jsonrpc: '2.0', id: body.id, ...(json as object) }));
    });
  });
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('the chain reader’s failures, compared with ethers’ Contract', () => {
  const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const iface = () => new Interface(chain.artifact.abi);
  const hash = sha256('failures');

  /** The ChainError the reader gives for tokenIdByHash, and the one EvmChain's former ethers path gave. */
  async function bothErrors(answer: Parameters<typeof scriptedRpc>[0]): Promise<[string, string]> {
    const rpc = await scriptedRpc(answer);
    const provider = new JsonRpcProvider(rpc.url, Network.from(1337), {
      staticNetwork: true,
      batchMaxCount: 1,
    });
    try {
      const reader = new EvmChainReader({
        rpcUrl: rpc.url,
        chainId: 1337,
        contractAddress: address,
        abi: chain.artifact.abi,
        timeoutMs: 3000,
      });
      const ours = await reader.findByHash(hash).then(
        () => 'resolved',
        (e: unknown) => (e instanceof ChainError ? e.message : `not a ChainError: ${String(e)}`),
      );
      const contract = new Contract(address, chain.artifact.abi, provider);
      const theirs = await contract
        .getFunction('tokenIdByHash')
        .staticCall(`0x${hash}`)
        .then(
          () => 'resolved',
          (e: unknown) => chainError(e, 'tokenIdByHash', rpc.host, 3000).message,
        );
      return [ours, theirs];
    } finally {
      provider.destroy();
      await rpc.close();
    }
  }

  it('reports a custom error revert (ganache’s form) with its decoded arguments', async () => {
    const data = iface().encodeErrorResult('AlreadyAnchored', [`0x${hash}`, 7n]);
    const [ours, theirs] = await bothErrors(() => ({
      json: { error: { code: -32000, message: 'VM Exception while processing transaction: revert', data } },
    }));
    expect(ours).toBe(`The contract refused tokenIdByHash: AlreadyAnchored(0x${hash}, 7).`);
    expect(ours).toBe(theirs);
  });

  it('reports an Error(string) revert (geth’s form) with its reason', async () => {
    const data = iface().encodeErrorResult('Error(string)', ['paused']);
    const [ours, theirs] = await bothErrors(() => ({
      json: { error: { code: 3, message: 'execution reverted: paused', data } },
    }));
    expect(ours).toBe('The contract refused tokenIdByHash: Error(paused).');
    expect(ours).toBe(theirs);
  });

  it('reports an eth_call error without revert data as a refusal', async () => {
    const [ours, theirs] = await bothErrors(() => ({
      json: { error: { code: -32000, message: 'header not found' } },
    }));
    expect(ours).toBe('The contract refused tokenIdByHash: reverted.');
    expect(ours).toBe(theirs);
  });

  it('reports a result that does not decode (no contract there)', async () => {
    const [ours, theirs] = await bothErrors(() => ({ json: { result: '0x' } }));
    expect(ours).toMatch(
      /^The chain at 127\.0\.0\.1:\d+ failed on tokenIdByHash: could not decode result data/,
    );
    expect(ours).toBe(theirs);
  });

  it('reports an HTTP error status with the host only', async () => {
    const [ours] = await bothErrors(() => ({ status: 503 }));
    expect(ours).toMatch(/^The chain at 127\.0\.0\.1:\d+ failed on tokenIdByHash: server response 503/);
  });

  it('retries a throttled request (HTTP 429) within its timeout', async () => {
    let calls = 0;
    const rpc = await scriptedRpc(({ method }) => {
      calls++;
      if (calls === 1) return { status: 429 };
      expect(method).toBe('eth_call');
      return { json: { result: `0x${'0'.repeat(64)}` } };
    });
    try {
      const reader = new EvmChainReader({
        rpcUrl: rpc.url,
        chainId: 1337,
        contractAddress: address,
        abi: chain.artifact.abi,
      });
      expect(await reader.findByHash(hash)).toBeNull();
      expect(calls).toBe(2);
    } finally {
      await rpc.close();
    }
  });

  it('gives up on a node that never answers, within its timeout', async () => {
    const rpc = await scriptedRpc(() => ({ status: 429 }));
    try {
      const reader = new EvmChainReader({
        rpcUrl: rpc.url,
        chainId: 1337,
        contractAddress: address,
        abi: chain.artifact.abi,
        timeoutMs: 400,
      });
      const started = Date.now();
      await expect(reader.check()).rejects.toThrow(
        /^The chain at 127\.0\.0\.1:\d+ did not answer eth_(chainId|getCode) within 400 ms\.$/,
      );
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await rpc.close();
    }
  });
});
