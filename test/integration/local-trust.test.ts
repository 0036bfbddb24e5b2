// The local cloud's trust services (issue #30) as `npm start` runs them: the handlers get TSA_URLS
// (both authorities answer, and openssl verifies their tokens against the local root) and a
// SEAL_SIGNER_FILE whose certificate the local CA issued and whose responder says good; the fault
// switch (LOCAL_FAULTS=1) takes both authorities down and brings them back; a busy port stops the
// start with one line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { parseServiceSigner } from '../../lambdas/adapters/service-signer';
import { identityOf } from '../../lambdas/sealing/cms';
import forge from '../../lambdas/sealing/forge';
import { ocspUrlOf } from '../../local/trust/ca';
import { env } from '../support/cloud-client';
import {
  FREE_PORTS,
  ROOT,
  childEnv,
  startCloudProcess,
  stopCloudProcess,
  type CloudInfo,
} from '../support/spawn-cloud.mjs';
import { fetchErrorCode, openssl, post } from '../support/trust';

const QUERY = 'application/timestamp-query';
const runDir = () => path.join(env('TEST_RUN_DIR'), `local-trust-${process.pid}`);

beforeAll(() => {
  fs.mkdirSync(runDir(), { recursive: true });
  fs.writeFileSync(path.join(runDir(), 'data.txt'), 'Evidence that outlives us.\n');
});

/** An openssl query POSTed to `url`; the reply's file name in the run folder. */
async function timestamp(url: string, name: string): Promise<string> {
  await openssl(['ts', '-query', '-data', 'data.txt', '-sha256', '-cert', '-out', `${name}.tsq`], runDir());
  const res = await post(url, QUERY, fs.readFileSync(path.join(runDir(), `${name}.tsq`)));
  expect(res.status).toBe(200);
  fs.writeFileSync(path.join(runDir(), `${name}.tsr`), res.body);
  return `${name}.tsr`;
}

describe('the local trust services of the started cloud', () => {
  it('hands the handlers two timestamp authorities that grant tokens openssl verifies', async () => {
    const urls = env('TSA_URLS').split(',');
    expect(urls).toHaveLength(2);
    expect(new Set(urls).size).toBe(2);
    for (const [i, url] of urls.entries()) {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const reply = await timestamp(url, `cloud-${i}`);
      const text = await openssl(['ts', '-reply', '-in', reply, '-text'], runDir());
      expect(text.stdout).toContain('Status: Granted.');
      const verified = await openssl(
        [
          'ts',
          '-verify',
          '-in',
          reply,
          '-data',
          'data.txt',
          '-CAfile',
          env('TEST_TRUST_ROOT_FILE'),
          '-untrusted',
          env('TEST_TRUST_INTERMEDIATE_FILE'),
        ],
        runDir(),
      );
      expect(verified.stdout.trim()).toBe('Verification: OK');
    }
  }, 60_000);

  it('hands them a sealing key certified by the local CA, which its OCSP responder says is good', async () => {
    const file = env('SEAL_SIGNER_FILE');
    const identity = identityOf(parseServiceSigner(fs.readFileSync(file, 'utf8'), file));
    expect(identity.commonName).toBe('SignSeal local sealing');
    expect(identity.chain).toHaveLength(3);
    const root = fs.readFileSync(env('TEST_TRUST_ROOT_FILE'), 'utf8');
    const rootDer = Buffer.from(
      forge.asn1.toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(root))).getBytes(),
      'binary',
    );
    expect(Buffer.from(identity.chain[2]!).equals(rootDer)).toBe(true);
    expect(ocspUrlOf(identity.chain[0]!)).toBe(env('TEST_OCSP_URL'));

    const leaf = path.join(runDir(), 'sealing.pem');
    fs.writeFileSync(leaf, forge.pki.certificateToPem(identity.certificate));
    const res = await openssl(
      [
        'ocsp',
        '-issuer',
        env('TEST_TRUST_INTERMEDIATE_FILE'),
        '-cert',
        leaf,
        '-url',
        env('TEST_OCSP_URL'),
        '-CAfile',
        env('TEST_TRUST_ROOT_FILE'),
      ],
      runDir(),
    );
    expect(res.stdout).toContain(`${leaf}: good`);
    expect(res.stderr).toContain('Response verify OK');
  }, 60_000);
});

describe('the fault switch of a cloud started with LOCAL_FAULTS=1', () => {
  let child: ChildProcess | undefined;
  let info: CloudInfo;

  beforeAll(async () => {
    const started = await startCloudProcess({
      dataDir: path.relative(ROOT, path.join(runDir(), 'faults-data')),
      logFile: path.join(runDir(), 'faults-cloud.log'),
      env: { LOCAL_BUILD: 'never', LOCAL_FAULTS: '1', LOCAL_DYNAMODB_IN_MEMORY: '1' },
    });
    child = started.child;
    info = started.info;
  }, 300_000);

  afterAll(async () => {
    if (child) await stopCloudProcess(child);
  }, 60_000);

  it('takes both timestamp authorities down (connections refused) and brings them back', async () => {
    const urls = info.trust.tsaUrls;
    expect(info.handlerEnv.TSA_URLS).toBe(urls.join(','));
    const control = (action: string) => fetch(`${info.faultsUrl}${action}`, { method: 'POST' });

    const down = await control('/tsa/down');
    expect(down.status).toBe(200);
    expect(await down.json()).toEqual({ tsa: 'down' });
    const init = { method: 'POST', headers: { 'content-type': QUERY }, body: 'x' };
    for (const url of urls) expect(await fetchErrorCode(url, init)).toBe('ECONNREFUSED');
    expect(await (await fetch(`${info.faultsUrl}/`)).json()).toEqual({ mailbox: 'up', tsa: 'down' });

    const up = await control('/tsa/up');
    expect(await up.json()).toEqual({ tsa: 'up' });
    for (const [i, url] of urls.entries()) {
      const reply = await timestamp(url, `faults-${i}`);
      expect((await openssl(['ts', '-reply', '-in', reply, '-text'], runDir())).stdout).toContain(
        'Status: Granted.',
      );
    }
    // The mailbox switch answers as before.
    expect(await (await control('/mailbox/up')).json()).toEqual({ mailbox: 'up' });
  }, 60_000);
});

describe('a busy trust port', () => {
  // One case (each costs an emulator start): the responder and the fallback bind through the same
  // helper (local/trust/http.ts serve → local/ports.ts listenOn), each with its label and variable.
  it.each([['LOCAL_TSA_PORT', 'local TSA']])(
    'stops the start with one line when %s is busy',
    async (variable, label) => {
      const blocker = net.createServer();
      await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
      const port = (blocker.address() as net.AddressInfo).port;
      try {
        const res = spawnSync(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
          cwd: ROOT,
          env: childEnv({
            ...FREE_PORTS,
            LOCAL_BUILD: 'never',
            LOCAL_DYNAMODB_IN_MEMORY: '1',
            LOCAL_DATA_DIR: path.relative(ROOT, path.join(runDir(), `busy-${variable}`)),
            [variable]: String(port),
          }),
          encoding: 'utf8',
          timeout: 120_000,
        });
        expect(res.status).toBe(1);
        expect(res.stderr.trim()).toBe(
          `Port ${port} (${label}) is busy. Set ${variable}=<another port> (0 picks a free one).`,
        );
      } finally {
        blocker.close();
      }
    },
    150_000,
  );
});
