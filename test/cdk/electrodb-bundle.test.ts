// ElectroDB in a real function bundle with `jsonschema` replaced (lib/bundle-aliases.ts): every entity
// of the product is made, queries are built, and attribute values are still checked (ElectroDB's own
// checks of values do not use jsonschema; only the model check it replaces does).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { functionBuildOptions } from '../../bench/analyze';

const ENTRY = 'test/cdk/fixtures/bundle/entities.ts';
let dir: string;
let inputs: string[];
let out: { names: string[]; query: { TableName: string; IndexName?: string }; refused: string };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'electrodb-bundle-'));
  const result = await esbuild.build({ ...functionBuildOptions([ENTRY], dir), write: true });
  const output = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint)!;
  inputs = Object.keys(output[1].inputs);
  const mod = (await import(pathToFileURL(path.resolve(output[0])).href)) as { run(): typeof out };
  out = mod.run();
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('carries no jsonschema', () => {
  expect(inputs.filter((f) => f.includes('node_modules/jsonschema/'))).toEqual([]);
  expect(inputs).toContain('lambdas/bundle/no-jsonschema.ts');
});

it('makes every entity and builds queries', () => {
  expect(out.names).toEqual(expect.arrayContaining(['document', 'user']));
  expect(out.query).toMatchObject({ TableName: 'table', IndexName: expect.any(String) });
});

it('still refuses a value outside an attribute of fixed values (ElectroDB checks values itself)', () => {
  expect(out.refused).toMatch(/Invalid value type at entity path: "kind"/);
});
