// The sealing module (issue #6): pure functions over bytes, no AWS, no clock of their own.
export { sealPdf } from './seal';
export { certificatePdf } from './certificate';
export { createServiceSigner } from './signer';
export { SealError, type SealErrorCode } from './errors';
export { FONT_FILES, type FontFile } from './fonts';
export type * from './types';
