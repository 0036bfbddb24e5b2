// Shared set-up for the CDK tests: apps built with the same feature flags as cdk.json, a throwaway
// built-SPA folder, and the composed app exactly as bin/app.ts builds it.
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeApp, type ComposedApp } from '../../bin/compose.js';
import { readSettings } from '../../bin/settings.js';

/** The context of cdk.json (feature flags included), so tests synthesise what `cdk synth` does. */
export const CDK_JSON_CONTEXT: Record<string, unknown> = JSON.parse(
  readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8'),
).context;

export const TEST_ACCOUNT = '123456789012';
export const TEST_REGION = 'ap-northeast-1';
export const MAIL_FROM = 'SignSeal <no-reply@signseal.example>';

// Everything a test file writes (cloud assemblies, the fake SPA build) lives under one folder that
// cleanup() removes.
let workDir: string | undefined;
function work(): string {
  workDir ??= mkdtempSync(join(tmpdir(), 'signseal-cdk-test-'));
  return workDir;
}

let siteDir: string | undefined;

/** A folder that looks like `npm run build` output: index.html plus a content-hashed asset. */
export function siteAssets(): string {
  if (!siteDir) {
    siteDir = mkdtempSync(join(work(), 'site-'));
    mkdirSync(join(siteDir, 'assets'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>SignSeal</title><div id="root"></div>');
    writeFileSync(join(siteDir, 'assets', 'index-3f2a1b.js'), 'console.log("signseal")');
  }
  return siteDir;
}

/** Removes what this test file wrote; call it from afterAll. */
export function cleanup(): void {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
  siteDir = undefined;
}

export interface TestAppOptions {
  /** Extra CDK context, as `-c key=value` would give it. */
  readonly context?: Record<string, unknown>;
  /** Run esbuild for the functions. @default false (placeholder code, much faster) */
  readonly bundle?: boolean;
  /** Run CDK's built-in CloudFormation template validation (~10 s). @default false */
  readonly cfnValidation?: boolean;
}

export function testApp(options: TestAppOptions = {}): App {
  return new App({
    outdir: mkdtempSync(join(work(), 'cdk.out-')),
    builtinCloudFormationValidation: options.cfnValidation ?? false,
    context: {
      ...CDK_JSON_CONTEXT,
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
      ...options.context,
    },
  });
}

/** The whole app as bin/app.ts composes it, from context (mailFrom is always given). */
export function composeTestApp(options: TestAppOptions = {}): ComposedApp & { readonly root: App } {
  const root = testApp({ ...options, context: { mailFrom: MAIL_FROM, ...options.context } });
  const settings = readSettings(root.node, {
    CDK_DEFAULT_ACCOUNT: TEST_ACCOUNT,
    CDK_DEFAULT_REGION: TEST_REGION,
  });
  return { root, ...composeApp(root, { ...settings, siteAssetPath: siteAssets() }) };
}

/** Context that turns on every optional feature: Google, LINE, custom domain, WAF. */
export const FULL_CONTEXT = {
  siteUrl: 'https://sign.signseal.example',
  certificateArn: `arn:aws:acm:us-east-1:${TEST_ACCOUNT}:certificate/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b`,
  googleClientId: '1234-abc.apps.googleusercontent.com',
  googleClientSecretName: 'signseal/google-client-secret',
  lineChannelId: '2000000001',
  lineChannelSecretName: 'signseal/line-channel-secret',
  authDomainPrefix: 'signseal-test',
  webAclArn: `arn:aws:wafv2:us-east-1:${TEST_ACCOUNT}:global/webacl/signseal/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b`,
  cspConnectSrc: 'https://rpc.example-chain.org',
} as const;

/** The logical id CloudFormation knows an L2 construct's main resource by. */
export function logicalIdOf(construct: IConstruct): string {
  return Stack.of(construct).resolve((construct.node.defaultChild as CfnElement).logicalId) as string;
}

/** A resource of a synthesised template (its JSON is untyped). */
export interface TemplateResource {
  Type: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthesised template JSON is untyped
  Properties: any;
  DependsOn?: string | string[];
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
}

/** Every resource of `stack`'s template, by logical id. */
export function resourcesOf(stack: Stack): Record<string, TemplateResource> {
  return Template.fromStack(stack).toJSON().Resources as Record<string, TemplateResource>;
}

/** Every config.json (the SPA's runtime configuration) under a synthesised assembly's directory. */
export function configJsonFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...configJsonFiles(path));
    else if (entry === 'config.json') found.push(path);
  }
  return found;
}
