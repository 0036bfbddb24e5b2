// libphonenumber-js behind a module boundary that esbuild may drop. The library runs code at import
// time, so a bundler keeps it (about 120 KB minified with its metadata) wherever a module imports it,
// even where nothing calls it — e.g. every Lambda whose use case module imports shared/domain/contact.ts
// for its e-mail helpers only. This folder's package.json declares its modules free of side effects:
// a bundle keeps the library only when its code really parses a phone number. Same idea as
// lambdas/droppable/pdf-lib.ts (docs/performance.md, cold start).
export { parsePhoneNumberFromString } from 'libphonenumber-js';
export type { CountryCode } from 'libphonenumber-js';
