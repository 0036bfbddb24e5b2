// The house rules of the import graph (issue #26, docs/architecture.md "Rooms and the direction of
// their dependencies"): no cycle, and no import that climbs the wrong way. `npm run lint` runs it, so
// CI fails on a new cycle or an upward arrow. Type-only imports are erased at build time and are not
// counted in cycles.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties modules together: move what both need into a shared module below them.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-is-the-floor',
      severity: 'error',
      comment:
        'shared/ (domain rules, schemas, catalogues) is read by the server and the SPA alike: it imports neither.',
      from: { path: '^shared/' },
      to: { path: '^(lambdas|web|lib|local|bench|test|bin)/' },
    },
    {
      name: 'lambdas-below-infrastructure',
      severity: 'error',
      comment:
        'The handlers run in Lambda and locally: they never import the CDK app, the local cloud or the SPA.',
      from: { path: '^lambdas/' },
      to: { path: '^(lib|local|web|bench|test|bin)/' },
    },
    {
      name: 'web-talks-http-only',
      severity: 'error',
      comment: 'The SPA reaches the server over HTTP: it shares shared/, never server code.',
      from: { path: '^web/' },
      to: { path: '^(lambdas|lib|local|bench|test|bin)/' },
    },
    {
      name: 'use-cases-below-entry-points',
      severity: 'error',
      comment: 'Handlers and workers call use cases; a use case never imports an entry point.',
      from: { path: '^lambdas/(usecases|adapters|core|sealing|chain)/' },
      to: { path: '^lambdas/(handlers|workers)/' },
    },
    {
      name: 'use-cases-through-ports',
      severity: 'error',
      comment:
        'Use cases depend on ports (lambdas/ports.ts); adapters implement them and never call use cases.',
      from: { path: '^lambdas/adapters/' },
      to: { path: '^lambdas/usecases/' },
    },
    {
      name: 'infrastructure-not-in-the-product',
      severity: 'error',
      comment:
        'The CDK app may read the handlers, the local cloud may run them; neither is imported by the other.',
      from: { path: '^lib/' },
      to: { path: '^(local|web/src|bench|test)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|cdk\\.out|\\.local|\\.test-cloud|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
