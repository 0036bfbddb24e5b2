// Module replacements made when the functions are bundled (esbuild `--alias`), in one place so that
// `AppFunction` and the bench's bundle analysis (bench/analyze.ts) bundle alike. Each entry says why;
// docs/performance.md has the measurements. A replacement path is relative to the project root, the
// folder esbuild runs in.

export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  // `@aws-sdk/s3-presigned-post` pins its own `@aws-sdk/client-s3`, which npm nests beside the
  // top-level one: a second S3 client (~77 KB) in every bundle that stores objects. An alias resolves
  // from the project root, so each bundle carries the top-level copy only.
  '@aws-sdk/client-s3': '@aws-sdk/client-s3',
  // The SDK's default credential chain (profiles, SSO, credential processes, web identity, with the
  // STS/SSO/sign-in clients they load: ~95 KB per bundle) → environment + container endpoint, the only
  // sources a Lambda function has (lambdas/bundle/lambda-credentials.ts).
  '@aws-sdk/credential-provider-node': './lambdas/bundle/lambda-credentials.ts',
  // fontkit's WOFF2 decoder: the `brotli` package's JavaScript Brotli with its dictionary as source
  // (486 KB in the seal and anchor bundles) → the same function over Node's zlib Brotli
  // (lambdas/bundle/brotli-decompress.ts; real-bundle test: test/cdk/sealing-bundle.test.ts).
  'brotli/decompress.js': './lambdas/bundle/brotli-decompress.ts',
  // pdf-lib's standard fonts (Helvetica & co.: metrics and encodings, 131 KB, inflated at import) →
  // their names only: the functions carrying pdf-lib (seal, anchor, complete-upload) never embed or
  // measure a standard font (why: lambdas/bundle/no-standard-fonts.ts; a function that must, cannot
  // be bundled with this; real-bundle test: test/cdk/sealing-bundle.test.ts).
  '@pdf-lib/standard-fonts': './lambdas/bundle/no-standard-fonts.ts',
  // ElectroDB's check of each entity model against a JSON Schema (`jsonschema`, 28 KB per bundle) →
  // a Validator that accepts: the models are constants that every unbundled test run checks (why:
  // lambdas/bundle/no-jsonschema.ts; real-bundle test: test/cdk/electrodb-bundle.test.ts).
  jsonschema: './lambdas/bundle/no-jsonschema.ts',
};

/** The aliases as `NodejsFunction` esbuild arguments (`--alias:from=to`). */
export function aliasArgs(
  aliases: Readonly<Record<string, string>> = BUNDLE_ALIASES,
): Record<string, string> {
  return Object.fromEntries(Object.entries(aliases).map(([from, to]) => [`--alias:${from}`, to]));
}
