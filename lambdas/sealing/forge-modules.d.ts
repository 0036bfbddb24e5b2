// node-forge's per-module files (lambdas/sealing/forge.ts): `lib/forge.js` is the shared object the
// others register on, typed as the whole library by @types/node-forge; the others are imported for
// their side effect only.
declare module 'node-forge/lib/forge.js' {
  import forge from 'node-forge';
  export default forge;
}
declare module 'node-forge/lib/pki.js';
declare module 'node-forge/lib/md.all.js';
