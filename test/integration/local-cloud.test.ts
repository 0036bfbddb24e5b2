// `npm start` itself: data survives a restart; bad configuration and busy ports give one clear line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { FREE_PORTS, ROOT, childEnv, startCloudProcess, stopCloudProcess } from '../support/spawn-cloud.mjs';
import { signIn } from '../support/cloud-client';

const runDir = () => path.join(process.env.TEST_RUN_DIR!, 'restart');

function runStart(env: Record<string, string>) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'local/start.ts'], {
    cwd: ROOT,
    env: childEnv({ LOCAL_BUILD: 'never', LOCAL_DATA_DIR: path.relative(ROOT, runDir()), ...env }),
    encoding: 'utf8',
    timeout: 90000,
  });
  return { status: res.status, stderr: res.stderr.trim(), stdout: res.stdout.trim() };
}

describe('the local cloud', () => {
  it('keeps users, their data and the user pool across a restart', async () => {
    fs.mkdirSync(runDir(), { recursive: true });
    const dataDir = path.relative(ROOT, path.join(runDir(), 'data'));
    const logFile = path.join(runDir(), 'cloud.log');
    const renamed = `Renamed ${Date.now()}`;
    const me = async (appUrl: string, cognito: string, clientId: string, rename?: string) => {
      process.env.TEST_COGNITO_ENDPOINT = cognito;
      process.env.USER_POOL_CLIENT_ID = clientId;
      const { idToken } = await signIn('owner@demo.signseal.local', 'Demo-owner-1');
      const res = await fetch(`${appUrl}/api/me`, {
        method: rename ? 'PATCH' : 'GET',
        headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
        body: rename ? JSON.stringify({ name: rename }) : undefined,
      });
      return (await res.json()) as { userId: string; validDate: string; name: string };
    };
    const saved = { cognito: process.env.TEST_COGNITO_ENDPOINT, client: process.env.USER_POOL_CLIENT_ID };
    try {
      const first = await startCloudProcess({ dataDir, logFile, env: { LOCAL_BUILD: 'never' } });
      const before = await me(
        first.info.appUrl,
        first.info.endpoints.cognito,
        first.info.resources.userPoolClientId,
        renamed,
      );
      expect(before.name).toBe(renamed);
      await stopCloudProcess(first.child);

      const second = await startCloudProcess({ dataDir, logFile, env: { LOCAL_BUILD: 'never' } });
      try {
        expect(second.info.resources.userPoolId).toBe(first.info.resources.userPoolId);
        // The chain keeps its state, so the contract deployed at the first start is still the one.
        expect(second.info.chain.contractAddress).toBe(first.info.chain.contractAddress);
        expect(second.info.chain.deployedAt).toBe(first.info.chain.deployedAt);
        const after = await me(
          second.info.appUrl,
          second.info.endpoints.cognito,
          second.info.resources.userPoolClientId,
        );
        expect(after.userId).toBe(before.userId);
        expect(after.validDate).toBe(before.validDate);
        expect(after.name).toBe(renamed);
      } finally {
        await stopCloudProcess(second.child);
      }
    } finally {
      process.env.TEST_COGNITO_ENDPOINT = saved.cognito;
      process.env.USER_POOL_CLIENT_ID = saved.client;
    }
  }, 120000);

  it('stops with one line naming a malformed variable', () => {
    const res = runStart({ PORT: 'eighty' });
    expect(res.status).toBe(1);
    expect(res.stderr.split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^Configuration error: PORT is malformed/);
  });

  // Each service binds its own port (issue #35); a fixed one that is busy still stops the start with
  // one line naming the variable, whichever service it belongs to.
  it.each([
    ['PORT', 'app'],
    ['LOCAL_DYNAMODB_PORT', 'DynamoDB Local'],
    ['LOCAL_COGNITO_PORT', 'Cognito (cognito-local)'],
    ['LOCAL_S3_PORT', 'S3 (s3rver)'],
    ['LOCAL_SES_PORT', 'SES mailbox'],
    ['LOCAL_SQS_PORT', 'SQS/SNS (fauxqs)'],
    ['LOCAL_CHAIN_PORT', 'local chain'],
    ['LOCAL_STRIPE_PORT', 'local Stripe'],
  ])('stops with one line when %s is busy', async (variable, label) => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const res = runStart({ ...FREE_PORTS, [variable]: String(port) });
      expect(res.status).toBe(1);
      expect(res.stderr).toBe(
        `Port ${port} (${label}) is busy. Set ${variable}=<another port> (0 picks a free one).`,
      );
    } finally {
      blocker.close();
    }
  });

  it('stops with one line when Java is missing', () => {
    // A PATH holding node alone (on Debian, java sits beside node in /usr/bin).
    const bin = path.join(runDir(), 'node-only-bin');
    fs.mkdirSync(bin, { recursive: true });
    if (!fs.existsSync(path.join(bin, 'node'))) fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    const res = runStart({ ...FREE_PORTS, PATH: bin });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/^Java 17 or newer is needed for DynamoDB Local and was not found/);
    expect(res.stderr.split('\n')).toHaveLength(1);
  });
});
