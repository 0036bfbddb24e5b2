// The sealing module behind the side-effect-free boundary (see pdf-lib.ts here): deps.ts wires
// sealPdf and certificatePdf into the seal and anchor jobs, and only the bundles whose handler calls
// sealDeps() or anchorDeps() keep pdf-lib, fontkit, qrcode and the CMS code.
export { certificatePdf, sealPdf } from '../sealing';
export { renewArchiveTimestamp, timestampFacts } from '../sealing/pades';
