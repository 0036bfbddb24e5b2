// qrcode's encoder alone (lambdas/sealing/typeset.ts): `create` of the package's main module, which
// @types/qrcode describes, from the file that defines it.
declare module 'qrcode/lib/core/qrcode.js' {
  import type { QRCode, QRCodeOptions } from 'qrcode';
  const core: { create(text: string, options?: QRCodeOptions): QRCode };
  export default core;
}
