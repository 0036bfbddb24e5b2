// The gallery's starter forms (issue #27 item 5) reach the deployed templates function: its real
// bundle (esbuild, as `cdk deploy` builds it) carries every PDF and the fields read from it under
// assets/gallery, byte for byte, and the composed app tells the function where (GALLERY_DIR).
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppFunction, PROJECT_ROOT } from '../../lib/constructs/app-function.js';
import { fieldsFileOf, GALLERY, GALLERY_SOURCE_DIR } from '../../lambdas/gallery/catalog.js';
import { cleanup, composeTestApp, testApp } from './support.js';

afterAll(cleanup);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- synthesised template JSON is untyped
type Resource = { Type: string; Properties: any };

const FILES = GALLERY.flatMap((g) => [g.file, fieldsFileOf(g)]);

test('the composed app gives the templates function the gallery folder', () => {
  const composed = composeTestApp();
  const functions = Object.values(
    Template.fromStack(composed.app).toJSON().Resources as Record<string, Resource>,
  ).filter(
    (r) =>
      r.Type === 'AWS::Lambda::Function' &&
      r.Properties.Description === 'API handler lambdas/handlers/templates.ts',
  );
  expect(functions).toHaveLength(1);
  expect(functions[0]!.Properties.Environment.Variables).toMatchObject({
    GALLERY_DIR: '/var/task/assets/gallery',
  });
});

test('the bundled templates function carries every starter form and its fields', () => {
  const app = testApp({ bundle: true });
  const stack = new Stack(app, 'GalleryBundle');
  new AppFunction(stack, 'Templates', { entry: join(PROJECT_ROOT, 'lambdas/handlers/templates.ts') });
  const outdir = app.synth().directory;
  const code = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0]!.Properties
    .Code;
  const assetDir = join(outdir, `asset.${(code.S3Key as string).replace(/\.zip$/, '')}`);
  expect(FILES).toHaveLength(18);
  for (const file of FILES) {
    const copied = join(assetDir, 'assets/gallery', file);
    expect(existsSync(copied)).toBe(true);
    expect(readFileSync(copied).equals(readFileSync(join(GALLERY_SOURCE_DIR, file)))).toBe(true);
  }
}, 180_000);
