// The verify page for a document anchored in a Merkle batch (issue #33 part 4), in Chromium, on a local
// cloud of its own in merkle mode (LOCAL_ANCHOR_MODE=merkle, batches closing after 2 s): a contract is
// signed by everyone, its document records a proof, and /en/verify?document=<id> (the QR code's link)
// shows the proof checked in the browser and the browser's own question to the chain (eth_chainId and
// eth_call rootTimestamp on the local chain's RPC, seen as the page's requests) with the root's time on
// chain; a chain that answers zero (page.route) is shown as not found, one that cannot be reached as
// the server's reading; /jp/ says it in Japanese; no critical or serious axe violation.
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { api, env, eventually } from '../support/cloud-client';
import { sendTwoContractorDocument } from '../support/documents';
import { makePng } from '../support/png';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { seriousAxeViolations } from '../support/axe';
import { ROOT, startCloudProcess, stopCloudProcess } from '../support/spawn-cloud.mjs';
import { ROOT_TIMESTAMP_SELECTOR } from '../../web/src/features/verify/evidence/chain-check';
import { verifyMerkle, type MerkleProofJson } from '../../scripts/verify-merkle';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(240000);

let child: ChildProcess | undefined;
let rpcUrl: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  const runDir = path.join(env('TEST_RUN_DIR'), `verify-merkle-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const started = await startCloudProcess({
    dataDir: path.relative(ROOT, path.join(runDir, 'data')),
    logFile: path.join(runDir, 'local-cloud.log'),
    env: {
      LOCAL_BUILD: 'never',
      LOCAL_ANCHOR_MODE: 'merkle',
      LOCAL_ANCHOR_BATCH_AGE_SECONDS: '2',
      TRIAL_CONTRACTS: '1000',
    },
  });
  child = started.child;
  rpcUrl = (started.info as { chain: { rpcUrl: string } }).chain.rpcUrl;
  Object.assign(process.env, started.info.handlerEnv, {
    TEST_APP_URL: started.info.appUrl,
    TEST_MAILBOX_URL: started.info.mailboxUrl,
    TEST_COGNITO_ENDPOINT: started.info.endpoints.cognito,
  });
}, 300_000);

afterAll(async () => {
  if (child) await stopCloudProcess(child);
  for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
  Object.assign(process.env, savedEnv);
}, 60_000);

const signPath = (docuId: string, token: string, rest = '') => `/api/sign/${docuId}/${token}${rest}`;

async function signAndAgree(docuId: string, token: string, areaIndexes: number[]) {
  const sign = await api(signPath(docuId, token, '/signs'), {
    method: 'POST',
    body: { image: Buffer.from(makePng(120, 48)).toString('base64') },
  });
  await api(signPath(docuId, token, '/areas'), {
    method: 'PUT',
    body: { signs: areaIndexes.map((areaIndex) => ({ areaIndex, signId: sign.body.signId })) },
  });
  expect(
    (await api(signPath(docuId, token, '/agree'), { method: 'POST', body: { lang: 'en' } })).status,
  ).toBe(200);
}

describe('verification page for a document anchored in a Merkle batch', () => {
  let session: BrowserSession;
  let docuId: string;
  let proof: MerkleProofJson & { chainId: number; anchoredAt: string };
  /** rootTimestamp(root) as this test reads it from the chain itself (unix seconds). */
  let rootTime: number;

  beforeAll(async () => {
    const s = await sendTwoContractorDocument({ title: `Batch lease ${Date.now()}` });
    docuId = s.docuId;
    await signAndAgree(s.docuId, s.mailToken, [0, 1]);
    await signAndAgree(s.docuId, s.smsToken, [2]);
    const answer = await eventually(
      async () => {
        const res = await api(`/api/verify?document=${s.docuId}`);
        return res.body?.chain?.merkle ? res.body : undefined;
      },
      180_000,
      'the document anchored in a batch',
    );
    proof = answer.chain.merkle;
    const check = await verifyMerkle(rpcUrl, proof);
    expect(check.ok).toBe(true);
    rootTime = check.timestamp;
  }, 400_000);

  beforeEach(async () => {
    // 380 px: the narrowest phone the page is laid out for.
    session = await launchBrowser({ viewport: { width: 380, height: 844 } });
  });
  afterEach(async () => {
    await session.close();
  });

  /** The JSON-RPC calls the page sends to the chain's RPC (its origin), as the browser sent them. */
  function chainRequests(page: Page) {
    const origin = new URL(rpcUrl).origin;
    const calls: { method: string; params: unknown[] }[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin || request.method() !== 'POST') return;
      const body = request.postDataJSON() as { method: string; params: unknown[] };
      calls.push({ method: body.method, params: body.params });
    });
    return calls;
  }

  /** The page's width fits the viewport: nothing sticks out sideways at 380 px. */
  async function expectNoSidewaysScroll(page: Page) {
    const [scrollWidth, clientWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  }

  it('asks the chain from the browser and shows the root’s time on chain, with no serious axe violation', async () => {
    await session.run(async (page) => {
      const calls = chainRequests(page);
      await openApp(session, `/en/verify?document=${docuId}`);
      await expectVisibleText(page, text('en', 'verify.chain.merkle.proofOk'));
      await expectVisibleText(page, proof.root);
      const time = page.getByTestId('verify-merkle-chain-time').locator('time');
      await time.waitFor({ state: 'visible', timeout: 30_000 });
      // The time is the chain's answer to the browser: the root's block time, as this test read it.
      expect(await time.getAttribute('datetime')).toBe(new Date(rootTime * 1000).toISOString());
      const shown = (await time.textContent())!;
      await expect(page.getByTestId('verify-merkle-chain').textContent()).resolves.toBe(
        text('en', 'verify.chain.merkle.onChain.found', { time: shown }),
      );
      expect(await page.getByTestId('verify-merkle-chain').getAttribute('role')).toBe('status');
      // The browser's own requests to the chain's RPC: the chain id, and rootTimestamp of the root it
      // computed from the document's hash and the proof, on the proof's contract.
      expect(calls.map((c) => c.method).sort()).toEqual(['eth_call', 'eth_chainId']);
      expect(calls.find((c) => c.method === 'eth_call')!.params).toEqual([
        {
          to: proof.contractAddress.toLowerCase(),
          data: ROOT_TIMESTAMP_SELECTOR + proof.root.slice(2),
        },
        'latest',
      ]);
      const answer = page.getByTestId('verify-merkle');
      await expect(answer.textContent()).resolves.toContain(text('en', 'verify.chain.merkle.noToken'));
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  it('says so, as an alert, when the chain has no record of the root (the RPC answers zero)', async () => {
    await session.run(async (page) => {
      const calls = chainRequests(page);
      const origin = new URL(rpcUrl).origin;
      await page.route(
        (url) => url.origin === origin,
        async (route) => {
          const body = route.request().postDataJSON() as { id: number; method: string } | null;
          if (body?.method !== 'eth_call') return route.continue();
          // The real node's response (its CORS headers), with rootTimestamp = 0.
          const response = await route.fetch();
          await route.fulfill({
            response,
            json: { jsonrpc: '2.0', id: body.id, result: `0x${'0'.repeat(64)}` },
          });
        },
      );
      await openApp(session, `/en/verify?document=${docuId}`);
      await expectVisibleText(page, text('en', 'verify.chain.merkle.onChain.notFound'));
      expect(await page.getByTestId('verify-merkle-chain').getAttribute('role')).toBe('alert');
      expect(calls.map((c) => c.method)).toContain('eth_call');
      // The time shown is the server's, and says so.
      await expectVisibleText(page, text('en', 'verify.chain.merkle.serverTime'));
      expect(await page.getByTestId('verify-merkle-chain-time').count()).toBe(0);
      await expectNoSidewaysScroll(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  it('says the proof was checked but the chain could not be asked when the RPC is unreachable, in Korean', async () => {
    await session.run(async (page) => {
      const origin = new URL(rpcUrl).origin;
      await page.route(
        (url) => url.origin === origin,
        (route) => route.abort('connectionrefused'),
      );
      await openApp(session, `/ko/verify?document=${docuId}`);
      await expectVisibleText(page, text('ko', 'verify.chain.merkle.proofOk'));
      await expectVisibleText(page, text('ko', 'verify.chain.merkle.onChain.unreachable'));
      await expectVisibleText(page, text('ko', 'verify.chain.merkle.serverTime'));
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The refused requests are the browser's console errors of this case, and only they.
      expect(session.unexpectedProblems([/ERR_CONNECTION_REFUSED|Failed to load resource/])).toEqual([]);
    });
  });

  it('says it in Japanese', async () => {
    await session.run(async (page) => {
      await openApp(session, `/jp/verify?document=${docuId}`);
      await expectVisibleText(page, text('ja', 'verify.chain.merkle.proofOk'));
      await page.getByTestId('verify-merkle-chain-time').locator('time').waitFor({ timeout: 30_000 });
      await expectVisibleText(page, text('ja', 'verify.chain.merkle.chainTime'));
    });
  });
});
