// Writes shared/i18n/server/api-errors.json: the error messages of every catalogue, per locale, for the
// public API's translated errors (shared/i18n/api-errors.ts says why). Run after changing an error
// message: `npx tsx scripts/api-error-messages.ts`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiErrorMessages } from '../test/support/api-error-messages';

const target = fileURLToPath(new URL('../shared/i18n/server/api-errors.json', import.meta.url));
writeFileSync(target, `${JSON.stringify(apiErrorMessages(), null, 2)}\n`);
console.log(`wrote ${target}`);
