import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AppFunction, ESM_REQUIRE_BANNER } from '../../lib/constructs/app-function.js';
import { cleanup, logicalIdOf, testApp } from './support.js';

afterAll(cleanup);

const ENTRY = fileURLToPath(new URL('./fixtures/bundle/handler.ts', import.meta.url));

describe('an AppFunction', () => {
  const stack = new Stack(testApp(), 'FunctionTest');
  const fn = new AppFunction(stack, 'Fn', { entry: ENTRY, environment: { EXTRA: 'yes' } });
  const template = Template.fromStack(stack);
  const fnId = logicalIdOf(fn);

  test('runs on Node.js 22, arm64, traced, logging JSON (source maps read only when an error is logged)', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: Match.objectLike({ LogFormat: 'JSON', LogGroup: Match.anyValue() }),
      Environment: { Variables: Match.objectLike({ EXTRA: 'yes' }) },
    });
  });

  test('does not make Node read the source map at start-up (--enable-source-maps)', () => {
    expect(template.toJSON().Resources[fnId].Properties.Environment.Variables.NODE_OPTIONS).toBeUndefined();
  });

  test('logs to its own group with a retention', () => {
    const logGroupId = logicalIdOf(fn.logGroup);
    expect(template.toJSON().Resources[fnId].Properties.LoggingConfig.LogGroup).toEqual({ Ref: logGroupId });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  test('has a role without AWS managed policies, allowed to write only its own log group (and X-Ray)', () => {
    template.hasResourceProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
    const policy = Object.values(template.findResources('AWS::IAM::Policy'))[0]!;
    const statements = policy.Properties.PolicyDocument.Statement as {
      Action: string[];
      Resource: unknown;
    }[];
    for (const statement of statements) {
      if (statement.Resource === '*') {
        expect(statement.Action).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
      } else {
        expect(statement.Action).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
      }
    }
  });
});

describe('bundling (really runs esbuild)', () => {
  let outdir: string;
  let assetDir: string;

  beforeAll(() => {
    const app: App = testApp({ bundle: true });
    const stack = new Stack(app, 'BundleTest');
    new AppFunction(stack, 'Fn', { entry: ENTRY });
    outdir = app.synth().directory;
    const code = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0]!
      .Properties.Code;
    const assetHash = (code.S3Key as string).replace(/\.zip$/, '');
    assetDir = join(outdir, `asset.${assetHash}`);
  }, 60_000);

  test('emits one minified ES module with its source map and no TypeScript', () => {
    expect(existsSync(join(assetDir, 'index.mjs'))).toBe(true);
    expect(existsSync(join(assetDir, 'index.mjs.map'))).toBe(true);
    const source = readFileSync(join(assetDir, 'index.mjs'), 'utf8');
    expect(source.startsWith(ESM_REQUIRE_BANNER)).toBe(true);
    expect(source).toMatch(/sourceMappingURL=index\.mjs\.map/);
    expect(source.split('\n').length).toBeLessThan(10);
    const map = JSON.parse(readFileSync(join(assetDir, 'index.mjs.map'), 'utf8'));
    expect(map.sourcesContent).toBeUndefined();
  });

  test('loads as ESM in Node and can still require() built-ins from bundled CommonJS code', () => {
    const url = pathToFileURL(join(assetDir, 'index.mjs')).href;
    const output = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(url)}); console.log(JSON.stringify(await m.handler()));`,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
    );
    expect(JSON.parse(output)).toEqual({ ok: true, eol: JSON.stringify('\n'), esm: true });
  });
});

describe('stack traces of a bundled function', () => {
  let bundle: string;

  beforeAll(() => {
    const app: App = testApp({ bundle: true });
    const stack = new Stack(app, 'StackTraceTest');
    new AppFunction(stack, 'Fn', {
      entry: fileURLToPath(new URL('./fixtures/bundle/throws.ts', import.meta.url)),
    });
    const outdir = app.synth().directory;
    const code = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0]!
      .Properties.Code;
    bundle = join(outdir, `asset.${(code.S3Key as string).replace(/\.zip$/, '')}`, 'index.mjs');
  }, 60_000);

  const loggedStack = (env: Record<string, string> = {}) =>
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(pathToFileURL(bundle).href)}); console.log(await m.handler());`,
      ],
      { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } },
    );

  test('name the TypeScript sources and lines when an error is logged, from the map beside the bundle', () => {
    const stack = loggedStack();
    expect(stack).toMatch(/^Error: boom/);
    // The throw is on line 5 of the fixture, the call on line 12.
    // Locations are mapped (from the project root); function names stay minified.
    expect(stack).toMatch(/at \S+ \(test\/cdk\/fixtures\/bundle\/throws\.ts:5:\d+\)/);
    expect(stack).toMatch(/\(test\/cdk\/fixtures\/bundle\/throws\.ts:12:\d+\)/);
    expect(stack).not.toMatch(/index\.mjs:\d+:\d+/);
  });

  test('are left as they are where Node maps them itself', () => {
    const stack = loggedStack({ NODE_OPTIONS: '--enable-source-maps' });
    expect(stack).toMatch(/throws\.ts:5:\d+/);
  });
});
