#!/usr/bin/env node
// CDK entry point (cdk.json: `npx tsx bin/app.ts`): the only place that reads deploy-time context
// and environment. Checks them, composes the stacks, and runs cdk-nag's AWS Solutions checks.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ensureArtifact } from '../lambdas/chain/compile.js';
import { composeApp } from './compose.js';
import { readSettings, SettingsError } from './settings.js';

const app = new App();

let settings;
try {
  settings = readSettings(app.node, process.env);
} catch (error) {
  if (error instanceof SettingsError) {
    console.error(`signseal: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const siteAssetPath = resolve(settings.siteAssetPath);
if (!existsSync(join(siteAssetPath, 'index.html'))) {
  console.error(`signseal: ${siteAssetPath}/index.html not found: run \`npm run build\` first.`);
  process.exit(1);
}

// The anchor worker and verification bundle the compiled contract: build it when missing or stale
// (offline, ~1 s; the same code as `npm run contract:build`) rather than fail inside bundling.
try {
  ensureArtifact({ log: (line) => console.error(`signseal: ${line}`) });
} catch (error) {
  const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  console.error(`signseal: ${first} Run \`npm run contract:build\` to see the details.`);
  process.exit(1);
}

composeApp(app, { ...settings, siteAssetPath });
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
