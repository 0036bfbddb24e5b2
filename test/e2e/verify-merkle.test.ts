// The verify page for a document anchored in a Merkle batch (issue #33 part 4), in Chromium, on a local
// cloud of its own in merkle mode (LOCAL_ANCHOR_MODE=merkle, batches closing after 2 s): a contract is
// signed by everyone, its document records a proof, and /en/verify?document=<id> (the QR code's link)
// shows the proof checked in the browser against the root read from the chain, with the root and its
// time; /jp/ says it in Japanese; no critical or serious axe violation.
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { jest } from '@jest/globals';
import { api, env, eventually } from '../support/cloud-client';
import { sendTwoContractorDocument } from '../support/documents';
import { makePng } from '../support/png';
import { launchBrowser, openApp, type BrowserSession } from '../support/browser';
import { seriousAxeViolations } from '../support/axe';
import { ROOT, startCloudProcess, stopCloudProcess } from '../support/spawn-cloud.mjs';
import { text } from './catalogue';
import { expectVisibleText } from './steps';

jest.setTimeout(240000);

let child: ChildProcess | undefined;
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
  let root: string;

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
    root = answer.chain.merkle.root as string;
  }, 400_000);

  beforeEach(async () => {
    session = await launchBrowser({ viewport: { width: 390, height: 844 } });
  });
  afterEach(async () => {
    await session.close();
  });

  it('shows the proof verified in the browser, the root and its time, with no serious axe violation', async () => {
    await session.run(async () => {
      const page = await openApp(session, `/en/verify?document=${docuId}`);
      await expectVisibleText(page, text('en', 'verify.chain.merkle.proofOk'));
      await expectVisibleText(page, root);
      const answer = page.getByTestId('verify-merkle');
      await expect(answer.textContent()).resolves.toContain(text('en', 'verify.chain.merkle.noToken'));
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(session.unexpectedProblems()).toEqual([]);
    });
  });

  it('says it in Japanese', async () => {
    await session.run(async () => {
      const page = await openApp(session, `/jp/verify?document=${docuId}`);
      await expectVisibleText(page, text('ja', 'verify.chain.merkle.proofOk'));
    });
  });
});
