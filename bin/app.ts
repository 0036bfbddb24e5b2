#!/usr/bin/env node
// CDK entry point (cdk.json: `npx tsx bin/app.ts`): the only place that reads deploy-time context
// and environment. Checks them, composes the stacks, and runs cdk-nag's AWS Solutions checks.
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

composeApp(app, { ...settings, siteAssetPath });
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
