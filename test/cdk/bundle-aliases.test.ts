// The module replacements of lib/bundle-aliases.ts, checked on a real bundle: the SDK's credential
// chain is replaced by the Lambda one (environment, then the container endpoint), which signs real
// requests and says clearly when it finds nothing.
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { AppFunction } from '../../lib/constructs/app-function.js';
import { cleanup, testApp } from './support.js';

afterAll(cleanup);

const ENTRY = fileURLToPath(new URL('./fixtures/bundle/sdk-call.ts', import.meta.url));

let bundle: string;
let server: Server;
let base: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  const app: App = testApp({ bundle: true });
  const stack = new Stack(app, 'AliasTest');
  new AppFunction(stack, 'Fn', { entry: ENTRY });
  const outdir = app.synth().directory;
  const code = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0]!.Properties
    .Code;
  bundle = join(outdir, `asset.${(code.S3Key as string).replace(/\.zip$/, '')}`, 'index.mjs');

  // A stand-in DynamoDB endpoint that records the signed headers, and a container credentials endpoint.
  server = createServer((req, res) => {
    if (req.url === '/creds') {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          AccessKeyId: 'AKIDCONTAINER',
          SecretAccessKey: 'secret',
          Token: 'token',
          Expiration: new Date(Date.now() + 3600_000).toISOString(),
        }),
      );
      return;
    }
    seen.push(req.headers);
    res.setHeader('content-type', 'application/x-amz-json-1.0');
    res.end(JSON.stringify({ TableNames: ['t1'] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 90_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function invoke(env: Record<string, string>): Promise<Record<string, unknown>> {
  const script = `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); console.log(JSON.stringify(await m.handler({ endpoint: ${JSON.stringify(base)} })));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

test('the bundle carries the Lambda chain, not the SDK default chain (no SSO, INI, process or STS code)', () => {
  const source = readFileSync(bundle, 'utf8');
  expect(source).not.toContain('defaultProvider::fromSSO');
  expect(source).not.toContain('defaultProvider::fromIni');
  expect(source).not.toContain('AssumeRoleWithWebIdentity');
  expect(source).toContain('container credentials endpoint');
});

test("signs with the execution role's credentials from the environment", async () => {
  const out = await invoke({
    AWS_ACCESS_KEY_ID: 'AKIDFROMENV',
    AWS_SECRET_ACCESS_KEY: 's',
    AWS_SESSION_TOKEN: 't',
  });
  expect(out).toEqual({ ok: true, tables: ['t1'] });
  const last = seen[seen.length - 1]!;
  expect(last.authorization).toContain('Credential=AKIDFROMENV/');
  expect(last['x-amz-security-token']).toBe('t');
}, 30_000);

test('falls back to the container credentials endpoint', async () => {
  const out = await invoke({ AWS_CONTAINER_CREDENTIALS_FULL_URI: `${base}/creds` });
  expect(out).toEqual({ ok: true, tables: ['t1'] });
  expect(seen[seen.length - 1]!.authorization).toContain('Credential=AKIDCONTAINER/');
}, 30_000);

test('without any credentials, fails with a message naming what it looked for', async () => {
  // A profile file is never read, even if one is named.
  const out = await invoke({ AWS_PROFILE: 'someone' });
  expect(out.ok).toBe(false);
  expect(out.message).toMatch(
    /neither AWS_ACCESS_KEY_ID\/AWS_SECRET_ACCESS_KEY nor a container credentials endpoint/,
  );
}, 30_000);
