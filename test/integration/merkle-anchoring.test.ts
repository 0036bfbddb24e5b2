// Anchoring in Merkle batches (issue #33 part 4) on a local cloud of its own started in merkle mode
// (LOCAL_ANCHOR_MODE=merkle, batches closing after 2 s): three contracts are signed by everyone; each
// sealed document records a proof under a root the MerkleAnchor contract holds; /api/verify publishes
// the proof, and the independent script (scripts/verify-merkle.ts) recomputes the root and finds its
// time on chain over raw JSON-RPC. Each root is anchored by one transaction (one RootAnchored event),
// no token is minted, and every party gets its certificate once.
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Interface } from 'ethers';
import { resetConfigCache } from '../../lambdas/config';
import type { DocumentRecord } from '../../lambdas/adapters/dynamo/documents';
import { documentDeps, resetMerkleClients, setChain, setDeps } from '../../lambdas/deps';
import { MERKLE_ANCHOR_ABI } from '../../lambdas/chain/merkle-abi';
import { verifyMerkle } from '../../scripts/verify-merkle';
import { api, env, eventually, mailbox } from '../support/cloud-client';
import { mailsTo, sendTwoContractorDocument, type SentDocument } from '../support/documents';
import { makePng } from '../support/png';
import { ROOT, startCloudProcess, stopCloudProcess, type CloudInfo } from '../support/spawn-cloud.mjs';

const CLOUD_ENV = {
  LOCAL_BUILD: 'never',
  LOCAL_ANCHOR_MODE: 'merkle',
  LOCAL_ANCHOR_BATCH_AGE_SECONDS: '2',
  TRIAL_CONTRACTS: '1000',
};

let child: ChildProcess | undefined;
let info: CloudInfo;
const savedEnv = { ...process.env };

beforeAll(async () => {
  const runDir = path.join(env('TEST_RUN_DIR'), `merkle-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const started = await startCloudProcess({
    dataDir: path.relative(ROOT, path.join(runDir, 'data')),
    logFile: path.join(runDir, 'local-cloud.log'),
    env: CLOUD_ENV,
  });
  child = started.child;
  info = started.info;
  Object.assign(process.env, info.handlerEnv, {
    TEST_APP_URL: info.appUrl,
    TEST_MAILBOX_URL: info.mailboxUrl,
    TEST_COGNITO_ENDPOINT: info.endpoints.cognito,
  });
  resetConfigCache();
  setDeps(undefined);
  setChain(undefined);
  resetMerkleClients();
}, 300_000);

afterAll(async () => {
  if (child) await stopCloudProcess(child);
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
  resetConfigCache();
  setDeps(undefined);
  setChain(undefined);
  resetMerkleClients();
}, 60_000);

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]): Promise<void> {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  expect(sign.status).toBe(201);
  const applied = await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(applied.status).toBe(200);
  expect(
    (await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } })).status,
  ).toBe(200);
}

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(info.chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

describe('anchoring in Merkle batches on the local cloud', () => {
  const sent: SentDocument[] = [];
  const docs: DocumentRecord[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) sent.push(await sendTwoContractorDocument({ title: `Batch ${i}` }));
    // One after the other (as a person signs): the last agreements land within one batch's age.
    for (const s of sent) {
      await signAndAgree(s.docuId, s.mailToken, [0, 1]);
      await signAndAgree(s.docuId, s.smsToken, [2]);
    }
    for (const s of sent) {
      docs.push(
        await eventually(
          async () => {
            const d = await documentDeps().docs.getDocument(s.docuId);
            return d?.merkleAnchor ? d : undefined;
          },
          180_000,
          `document ${s.docuId} anchored in a batch`,
        ),
      );
    }
  }, 400_000);

  it('records a proof under a root, and mints no token', () => {
    for (const d of docs) {
      expect(d.anchorTokenId).toBeUndefined();
      expect(d.merkleAnchor).toEqual({
        root: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        leafIndex: expect.any(Number),
        leafCount: expect.any(Number),
        proof: expect.any(Array),
        transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        blockNumber: expect.any(Number),
        anchoredAt: expect.any(String),
        chainId: 1337,
        contractAddress: info.handlerEnv.CHAIN_MERKLE_CONTRACT_ADDRESS,
      });
      expect(d.merkleAnchor!.leafIndex).toBeLessThan(d.merkleAnchor!.leafCount);
    }
  });

  it('publishes the proof in /api/verify, and the independent script verifies it on chain', async () => {
    for (const d of docs) {
      const byDoc = await api(`/api/verify?document=${d.docuId}`);
      expect(byDoc.status).toBe(200);
      expect(byDoc.body.chain.state).toBe('anchored');
      const proof = byDoc.body.chain.merkle;
      expect(proof).toMatchObject({
        sha256: d.finalSha256,
        root: d.merkleAnchor!.root,
        proof: d.merkleAnchor!.proof,
        transactionHash: d.merkleAnchor!.transactionHash,
        anchoredAt: d.merkleAnchor!.anchoredAt,
        contractAddress: info.handlerEnv.CHAIN_MERKLE_CONTRACT_ADDRESS,
        chainId: 1337,
      });
      const byHash = await api(`/api/verify?hash=${d.finalSha256}`);
      expect(byHash.body.chain.merkle).toEqual(proof);
      const check = await verifyMerkle(info.chain.rpcUrl, proof);
      expect(check).toEqual({
        ok: true,
        reason: `anchored at ${d.merkleAnchor!.anchoredAt}`,
        root: d.merkleAnchor!.root,
        timestamp: Date.parse(d.merkleAnchor!.anchoredAt) / 1000,
      });
      // Another document's hash with this proof does not verify.
      const other = docs.find((o) => o.finalSha256 !== d.finalSha256)!;
      expect((await verifyMerkle(info.chain.rpcUrl, proof, other.finalSha256!)).ok).toBe(false);
    }
  });

  it('anchors each root in one transaction', async () => {
    const iface = new Interface(MERKLE_ANCHOR_ABI);
    for (const root of new Set(docs.map((d) => d.merkleAnchor!.root))) {
      const logs = (await rpc('eth_getLogs', [
        {
          address: info.handlerEnv.CHAIN_MERKLE_CONTRACT_ADDRESS!.toLowerCase(),
          topics: iface.encodeFilterTopics('RootAnchored', [root]),
          fromBlock: '0x0',
          toBlock: 'latest',
        },
      ])) as unknown[];
      expect(logs).toHaveLength(1);
    }
  });

  it("e-mails every party the certificate once, naming the batch's root", async () => {
    for (const s of sent) {
      const mails = await eventually(
        async () => {
          const m = mailsTo(await mailbox(), s.email).filter((x) => /certificate/i.test(x.subject));
          return m.length >= 1 ? m : undefined;
        },
        120_000,
        `certificate to ${s.email}`,
      );
      const d = docs.find((x) => x.docuId === s.docuId)!;
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body.text).toContain(d.merkleAnchor!.root);
    }
  });
});
