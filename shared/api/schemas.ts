// API request/response schemas (zod) shared by the handlers (validation) and the SPA's API clients
// (typed fetchers). Every error response has the same envelope: `code` is a message key of the
// catalogues (the SPA translates it), `message` is English for logs and API clients.
//
// The schemas live in one module per area (./schemas/*), in a folder whose package.json declares its
// modules free of side effects: building a zod schema is a function call, which a bundler must keep
// wherever its module is imported, so one big module meant every Lambda built every schema at start
// (~14 ms of init). Split, a bundle keeps only the areas its handler uses (docs/performance.md).

export * from './schemas/envelopes';
export * from './schemas/accounts';
export * from './schemas/documents';
export * from './schemas/signing';
export * from './schemas/owner-signs';
export * from './schemas/videos';
export * from './schemas/templates';
export * from './schemas/bulk';
export * from './schemas/routing';
export * from './schemas/brand';
export * from './endpoints';
export * from './schemas/embed';
