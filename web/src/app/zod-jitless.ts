// What `zod` resolves to in the SPA's build (web/vite.config.ts aliases it here): zod itself, with
// `jitless` set before any module can build a schema. zod 4 otherwise probes `new Function('')` when
// it builds its first object schema (to compile faster parsers); under the site's CSP (script-src
// 'self', no 'unsafe-eval': lib/constructs/web.ts in AWS, local/server.ts locally) the probe is refused
// and the browser reports a CSP violation on every page load, though zod catches the error (issue
// #13). An alias, not an import at the top of main.tsx: ES modules evaluate their dependencies first,
// so only a module every schema imports is sure to run before the schemas are built.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
