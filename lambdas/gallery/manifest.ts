// Written by `npm run gallery:build` (lambdas/gallery/write-forms.ts): do not edit.
export const GALLERY_MANIFEST: Readonly<
  Record<string, { pageCount: number; fieldCount: number; sizeBytes: number; sha256: string }>
> = {
  'lease-en': {
    pageCount: 2,
    fieldCount: 20,
    sizeBytes: 19180,
    sha256: '3e1be8e9c5cf48f8a9f5819dca50d4930d72a328d2252860328a47642609f800',
  },
  'lease-jp': {
    pageCount: 2,
    fieldCount: 20,
    sizeBytes: 61356,
    sha256: '01f507568306054b2cc317cee556fda42ab9bd8e1740ef36bb1eb62cf39d74cd',
  },
  'lease-ko': {
    pageCount: 2,
    fieldCount: 20,
    sizeBytes: 34211,
    sha256: '158267f8d51ba7cc84557e7201a3a36033d18db658021fde076c2e868d96f7a2',
  },
  'purchase-en': {
    pageCount: 2,
    fieldCount: 21,
    sizeBytes: 19770,
    sha256: '7dcf5bfc7262dfa87eb5df607dafd66af247bae1783b2cea5a00728023a9a6ab',
  },
  'purchase-jp': {
    pageCount: 2,
    fieldCount: 21,
    sizeBytes: 55674,
    sha256: 'e3ba277430569f6adadec9161b5a2d29b9e8f6412629c5abbf1a3d6ea8fbc6d6',
  },
  'purchase-ko': {
    pageCount: 2,
    fieldCount: 21,
    sizeBytes: 33237,
    sha256: '341c6cddccfcb2c285288a9bdfc363e59fd04a527a8a96eb12262a805d4c39c8',
  },
  'disclosure-en': {
    pageCount: 2,
    fieldCount: 21,
    sizeBytes: 25859,
    sha256: 'ffc1faf7a37907b183d4c8364cb29c7ebca07d7e697b643517c98ed68ec9bfb3',
  },
  'disclosure-jp': {
    pageCount: 2,
    fieldCount: 21,
    sizeBytes: 59032,
    sha256: '924a0b0ac3241187172cee954d48c3fa605797cc819af0c7d0a3614b21d92aff',
  },
  'disclosure-ko': {
    pageCount: 2,
    fieldCount: 21,
    sizeBytes: 37941,
    sha256: '28fc8c0597dc915ae0c4efff0c6ffca967e6db7459edcfd33b2af3ce605552b7',
  },
};
