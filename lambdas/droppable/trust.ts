// The trust adapter behind the side-effect-free boundary (see pdf-lib.ts here): it brings node-forge's
// ASN.1 (registered at import) and the RFC 3161 and OCSP checks, which only the bundles whose handler
// calls trustServices() (lambdas/deps.ts) should carry.
export { createTrustServices } from '../adapters/trust';
