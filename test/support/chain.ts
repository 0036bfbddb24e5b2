// A throwaway ganache chain for unit tests: in this process, on a free port, in memory, with
// DocumentAnchor deployed by dev account 0 (admin) for dev account 1 (minter).
//
// Tests reach ganache through a small HTTP relay that counts the requests in flight, so that stop()
// can wait for every one of them to be answered before ganache closes its database: on two busy
// cores a test's last call (a receipt poll, the loser of a mint race) may still be running when
// afterAll stops the chain, and ganache then threw "Database is not open" (issue #13, defect 9).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** `blockTimeSeconds`: mine a block every so often, as real chains do, rather than one per transaction
 *  at once (transactions wait in the pool until the next block). */
export async function startTestChain(options: { blockTimeSeconds?: number } = {}): Promise<TestChain> {
  const { default: ganache } = await import('ganache');
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: LOCAL_CHAIN_ID },
    miner: options.blockTimeSeconds ? { blockTime: options.blockTimeSeconds } : { instamine: 'eager' },
    wallet: { deterministic: true, totalAccounts: 4 },
    server: { ws: false },
  }) as unknown as GanacheServer;
  await server.listen(0, '127.0.0.1');
  const relay = await startRelay(server.address().port);
  const rpcUrl = relay.url;
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
      await relay.drain();
      await server.close();
    },
  };
}

/** Chain tests do real work on a busy machine: each RPC call and receipt wait may take this long. */
export const CHAIN_TEST_TIMEOUT_MS = 60_000;

interface Relay {
  url: string;
  /** Refuses new requests (503), waits for the ones in flight to be answered, then closes. */
  drain(): Promise<void>;
}

/** A JSON-RPC body that submits a transaction. */
const SENDS_TRANSACTION = /"method"\s*:\s*"eth_send(Raw)?Transaction"/;

/**
 * An HTTP relay to ganache's port that knows how many requests are in flight, and that hands ganache
 * one transaction submission at a time. The latter mends a defect of ganache's eager instamine, not
 * of the code under test: when two senders with one key race (the "two containers" test), a second
 * transaction with the same nonce that arrives while the first one's block is being mined is queued
 * behind it and never answered — the request hangs until the adapter's timeout (what failed under
 * load, issue #13 defect 9). A real node takes submissions atomically and refuses the second at once
 * ('nonce too low', 'already known', 'replacement underpriced'), which is what ganache does too when
 * the submissions do not overlap. Reads stay concurrent.
 */
async function startRelay(targetPort: number): Promise<Relay> {
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | undefined;
  let sends: Promise<unknown> = Promise.resolve();
  const agent = new http.Agent({ keepAlive: true });

  function forward(req: http.IncomingMessage, body: Buffer, res: http.ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port: targetPort,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, 'content-length': String(body.length) },
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', resolve);
        },
      );
      upstream.on('error', (err) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(err));
        resolve();
      });
      upstream.end(body);
    });
  }

  const relay = http.createServer((req, res) => {
    if (draining) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('the test chain is stopping');
      return;
    }
    inFlight++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      inFlight--;
      if (inFlight === 0) idle?.();
    };
    res.on('close', finish);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (SENDS_TRANSACTION.test(body.toString('utf8'))) {
        const turn = sends.then(() => forward(req, body, res));
        sends = turn.catch(() => undefined);
      } else {
        void forward(req, body, res);
      }
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    drain: async () => {
      draining = true;
      if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
      relay.closeAllConnections();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      agent.destroy();
    },
  };
}
